import { LangMessage, LangMessages } from 'aiwrapper';
import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import {
  addAssistantToolCalls,
  addToolCallsAndResults,
} from '../../src/aiwrapper/lang-messages-tool-calls.js';
import { callIdsOf } from '../helpers/lang-messages.js';

/** Ids users write come from the same small pool the helpers' generator cycles through. */
const POOL = 8;
const poolId = fc.nat({ max: POOL - 1 }).map((n) => `id${String(n)}`);

/**
 * Cycles through the pool, with an id outside it after each full cycle, so it never runs out; the
 * helpers skip ids in use, so only a stale index can make them repeat one.
 */
function cyclingIds(): () => string {
  let next = 0;
  return () => {
    const attempt = next++;
    return attempt % (POOL + 1) === POOL
      ? `fresh${String(attempt)}`
      : `id${String(attempt % (POOL + 1))}`;
  };
}

/**
 * One change the user makes between two helper calls, by aiwrapper's means or the array's. (Two
 * changes that cancel out in length and leave the last message in place, or a replacement by as
 * many messages inside the collection, are what the index does not notice: see takenCallIds.)
 */
const edit = fc.oneof(
  fc.constant({ kind: 'none' as const }),
  fc.record({ kind: fc.constant('push' as const), id: poolId }),
  fc.constant({ kind: 'user' as const }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), id: poolId }),
  fc.record({
    kind: fc.constant('remove' as const),
    at: fc.nat(),
    count: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ kind: fc.constant('truncate' as const), length: fc.nat({ max: 12 }) }),
);

const step = fc.record({
  edit,
  count: fc.integer({ min: 1, max: 2 }),
  withResults: fc.boolean(),
});

type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

const callTurn = (callId: string): LangMessage =>
  new LangMessage('assistant', [{ type: 'tool', callId, name: 'f', arguments: {} }]);

function apply(messages: LangMessages, change: Step['edit']): void {
  switch (change.kind) {
    case 'none':
      return;
    case 'push':
      messages.push(callTurn(change.id));
      return;
    case 'user':
      messages.addUserMessage('more');
      return;
    case 'insert':
      messages.splice(change.at % (messages.length + 1), 0, callTurn(change.id));
      return;
    case 'remove':
      messages.splice(change.at % (messages.length + 1), change.count);
      return;
    case 'truncate':
      messages.length = Math.min(change.length, messages.length);
      return;
  }
}

test.prop([fc.array(step, { maxLength: 30 })])(
  'a generated id is never one the collection uses, after appends, insertions, removals and truncation',
  (steps: Step[]) => {
    const messages = new LangMessages('start');
    const generateId = cyclingIds();
    steps.forEach(({ edit: change, count, withResults }, round) => {
      apply(messages, change);
      const before = new Set(callIdsOf(messages));
      const length = messages.length;
      // Distinct arguments: the helpers never take these calls for the latest turn's own.
      const tools = Array.from({ length: count }, (_, index) => ({
        name: 'f',
        arguments: { round, index },
      }));
      if (withResults) addToolCallsAndResults(messages, tools, [{ result: 'r' }], { generateId });
      else addAssistantToolCalls(messages, tools, { generateId });
      const ids = messages[length]?.toolRequests.map((item) => item.callId) ?? [];
      expect(ids).toHaveLength(count);
      for (const id of ids) expect(before.has(id)).toBe(false);
    });
  },
);
