import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { ArmedCalls } from '../../../src/core/armed-calls.js';
import { responsesCallLinks } from '../../../src/formats/openai-responses/responses-call-links.js';
import { isToolHistoryError } from '../../../src/errors/tool-history-error.js';
import { inspectHistory } from '../../../src/validate/inspect-history.js';

/** The links by the pairing rule, one item at a time (core's ArmedCalls, conversation scope). */
function expectedLinks(input: readonly unknown[]): number[] {
  const armed = new ArmedCalls<number>('conversation');
  return input.map((item, index) => {
    const { type, call_id: callId } = item as { type?: unknown; call_id?: unknown };
    if (typeof callId !== 'string') return -1;
    if (type === 'function_call') armed.arm(callId, index);
    return type === 'function_call_output' ? (armed.answer(callId) ?? -1) : -1;
  });
}

// Few ids, so they repeat, go unanswered, and outputs come before, after or without their call.
const callId = fc.constantFrom('a', 'b', 'c', 'd', '');
const item = fc.oneof(
  {
    arbitrary: callId.map((id) => ({
      type: 'function_call',
      call_id: id,
      name: 'f',
      arguments: '{}',
    })),
    weight: 4,
  },
  {
    arbitrary: callId.map((id) => ({ type: 'function_call_output', call_id: id, output: 'ok' })),
    weight: 4,
  },
  fc.constantFrom<unknown>(
    { role: 'user', content: 'hi' },
    { type: 'message', role: 'assistant', content: [] },
    { type: 'reasoning', summary: [] },
  ),
);

/** Many parallel calls answered in some order, past the number of open calls the pass keeps. */
const wide = fc
  .tuple(fc.integer({ min: 1, max: 300 }), fc.nat(), fc.boolean())
  .map(([count, shift, answerAll]) => {
    const ids = Array.from({ length: count }, (_, index) => `call_${String(index % 280)}`);
    const calls = ids.map((id) => ({
      type: 'function_call',
      call_id: id,
      name: 'f',
      arguments: '{}',
    }));
    const order = [...ids.slice(shift % count), ...ids.slice(0, shift % count)];
    const outputs = (answerAll ? order : order.filter((_, index) => index % 3 !== 0)).map((id) => ({
      type: 'function_call_output',
      call_id: id,
      output: 'ok',
    }));
    return [{ role: 'user', content: 'go' }, ...calls, ...outputs];
  });

test.prop([fc.oneof(fc.array(item, { maxLength: 30 }), wide)])(
  'responsesCallLinks links each output to the call the pairing rule gives it',
  (input) => {
    expect(Array.from(responsesCallLinks(input))).toEqual(expectedLinks(input));
  },
);

describe('responsesCallLinks', () => {
  it('throws where the validator throws, in the same words', () => {
    for (const input of [
      [{ role: 'user', content: 'hi' }, 7],
      [{ type: 'function_call', call_id: 3, name: 'f', arguments: '{}' }],
      [{ content: 'no role' }],
    ]) {
      const thrown = (run: () => unknown): unknown => {
        try {
          run();
        } catch (error) {
          return isToolHistoryError(error) ? [error.code, error.message] : error;
        }
        return undefined;
      };
      const expected = thrown(() => inspectHistory(input, 'openai-responses'));
      expect(expected).toBeDefined();
      expect(thrown(() => responsesCallLinks(input))).toEqual(expected);
    }
  });
});
