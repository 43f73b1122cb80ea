import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { pairToolTurns, type TurnEntry } from '../../../src/core/pair-tool-turns.js';
import { validateOpenAIChat } from '../../../src/formats/openai-chat/validate-openai-chat.js';

// The Chat validator keeps its own turn state (OpenAI's refusals need it: unknown id, duplicate
// answer, orphan once every call is answered), on the validation hot path. This property holds
// its verdict to core's pairing rule: a history pairs completely exactly when the validator finds
// no pairing issue.

const id = fc.constantFrom('a', 'b', 'c');
const message = fc.oneof(
  fc.constant({ role: 'user', content: 'hi' }),
  fc.constant({ role: 'assistant', content: 'ok' }),
  fc.uniqueArray(id, { minLength: 1, maxLength: 3 }).map((ids) => ({
    role: 'assistant',
    content: null,
    tool_calls: ids.map((callId) => ({
      id: callId,
      type: 'function',
      function: { name: 'f', arguments: '{}' },
    })),
  })),
  id.map((callId) => ({ role: 'tool', tool_call_id: callId, content: 'done' })),
);

const PAIRING_CODES: ReadonlySet<string> = new Set([
  'orphan-tool-result',
  'unknown-tool-call-id',
  'duplicate-tool-call-id',
  'missing-tool-result',
]);

function entriesOf(messages: readonly Record<string, unknown>[]): TurnEntry[] {
  return messages.map((wire): TurnEntry => {
    if (wire.role === 'tool') return { kind: 'results', callIds: [wire.tool_call_id as string] };
    const calls = wire.tool_calls as { id: string }[] | undefined;
    return calls === undefined
      ? { kind: 'other' }
      : { kind: 'calls', callIds: calls.map((call) => call.id) };
  });
}

test.prop([fc.array(message, { maxLength: 12 })])(
  'validateOpenAIChat finds no pairing issue exactly when core pairs every call and result',
  (messages) => {
    const pairing = pairToolTurns(entriesOf(messages), { scope: 'turn' });
    const paired =
      pairing.unanswered.length === 0 &&
      pairing.results.every((result) => result.call !== undefined);
    const issues = validateOpenAIChat(messages).issues.filter((issue) =>
      PAIRING_CODES.has(issue.code),
    );
    expect(issues.length === 0).toBe(paired);
  },
);
