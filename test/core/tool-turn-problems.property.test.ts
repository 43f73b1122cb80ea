import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  findToolTurnProblems,
  type FindToolTurnProblemsOptions,
  type ToolTurnProblem,
} from '../../src/core/pair-tool-turns.js';
import { ToolTurnTable } from '../../src/core/tool-turn-table.js';

type Entry = { readonly kind: 'calls' | 'results'; readonly ids: readonly string[] } | 'other';

const id = fc.constantFrom('a', 'b', 'c', 'd', 'e');
const entry: fc.Arbitrary<Entry> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('calls' as const, 'results' as const),
    ids: fc.array(id, { minLength: 1, maxLength: 3 }),
  }),
  fc.constant('other' as const),
);
const options: fc.Arbitrary<FindToolTurnProblemsOptions> = fc.oneof(
  fc.record({
    scope: fc.constant('turn' as const),
    uniqueCallIds: fc.constantFrom('turn' as const, 'conversation' as const),
    mergeCallTurns: fc.boolean(),
  }),
  fc.record({
    scope: fc.constant('conversation' as const),
    uniqueCallIds: fc.constant('conversation' as const),
  }),
);

/** A table as validators fill it: one turn per message, message `2 * turn` (indexes need not be dense). */
function tableOf(entries: readonly Entry[]): ToolTurnTable {
  const table = new ToolTurnTable();
  entries.forEach((current, turn) => {
    if (current === 'other') {
      table.other(2 * turn);
      return;
    }
    table.begin(2 * turn, current.kind);
    current.ids.forEach((callId, position) => {
      table.add(callId, position);
    });
    table.end();
  });
  return table;
}

function indexOf(problem: ToolTurnProblem): number {
  switch (problem.kind) {
    case 'missing':
      return problem.turnMessageIndex;
    case 'duplicate-call':
      return problem.call.messageIndex;
    default:
      return problem.result.messageIndex;
  }
}

// Call turns of up to 12 calls: short turns and long ones are checked for repeated ids differently.
const wideEntry: fc.Arbitrary<Entry> = fc.oneof(
  entry,
  fc.record({ kind: fc.constant('calls' as const), ids: fc.array(id, { maxLength: 12 }) }),
);

describe('findToolTurnProblems', () => {
  test.prop([fc.array(entry, { maxLength: 30 }), options])(
    'returns the problems in message order',
    (entries, chosen) => {
      const indexes = findToolTurnProblems(tableOf(entries), chosen).map(indexOf);
      expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
    },
  );

  test.prop([fc.array(wideEntry, { maxLength: 20 }), options])(
    'names each call repeating an earlier id of its turn (or of the history) a duplicate of the first',
    (entries, chosen) => {
      const expected: string[] = [];
      const seen = new Map<string, string>();
      entries.forEach((current, turn) => {
        if (current === 'other' || current.kind !== 'calls') return;
        if (chosen.uniqueCallIds === 'turn') seen.clear();
        current.ids.forEach((callId, position) => {
          const site = `${String(2 * turn)}:${String(position)}`;
          const first = seen.get(callId);
          if (first === undefined) seen.set(callId, site);
          else expected.push(`${site} repeats ${first}`);
        });
      });
      const named = findToolTurnProblems(tableOf(entries), chosen).flatMap((problem) =>
        problem.kind === 'duplicate-call'
          ? [
              `${String(problem.call.messageIndex)}:${String(problem.call.partIndex)} repeats ${String(problem.first.messageIndex)}:${String(problem.first.partIndex)}`,
            ]
          : [],
      );
      expect(named).toEqual(expected);
    },
  );

  test.prop([fc.array(entry, { maxLength: 30 }), options])(
    'names every unpaired result once, and every unanswered call once, in its turn',
    (entries, chosen) => {
      const table = tableOf(entries);
      const problems = findToolTurnProblems(table, chosen);
      const match = table.pairing?.match ?? new Int32Array();
      const expected = { results: [] as string[], calls: [] as string[] };
      for (let slot = 0; slot < table.sites; slot++) {
        if (match[slot] !== -1) continue;
        const site = `${String(table.messageIndexOf(slot))}:${String(table.partIndexes[slot])}`;
        if (table.isCalls(table.siteTurns[slot] ?? -1)) expected.calls.push(site);
        else expected.results.push(site);
      }
      const named = { results: [] as string[], calls: [] as string[] };
      for (const problem of problems) {
        if (problem.kind === 'missing') {
          const end = table.starts[problem.turn + 1] ?? 0;
          const ids: string[] = [];
          for (let slot = table.starts[problem.turn] ?? 0; slot < end; slot++) {
            if (match[slot] !== -1) continue;
            ids.push(table.idAt(slot));
            named.calls.push(
              `${String(table.messageIndexOf(slot))}:${String(table.partIndexes[slot])}`,
            );
          }
          expect(problem.callIds).toEqual(ids);
          expect(problem.turnMessageIndex).toBe(table.messageIndexes[problem.turn]);
        } else if (problem.kind !== 'duplicate-call')
          named.results.push(
            `${String(problem.result.messageIndex)}:${String(problem.result.partIndex)}`,
          );
      }
      expect(named).toEqual(expected);
    },
  );
});
