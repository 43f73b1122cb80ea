import { fc } from '@fast-check/vitest';
import type { OpenAIChatMessage } from '../../src/formats/openai-chat/openai-chat-types.js';

const name = fc.constantFrom('get_weather', 'now', 'search');
const id = fc.oneof(
  fc.constantFrom('exec_0', 'call_1', 'x'),
  fc.stringMatching(/^call_[a-z0-9]{1,6}$/),
);

/** A valid round: user, an assistant turn of unique-id calls, every result in any order, an answer. */
const validRound: fc.Arbitrary<OpenAIChatMessage[]> = fc
  .uniqueArray(fc.record({ id, name, city: fc.string({ maxLength: 4 }) }), {
    minLength: 1,
    maxLength: 3,
    selector: (call) => call.id,
  })
  .chain((calls) =>
    fc.tuple(fc.constant(calls), fc.shuffledSubarray(calls, { minLength: calls.length })),
  )
  .map(([calls, order]): OpenAIChatMessage[] => [
    { role: 'user', content: 'go' },
    {
      role: 'assistant',
      content: null,
      tool_calls: calls.map((call) => ({
        id: call.id,
        type: 'function',
        function: { name: call.name, arguments: JSON.stringify({ city: call.city }) },
      })),
    },
    ...order.map((call): OpenAIChatMessage => ({
      role: 'tool',
      tool_call_id: call.id,
      content: `result of ${call.id}`,
    })),
    { role: 'assistant', content: 'ok' },
  ]);

/** An orphan tool message: an unknown, empty, or already answered id; with or without `name`. */
const orphan: fc.Arbitrary<OpenAIChatMessage> = fc
  .record({
    id: fc.oneof(id, fc.constant('')),
    name: fc.option(name, { nil: undefined }),
    content: fc.string({ maxLength: 6 }),
  })
  .map(({ id: toolCallId, name: toolName, content }) => ({
    role: 'tool',
    tool_call_id: toolCallId,
    content: `orphan ${content}`,
    ...(toolName === undefined ? {} : { name: toolName }),
  }));

/**
 * A history whose only problems are orphan tool messages: valid rounds with orphans inserted
 * anywhere (at the start as after trimming, inside a run of results, after text).
 */
export const arbitraryHistoryWithOrphans: fc.Arbitrary<OpenAIChatMessage[]> = fc
  .tuple(
    fc.array(validRound, { maxLength: 4 }),
    fc.array(fc.tuple(orphan, fc.nat()), { maxLength: 4 }),
  )
  .map(([rounds, orphans]) => {
    const messages: OpenAIChatMessage[] = [
      { role: 'system', content: 'be brief' },
      ...rounds.flat(),
    ];
    for (const [message, at] of orphans) messages.splice(at % (messages.length + 1), 0, message);
    return messages;
  });
