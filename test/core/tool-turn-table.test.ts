import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { ToolTurnTable } from '../../src/core/tool-turn-table.js';

type Entry = { readonly kind: 'calls' | 'results'; readonly ids: readonly string[] } | 'other';

const entry: fc.Arbitrary<Entry> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('calls' as const, 'results' as const),
    ids: fc.array(fc.constantFrom('a', 'b', ''), { maxLength: 5 }),
  }),
  fc.constant('other' as const),
);

describe('ToolTurnTable', () => {
  // Sized for fewer messages or sites than it gets, it grows and keeps every turn and site.
  test.prop([fc.array(entry, { maxLength: 40 }), fc.nat(40)])(
    'holds every turn and site whatever it was sized for',
    (entries, size) => {
      const table = new ToolTurnTable(size);
      entries.forEach((current, turn) => {
        if (current === 'other') {
          table.other(3 * turn);
          return;
        }
        table.begin(3 * turn, current.kind);
        current.ids.forEach((callId, position) => {
          table.add(callId, position);
        });
        table.end();
      });
      expect(table.count).toBe(entries.length);
      const sites = entries.flatMap((current, turn) =>
        current === 'other'
          ? []
          : current.ids.map((callId, partIndex) => ({ callId, messageIndex: 3 * turn, partIndex })),
      );
      expect(table.sites).toBe(sites.length);
      expect(Array.from({ length: table.sites }, (_, slot) => table.siteAt(slot))).toEqual(sites);
      entries.forEach((current, turn) => {
        const ids = current === 'other' ? [] : current.ids;
        expect(table.idsOf(turn)).toEqual(ids);
        expect(table.isCalls(turn)).toBe(
          current !== 'other' && current.kind === 'calls' && ids.length > 0,
        );
        expect(table.messageIndexes[turn]).toBe(3 * turn);
      });
    },
  );

  test('keeps every id of a history past one chunk of ids', () => {
    const table = new ToolTurnTable(4);
    for (let turn = 0; turn < 3000; turn++) {
      table.begin(turn, turn % 2 === 0 ? 'calls' : 'results');
      for (let part = 0; part < 3; part++) table.add(`id-${String(3 * turn + part)}`, part);
      table.end();
    }
    expect(table.sites).toBe(9000);
    for (const slot of [0, 4095, 4096, 8191, 8192, 8999])
      expect(table.idAt(slot)).toBe(`id-${String(slot)}`);
    expect(table.idsIn(4094, 4098)).toEqual(['id-4094', 'id-4095', 'id-4096', 'id-4097']);
    expect(table.idsOf(1365)).toEqual(['id-4095', 'id-4096', 'id-4097']);
  });
});
