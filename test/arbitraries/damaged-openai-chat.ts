import { fc } from '@fast-check/vitest';

/** A Chat Completions message as the damage below sees it: any JSON object. */
export type LooseMessage = Record<string, unknown>;

/**
 * Ids of the shapes hosts disagree on: OpenAI's `call_…` (≤ 40), Kimi's `exec_0` repeated across
 * turns, DeepSeek's 43-character `call_0_<uuid>` (OpenAI refuses it, DeepSeek accepts it).
 */
const id = fc.oneof(
  fc.constantFrom('exec_0', 'call_1', 'call_0_3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c'),
  fc.stringMatching(/^call_[a-z0-9]{1,6}$/),
);
const name = fc.constantFrom('get_weather', 'now', 'search');

/** A valid round: user, an assistant turn of unique-id calls (content null or ""), every result in any order, an answer. */
const validRound: fc.Arbitrary<LooseMessage[]> = fc
  .record({
    calls: fc.uniqueArray(fc.record({ id, name, city: fc.string({ maxLength: 3 }) }), {
      minLength: 1,
      maxLength: 3,
      selector: (call) => call.id,
    }),
    content: fc.constantFrom(null, ''),
    reasoning: fc.option(fc.string({ maxLength: 4 }), { nil: undefined }),
  })
  .chain((round) =>
    fc.tuple(
      fc.constant(round),
      fc.shuffledSubarray(round.calls, { minLength: round.calls.length }),
    ),
  )
  .map(([{ calls, content, reasoning }, order]): LooseMessage[] => [
    { role: 'user', content: 'go' },
    {
      role: 'assistant',
      content,
      tool_calls: calls.map((call) => ({
        id: call.id,
        type: 'function',
        function: { name: call.name, arguments: JSON.stringify({ city: call.city }) },
      })),
      ...(reasoning === undefined ? {} : { reasoning_content: reasoning }),
    },
    ...order.map((call) => ({ role: 'tool', tool_call_id: call.id, content: `result` })),
    { role: 'assistant', content: 'ok' },
  ]);

/** The kinds of damage issue #13 names for Chat Completions, plus the classic pairing ones. */
export const DAMAGE_KINDS = [
  'object-arguments',
  'empty-tool-calls',
  'missing-tool-call-id',
  'null-content',
  'empty-name',
  'duplicate-result',
  'drop-result',
] as const;
export type DamageKind = (typeof DAMAGE_KINDS)[number];

/** Arguments as a JSON value (already one when damaged before). */
function parsed(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

/** The message at `index`, which the caller found there. */
function messageAt(messages: readonly LooseMessage[], index: number): LooseMessage {
  const message = messages[index];
  if (message === undefined) throw new Error(`no message at ${String(index)}`);
  return message;
}

/** Applies one damage at `pick` (a position among the messages it can apply to), in place. */
function damage(messages: LooseMessage[], kind: DamageKind, pick: number): void {
  const where = (test: (message: LooseMessage) => boolean): number[] =>
    messages.flatMap((message, index) => (test(message) ? [index] : []));
  const calls = where(
    (message) => Array.isArray(message.tool_calls) && message.tool_calls.length > 0,
  );
  const results = where((message) => message.role === 'tool');
  const at = (indexes: number[]): number | undefined =>
    indexes.length === 0 ? undefined : indexes[pick % indexes.length];
  switch (kind) {
    case 'object-arguments':
    case 'empty-name': {
      const index = at(calls);
      if (index === undefined) return;
      const message = messageAt(messages, index);
      const toolCalls = (message.tool_calls as LooseMessage[]).slice();
      const callIndex = pick % toolCalls.length;
      const call = toolCalls[callIndex] as LooseMessage & { function: LooseMessage };
      toolCalls[callIndex] = {
        ...call,
        function:
          kind === 'empty-name'
            ? { ...call.function, name: '' }
            : { ...call.function, arguments: parsed(call.function.arguments) },
      };
      messages[index] = { ...message, tool_calls: toolCalls };
      return;
    }
    case 'empty-tool-calls':
      messages.splice(pick % (messages.length + 1), 0, {
        role: 'assistant',
        content: pick % 2 === 0 ? 'text' : null,
        tool_calls: [],
      });
      return;
    case 'null-content':
      messages.splice(pick % (messages.length + 1), 0, { role: 'assistant', content: null });
      return;
    case 'missing-tool-call-id': {
      const index = at(results);
      if (index === undefined) return;
      const rest: LooseMessage = { ...messageAt(messages, index) };
      delete rest.tool_call_id;
      messages[index] = rest;
      return;
    }
    case 'duplicate-result': {
      const index = at(results);
      if (index !== undefined) messages.splice(index + 1, 0, { ...messageAt(messages, index) });
      return;
    }
    case 'drop-result': {
      const index = at(results);
      if (index !== undefined) messages.splice(index, 1);
      return;
    }
  }
}

/**
 * Valid rounds (after a system message) with 1–4 damages of the kinds above; every tool message's
 * content is made unique afterwards, so a test can follow each result through a repair.
 */
export const arbitraryDamagedChatHistory: fc.Arbitrary<LooseMessage[]> = fc
  .tuple(
    fc.array(validRound, { minLength: 1, maxLength: 4 }),
    fc.array(fc.tuple(fc.constantFrom(...DAMAGE_KINDS), fc.nat()), { minLength: 1, maxLength: 4 }),
  )
  .map(([rounds, damages]) => {
    const messages: LooseMessage[] = [{ role: 'system', content: 'be brief' }, ...rounds.flat()];
    for (const [kind, pick] of damages) damage(messages, kind, pick);
    return messages.map((message, index) =>
      message.role === 'tool' ? { ...message, content: `result ${index}` } : message,
    );
  });
