import { LangMessage, LangMessages, type LangMessageItem } from 'aiwrapper';
import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { everyResultAnswered } from '../../src/aiwrapper/every-result-answered.js';
import { repairCollection } from '../../src/aiwrapper/repair-lang-messages.js';
import { MESSAGE_FORMATS } from '../../src/core/format.js';
import type { HistoryMessage } from '../../src/core/history.js';
import { pairToolTurns } from '../../src/core/pair-tool-turns.js';
import { toTurnEntries } from '../../src/core/to-turn-entries.js';
import { isToolHistoryError } from '../../src/errors/tool-history-error.js';
import { fromAiwrapper } from '../../src/formats/aiwrapper/from-aiwrapper.js';
import { arbitraryAiwrapperMessages } from '../arbitraries/aiwrapper-history.js';
import { nearlyAnswered } from '../arbitraries/nearly-answered.js';

/**
 * The pairing the `add-missing-calls` preset runs (turn scope): true when it finds no result
 * without its call; `undefined` when the messages are not of the shape the reader reads, or hold
 * an empty call id (which the walk leaves to the full pass).
 */
function pairingFindsNoOrphan(messages: readonly unknown[]): boolean | undefined {
  let history: HistoryMessage[];
  const emptyId = (part: object): boolean => 'callId' in part && part.callId === '';
  try {
    history = fromAiwrapper(messages).messages;
  } catch (error) {
    if (isToolHistoryError(error) && error.code === 'invalid-input') return undefined;
    throw error;
  }
  if (
    history.some((message) =>
      message.role === 'tool'
        ? message.results.some(emptyId)
        : message.role === 'assistant' && message.parts.some(emptyId),
    )
  )
    return undefined;
  const { results } = pairToolTurns(toTurnEntries(history), { scope: 'turn' });
  return results.every((result) => result.call !== undefined);
}

/** The fixes the `autoAssistantToolCalls` repair makes for `provider`, or `undefined` when it refuses the messages. */
function synthesisFixes(
  messages: readonly unknown[],
  provider: (typeof MESSAGE_FORMATS)[number],
  leaveThrough: number,
): number | undefined {
  const collection = new LangMessages(messages as LangMessage[]);
  try {
    return repairCollection(collection, { provider, preset: 'add-missing-calls', leaveThrough })
      .fixes.length;
  } catch (error) {
    if (isToolHistoryError(error) && error.code === 'invalid-input') return undefined;
    throw error;
  }
}

const fromNeutral = arbitraryAiwrapperMessages;

const call = (callId: string): LangMessageItem => ({
  type: 'tool',
  callId,
  name: 'f',
  arguments: {},
});
const result = (callId: string): LangMessageItem => ({
  type: 'tool-result',
  callId,
  name: 'f',
  result: 1,
});
const text: LangMessageItem = { type: 'text', text: 'x' };

/**
 * A call turn and its results, or nearly: ids from a small pool (repeated within the turn), turns
 * of up to 80 calls (past the walk's scan limit), answered in call order or not, a call
 * unanswered, one answered twice, a result of no call, over one to three results messages, with
 * text among the calls; now and then no call turn, or an answer or question between.
 */
const nearlyPairedTurn = fc
  .record({
    calls: fc.oneof(
      { arbitrary: fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 5 }), weight: 5 },
      {
        arbitrary: fc
          .tuple(fc.integer({ min: 60, max: 80 }), fc.nat(90))
          .map(([count, repeat]) =>
            Array.from({ length: count }, (_, index) =>
              index === repeat ? 'k0' : `k${String(index)}`,
            ),
          ),
        weight: 1,
      },
    ),
    seed: fc.nat(),
    drop: fc.nat(5),
    twice: fc.nat(5),
    stranger: fc.nat(5),
    split: fc.nat(2),
    between: fc.nat(9),
    text: fc.boolean(),
  })
  .map(({ calls: pool, seed, split, between, text: withText, ...damage }) => {
    const calls: readonly string[] = pool;
    const items = nearlyAnswered(calls, { seed, ...damage }).map(result);
    const parts =
      split === 0
        ? [items]
        : [items.slice(0, seed % (items.length + 1)), items.slice(seed % (items.length + 1))];
    const turn: LangMessage[] = [];
    // About one turn in ten has no call turn; one in ten an answer, one a question, between.
    if (between !== 0)
      turn.push(new LangMessage('assistant', [...(withText ? [text] : []), ...calls.map(call)]));
    if (between === 1) turn.push(new LangMessage('assistant', 'Done.'));
    if (between === 2) turn.push(new LangMessage('user', 'And?'));
    for (const part of parts) turn.push(new LangMessage('tool-results', part));
    return turn;
  });

const nearlyPaired = fc
  .tuple(
    fc.array(nearlyPairedTurn, { minLength: 1, maxLength: 4 }),
    fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
  )
  .map(([turns, questions]) =>
    turns.flatMap((turn, index) =>
      questions[index] === true ? [new LangMessage('user', 'Go.'), ...turn] : turn,
    ),
  );

// Not of aiwrapper's shape, among well-formed messages: the walk may say false, never hide an orphan.
const malformed = fc.constantFrom<unknown>(
  null,
  1,
  { role: 'system', items: [] },
  { role: 'user' },
  { role: 'assistant', items: [null] },
  { role: 'assistant', items: [{ type: 'tool', callId: '' }] },
  { role: 'tool-results', items: [text] },
  { role: 'tool-results', items: [{ type: 'tool-result', callId: 7 }] },
  { role: 'tool-results', items: 'x' },
);
const withMalformed = fc
  .tuple(nearlyPaired, malformed, fc.nat())
  .map(([messages, odd, at]): unknown[] => {
    const copy: unknown[] = messages.slice();
    copy.splice(at % (copy.length + 1), 0, odd);
    return copy;
  });

test.prop([fc.oneof(fromNeutral, nearlyPaired)])(
  'everyResultAnswered gives the verdict of the pairing add-missing-calls runs',
  (messages) => {
    const verdict = pairingFindsNoOrphan(messages);
    fc.pre(verdict !== undefined);
    expect(everyResultAnswered(messages)).toBe(verdict);
  },
);

test.prop([fc.oneof(fromNeutral, nearlyPaired, withMalformed), fc.integer({ min: -1, max: 8 })])(
  'where everyResultAnswered clears a collection, the repair it stands in for synthesizes nothing, for every provider',
  (messages, leaveThrough) => {
    fc.pre(everyResultAnswered(messages, leaveThrough));
    for (const provider of MESSAGE_FORMATS) {
      const fixes = synthesisFixes(messages, provider, leaveThrough);
      // `undefined`: the repair refuses a message not of aiwrapper's shape, which the walk did not read.
      if (fixes !== undefined) expect({ provider, fixes }).toEqual({ provider, fixes: 0 });
    }
  },
);
