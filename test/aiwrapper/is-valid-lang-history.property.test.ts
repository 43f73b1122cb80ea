import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { isValidLangHistory } from '../../src/aiwrapper/is-valid-lang-history.js';
import { isToolHistoryError } from '../../src/errors/tool-history-error.js';
import { inspectHistory } from '../../src/validate/inspect-history.js';
import {
  arbitraryAiwrapperMessages,
  arbitraryValidAiwrapperMessages,
} from '../arbitraries/aiwrapper-history.js';
import { nearlyAnswered } from '../arbitraries/nearly-answered.js';

/** The full validator's verdict: valid, invalid, or a message not of aiwrapper's shape. */
function fullVerdict(messages: unknown): boolean {
  try {
    return inspectHistory(messages as readonly unknown[], 'aiwrapper').result.ok;
  } catch (error) {
    if (isToolHistoryError(error) && error.code === 'invalid-input') return false;
    throw error;
  }
}

const fromNeutral = arbitraryAiwrapperMessages;

// Few ids, so they repeat within and across turns; '' is an id no call may have.
const id = fc.constantFrom('a', 'b', 'c', '');
const item = fc.oneof(
  { arbitrary: fc.constant({ type: 'text', text: 'hi' }), weight: 2 },
  {
    arbitrary: id.map((callId) => ({ type: 'tool', callId, name: 'f', arguments: {} })),
    weight: 4,
  },
  { arbitrary: id.map((callId) => ({ type: 'tool-result', callId, name: 'f' })), weight: 4 },
  // Not of aiwrapper's shape: the validator throws.
  fc.constantFrom<unknown>(null, 'text', { callId: 'a' }, { type: 'tool', callId: 7 }, [], {
    type: 'tool-result',
  }),
);
const rawMessage = fc.oneof(
  {
    arbitrary: fc.record({
      role: fc.constantFrom('user', 'assistant', 'tool-results'),
      items: fc.array(item, { maxLength: 4 }),
    }),
    weight: 12,
  },
  // A turn of more calls than the validator scans pairwise, some of them repeated.
  {
    arbitrary: fc.record({
      role: fc.constant('assistant'),
      items: fc.tuple(fc.integer({ min: 17, max: 24 }), fc.boolean()).map(([count, repeat]) =>
        Array.from({ length: count }, (_, index) => ({
          type: 'tool',
          callId: repeat && index === count - 1 ? 'k0' : `k${String(index)}`,
          name: 'f',
          arguments: {},
        })),
      ),
    }),
    weight: 1,
  },
  fc.constantFrom<unknown>(null, 1, [], { role: 'system', items: [] }, { role: 'user' }),
);

/**
 * Turns whose results answer their calls, or nearly: calls with ids from a small pool (repeats
 * and empty ids included), answered in any order, some twice, some not, with a stranger now and
 * then, over one or two results messages; text items among them; turns of up to 24 calls.
 */
const pairedTurn = fc
  .record({
    calls: fc.oneof(
      { arbitrary: fc.array(fc.constantFrom('a', 'b', 'c', ''), { maxLength: 4 }), weight: 4 },
      {
        arbitrary: fc
          .tuple(fc.integer({ min: 15, max: 24 }), fc.nat(26))
          .map(([count, repeat]) =>
            Array.from({ length: count }, (_, index) =>
              index === repeat ? 'k0' : `k${String(index)}`,
            ),
          ),
        weight: 2,
      },
    ),
    seed: fc.nat(),
    // Each about one time in six: a call unanswered, one answered twice, a result of no call.
    drop: fc.nat(5),
    twice: fc.nat(5),
    stranger: fc.nat(5),
    split: fc.nat(3),
    text: fc.boolean(),
    user: fc.boolean(),
  })
  .map(({ calls: ids, seed, split, text, user, ...damage }) => {
    const calls: readonly string[] = ids;
    // In call order half the time: the order the check reads without a set.
    const answers = nearlyAnswered(calls, { seed, ...damage });
    const textItem = { type: 'text', text: 'x' };
    const assistant = {
      role: 'assistant',
      items: [
        ...(text ? [textItem] : []),
        ...calls.map((callId) => ({ type: 'tool', callId, name: 'f', arguments: {} })),
      ],
    };
    const results = answers.map((callId) => ({ type: 'tool-result', callId, name: 'f' }));
    const at = Math.min(split, results.length);
    const resultMessages =
      split === 0
        ? [{ role: 'tool-results', items: results }]
        : [
            { role: 'tool-results', items: results.slice(0, at) },
            { role: 'tool-results', items: [...(text ? [textItem] : []), ...results.slice(at)] },
          ];
    return [
      ...(user ? [{ role: 'user', items: [textItem] }] : []),
      assistant,
      ...(results.length === 0 && seed % 2 === 0 ? [] : resultMessages),
    ];
  });
const pairedTurns = fc
  .array(pairedTurn, { minLength: 1, maxLength: 3 })
  .map((turns) => turns.flat() as unknown[]);

/** A valid history turned around: results out of call order, results split over messages. */
const reordered = arbitraryValidAiwrapperMessages.chain((messages) =>
  fc.array(fc.nat(), { minLength: messages.length, maxLength: messages.length }).map((seeds) =>
    messages.flatMap((message, index): unknown[] => {
      const { role, items } = message as { readonly role: string; readonly items: unknown[] };
      if (role !== 'tool-results' || items.length < 2) return [message];
      const seed = seeds[index] ?? 0;
      const turned = [...items.slice(seed % items.length), ...items.slice(0, seed % items.length)];
      return seed % 2 === 0
        ? [{ role, items: turned }]
        : [
            { role, items: turned.slice(0, 1) },
            { role, items: turned.slice(1) },
          ];
    }),
  ),
);

test.prop([fc.oneof(fromNeutral, reordered, pairedTurns, fc.array(rawMessage, { maxLength: 10 }))])(
  'isValidLangHistory gives the verdict of the full aiwrapper validator',
  (messages) => {
    expect(isValidLangHistory(messages)).toBe(fullVerdict(messages));
  },
);

test.prop([fc.oneof(fromNeutral, reordered, pairedTurns)])(
  'isValidLangHistory finds valid histories valid, for every shape the writer makes',
  (messages) => {
    fc.pre(fullVerdict(messages));
    expect(isValidLangHistory(messages)).toBe(true);
  },
);

test.prop([pairedTurns])(
  'isValidLangHistory gives the verdict of the full validator on turns that nearly pair',
  (messages) => {
    expect(isValidLangHistory(messages)).toBe(fullVerdict(messages));
  },
);
