import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { pairFlatTurnEntries, RESULTS_ENTRY } from '../../src/core/pair-tool-turns.js';
import { ToolTurnTable } from '../../src/core/tool-turn-table.js';
import { clashingOrphanIds } from '../../src/repair/orphan-ids.js';

/** A turn: calls, results or other, with ids from a small alphabet so that they repeat. */
const turn = fc.record({
  kind: fc.constantFrom<'calls' | 'results' | 'other'>('calls', 'results', 'other'),
  ids: fc.array(fc.constantFrom('a', 'b', 'c', 'call_1', 'call_2', 'é', ''), { maxLength: 3 }),
});

describe('clashingOrphanIds', () => {
  test.prop([
    fc.array(turn, { maxLength: 12 }),
    fc.constantFrom('turn' as const, 'conversation' as const),
  ])('names exactly the orphan ids another site has too', (turns, scope) => {
    const table = new ToolTurnTable();
    turns.forEach(({ kind, ids }, index) => {
      if (kind === 'other' || ids.length === 0) {
        table.other(index);
        return;
      }
      table.begin(index, kind);
      ids.forEach((id, position) => {
        table.add(id, position);
      });
      table.end();
    });
    const { match } = pairFlatTurnEntries(table, scope);
    const orphan = (slot: number): boolean =>
      table.kinds[table.siteTurns[slot] ?? 0] === RESULTS_ENTRY && match[slot] === -1;
    const expected = new Set<string>();
    table.ids.forEach((id, slot) => {
      if (!orphan(slot)) return;
      if (table.ids.some((other, at) => at !== slot && other === id)) expected.add(id);
    });
    expect(clashingOrphanIds(table, match)).toEqual(expected);
  });
});
