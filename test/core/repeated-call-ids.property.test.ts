import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { hasRepeatedCallId } from '../../src/core/repeated-call-ids.js';
import { ToolTurnTable } from '../../src/core/tool-turn-table.js';

type Entry = { readonly kind: 'calls' | 'results'; readonly ids: readonly string[] } | 'other';

function tableOf(entries: readonly Entry[]): ToolTurnTable {
  const table = new ToolTurnTable();
  entries.forEach((entry, index) => {
    if (entry === 'other') {
      table.other(index);
      return;
    }
    table.begin(index, entry.kind);
    entry.ids.forEach((callId, position) => {
      table.add(callId, position);
    });
    table.end();
  });
  return table;
}

function repeatsBySet(entries: readonly Entry[]): boolean {
  const ids = entries.flatMap((entry) =>
    entry !== 'other' && entry.kind === 'calls' ? entry.ids : [],
  );
  return new Set(ids).size !== ids.length;
}

// Long ids alike but for one character in the middle: the hash reads few characters there, so
// these collide and exercise the probe budget and the fallback.
const lookAlike = fc
  .integer({ min: 0, max: 40 })
  .map((n) => `toolu_01${'x'.repeat(20)}${String.fromCharCode(65 + n)}${'y'.repeat(30)}`);
const id = fc.oneof(fc.constantFrom('', 'a', 'b', 'call_1', 'call_2'), fc.string(), lookAlike);
const entry: fc.Arbitrary<Entry> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('calls' as const, 'results' as const),
    ids: fc.array(id, { minLength: 1, maxLength: 6 }),
  }),
  fc.constant('other' as const),
);

describe('hasRepeatedCallId', () => {
  test.prop([fc.array(entry, { maxLength: 40 })])(
    'says whether two calls share an id, as a set of the call ids does',
    (entries) => {
      expect(hasRepeatedCallId(tableOf(entries))).toBe(repeatsBySet(entries));
    },
  );

  it('tells thousands of ids apart that its hash cannot (the fallback), and finds their one repeat', () => {
    const ids = Array.from(
      { length: 3000 },
      (_, n) => `toolu_${'x'.repeat(30)}${String(n).padStart(4, '0')}${'y'.repeat(30)}`,
    );
    const unique: Entry[] = ids.map((callId) => ({ kind: 'calls', ids: [callId] }));
    expect(hasRepeatedCallId(tableOf(unique))).toBe(false);
    expect(hasRepeatedCallId(tableOf([...unique, { kind: 'calls', ids: [ids[1234] ?? ''] }]))).toBe(
      true,
    );
  });

  it('ignores results that repeat a call id', () => {
    expect(
      hasRepeatedCallId(
        tableOf([
          { kind: 'calls', ids: ['a', 'b'] },
          { kind: 'results', ids: ['a', 'a', 'b'] },
        ]),
      ),
    ).toBe(false);
  });
});
