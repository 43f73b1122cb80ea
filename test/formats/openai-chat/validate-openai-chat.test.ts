import { describe, expect, it } from 'vitest';
import { assertValidHistory } from '../../../src/validate/validate-history.js';
import {
  InvalidHistoryError,
  isToolHistoryError,
  ToolHistoryError,
} from '../../../src/errors/tool-history-error.js';
import { validateOpenAIChat } from '../../../src/formats/openai-chat/validate-openai-chat.js';

const user = (content: string): object => ({ role: 'user', content });
const text = (content: string): object => ({ role: 'assistant', content });
const call = (id: string, args: unknown = '{}'): object => ({
  id,
  type: 'function',
  function: { name: 'get_weather', arguments: args },
});
const calls = (...toolCalls: object[]): object => ({
  role: 'assistant',
  content: null,
  tool_calls: toolCalls,
});
const result = (toolCallId: string): object => ({
  role: 'tool',
  tool_call_id: toolCallId,
  content: '{"temp_c":21}',
});

/** Returns what `action` throws; fails the test when it throws nothing. */
function thrownBy(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}

const ORPHAN =
  "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.";
const missing = (ids: string): string =>
  `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${ids}`;

describe('validateOpenAIChat', () => {
  it('accepts parallel calls answered in any order, over several rounds', () => {
    const history = [
      { role: 'system', content: 'Be brief.' },
      user('Weather in Paris and London?'),
      calls(call('call_a'), call('call_b'), call('call_c')),
      result('call_c'),
      result('call_a'),
      result('call_b'),
      text('Sunny and rainy.'),
      user('And Rome?'),
      { role: 'assistant', content: 'Checking.', tool_calls: [call('call_d')] },
      result('call_d'),
      text('Warm.'),
    ];
    expect(validateOpenAIChat(history)).toEqual({ ok: true, issues: [] });
  });

  it("accepts ids repeated across turns (Kimi's exec_0 style)", () => {
    const history = [
      user('Run two commands.'),
      calls(call('exec_0')),
      result('exec_0'),
      calls(call('exec_0'), call('exec_1')),
      result('exec_1'),
      result('exec_0'),
      text('Done.'),
    ];
    expect(validateOpenAIChat(history)).toEqual({ ok: true, issues: [] });
  });

  it('accepts a history without tool calls, and an empty one', () => {
    expect(validateOpenAIChat([user('hi'), text('hello')])).toEqual({ ok: true, issues: [] });
    expect(validateOpenAIChat([])).toEqual({ ok: true, issues: [] });
  });

  it('reports a tool message straight after a user message as an orphan', () => {
    expect(validateOpenAIChat([user('hi'), result('call_a'), text('ok')])).toEqual({
      ok: false,
      issues: [
        {
          code: 'orphan-tool-result',
          messageIndex: 1,
          toolCallId: 'call_a',
          message: ORPHAN,
          param: 'messages.[1].role',
        },
      ],
    });
  });

  it('reports a tool message after an assistant text turn as an orphan', () => {
    expect(validateOpenAIChat([user('hi'), text('Let me check.'), result('call_a')])).toEqual({
      ok: false,
      issues: [
        {
          code: 'orphan-tool-result',
          messageIndex: 2,
          toolCallId: 'call_a',
          message: ORPHAN,
          param: 'messages.[2].role',
        },
      ],
    });
  });

  it('reports a result repeated after every call was answered as a duplicate naming both messages', () => {
    const history = [
      user('hi'),
      calls(call('call_a'), call('call_b')),
      result('call_a'),
      result('call_b'),
      result('call_b'),
    ];
    expect(validateOpenAIChat(history)).toEqual({
      ok: false,
      issues: [
        {
          code: 'duplicate-tool-call-id',
          messageIndex: 4,
          toolCallId: 'call_b',
          message:
            "Invalid parameter: Duplicate value for 'tool_call_id' of 'call_b', in messages[3] and messages[4].",
          param: 'messages.[4].tool_call_id',
        },
      ],
    });
  });

  it('reports a tool_call_id the turn did not call, and the call it left unanswered', () => {
    const history = [
      user('hi'),
      calls(call('call_a'), call('call_b')),
      result('call_a'),
      result('call_zzz'),
      text('ok'),
    ];
    expect(validateOpenAIChat(history)).toEqual({
      ok: false,
      issues: [
        {
          code: 'unknown-tool-call-id',
          messageIndex: 3,
          toolCallId: 'call_zzz',
          message:
            "Invalid parameter: 'tool_call_id' of 'call_zzz' not found in 'tool_calls' of previous message.",
          param: 'messages.[3].tool_call_id',
        },
        {
          code: 'missing-tool-result',
          messageIndex: 1,
          toolCallIds: ['call_b'],
          message: missing('call_b'),
          param: 'messages.[4].role',
        },
      ],
    });
  });

  it('reports unanswered calls in call order when a user message follows', () => {
    const history = [
      user('hi'),
      calls(call('call_a'), call('call_b'), call('call_c')),
      result('call_b'),
      user('well?'),
    ];
    expect(validateOpenAIChat(history)).toEqual({
      ok: false,
      issues: [
        {
          code: 'missing-tool-result',
          messageIndex: 1,
          toolCallIds: ['call_a', 'call_c'],
          message: missing('call_a, call_c'),
          param: 'messages.[3].role',
        },
      ],
    });
  });

  it("reports unanswered calls at the end of the array with param 'messages'", () => {
    expect(
      validateOpenAIChat([user('hi'), calls(call('call_a'), call('call_b')), result('call_a')]),
    ).toEqual({
      ok: false,
      issues: [
        {
          code: 'missing-tool-result',
          messageIndex: 1,
          toolCallIds: ['call_b'],
          message: missing('call_b'),
          param: 'messages',
        },
      ],
    });
  });

  it('reports a tool-call turn directly followed by another tool-call turn', () => {
    expect(
      validateOpenAIChat([
        user('hi'),
        calls(call('call_a')),
        calls(call('call_b')),
        result('call_b'),
      ]),
    ).toEqual({
      ok: false,
      issues: [
        {
          code: 'missing-tool-result',
          messageIndex: 1,
          toolCallIds: ['call_a'],
          message: missing('call_a'),
          param: 'messages.[2].role',
        },
      ],
    });
  });

  it('reports a call answered twice while another is still unanswered as a duplicate', () => {
    const history = [
      user('hi'),
      calls(call('call_a'), call('call_b')),
      result('call_a'),
      result('call_a'),
      result('call_b'),
    ];
    expect(validateOpenAIChat(history)).toEqual({
      ok: false,
      issues: [
        {
          code: 'duplicate-tool-call-id',
          messageIndex: 3,
          toolCallId: 'call_a',
          message:
            "Invalid parameter: Duplicate value for 'tool_call_id' of 'call_a', in messages[2] and messages[3].",
          param: 'messages.[3].tool_call_id',
        },
      ],
    });
  });

  it('reports two calls sharing one id in a turn, and accepts one answer for it', () => {
    expect(
      validateOpenAIChat([user('hi'), calls(call('call_a'), call('call_a')), result('call_a')]),
    ).toEqual({
      ok: false,
      issues: [
        {
          code: 'duplicate-tool-call-id',
          messageIndex: 1,
          toolCallId: 'call_a',
          message:
            "Duplicate value for 'id' of 'call_a', in messages[1].tool_calls[0] and messages[1].tool_calls[1].",
          param: 'messages[1].tool_calls[1].id',
        },
      ],
    });
  });

  it('reports arguments sent as an object instead of a JSON string', () => {
    const history = [user('hi'), calls(call('call_a', { city: 'Paris' })), result('call_a')];
    expect(validateOpenAIChat(history)).toEqual({
      ok: false,
      issues: [
        {
          code: 'invalid-arguments',
          messageIndex: 1,
          toolCallId: 'call_a',
          message:
            "Invalid type for 'messages[1].tool_calls[0].function.arguments': expected a string, but got an object instead.",
          param: 'messages[1].tool_calls[0].function.arguments',
        },
      ],
    });
  });

  it('names the JSON type of other non-string arguments, and reports absent ones', () => {
    const history = [
      user('hi'),
      calls(
        call('call_a', 7),
        call('call_b', 1.5),
        call('call_c', null),
        call('call_d', [1]),
        call('call_e', true),
        {
          id: 'call_f',
          type: 'function',
          function: { name: 'get_weather' },
        },
      ),
      result('call_a'),
      result('call_b'),
      result('call_c'),
      result('call_d'),
      result('call_e'),
      result('call_f'),
    ];
    const path = (index: number): string => `messages[1].tool_calls[${index}].function.arguments`;
    const issue = (index: number, message: string): object => ({
      code: 'invalid-arguments',
      messageIndex: 1,
      toolCallId: `call_${'abcdef'.charAt(index)}`,
      message,
      param: path(index),
    });
    expect(validateOpenAIChat(history)).toEqual({
      ok: false,
      issues: [
        issue(0, `Invalid type for '${path(0)}': expected a string, but got an integer instead.`),
        issue(
          1,
          `Invalid type for '${path(1)}': expected a string, but got a decimal number instead.`,
        ),
        issue(2, `Invalid type for '${path(2)}': expected a string, but got null instead.`),
        issue(3, `Invalid type for '${path(3)}': expected a string, but got an array instead.`),
        issue(4, `Invalid type for '${path(4)}': expected a string, but got a boolean instead.`),
        issue(5, `Missing required parameter: '${path(5)}'.`),
      ],
    });
  });

  it('reports a call id longer than 40 characters, and still pairs its result', () => {
    const longId = 'call_' + 'x'.repeat(40);
    expect(
      validateOpenAIChat([
        user('hi'),
        calls(call('call_ok'), call(longId)),
        result('call_ok'),
        result(longId),
      ]),
    ).toEqual({
      ok: false,
      issues: [
        {
          code: 'invalid-tool-call-id',
          messageIndex: 1,
          toolCallId: longId,
          message:
            "Invalid 'messages[1].tool_calls[1].id': string too long. Expected a string with maximum length 40, but got a string with length 45 instead.",
          param: 'messages[1].tool_calls[1].id',
        },
      ],
    });
  });

  it('accepts an id of exactly 40 characters', () => {
    const id = 'c'.repeat(40);
    expect(validateOpenAIChat([user('hi'), calls(call(id)), result(id)])).toEqual({
      ok: true,
      issues: [],
    });
  });

  it('reports an absent call id', () => {
    const history = [
      user('hi'),
      calls({ type: 'function', function: { name: 'f', arguments: '{}' } }),
    ];
    expect(validateOpenAIChat(history)).toEqual({
      ok: false,
      issues: [
        {
          code: 'invalid-tool-call-id',
          messageIndex: 1,
          toolCallId: '',
          message: "Missing required parameter: 'messages[1].tool_calls[0].id'.",
          param: 'messages[1].tool_calls[0].id',
        },
      ],
    });
  });

  it("reports an empty call id with the 'empty string' sentence, and still pairs its result", () => {
    expect(
      validateOpenAIChat([
        user('hi'),
        calls(call('call_ok'), call('')),
        result(''),
        result('call_ok'),
      ]),
    ).toEqual({
      ok: false,
      issues: [
        {
          code: 'invalid-tool-call-id',
          messageIndex: 1,
          toolCallId: '',
          message:
            "Invalid 'messages[1].tool_calls[1].id': empty string. Expected a string with minimum length 1, but got an empty string instead.",
          param: 'messages[1].tool_calls[1].id',
        },
      ],
    });
  });

  it('reports an empty tool_calls array, and treats the tool message after it as an orphan', () => {
    const history = [
      user('hi'),
      { role: 'assistant', content: 'x', tool_calls: [] },
      result('call_a'),
    ];
    expect(validateOpenAIChat(history)).toEqual({
      ok: false,
      issues: [
        {
          code: 'empty-tool-calls',
          messageIndex: 1,
          message:
            "Invalid 'messages[1].tool_calls': empty array. Expected an array with minimum length 1, but got an empty array instead.",
          param: 'messages[1].tool_calls',
        },
        {
          code: 'orphan-tool-result',
          messageIndex: 2,
          toolCallId: 'call_a',
          message: ORPHAN,
          param: 'messages.[2].role',
        },
      ],
    });
  });

  it('reports a tool message without tool_call_id in OpenAI words', () => {
    const history = [
      user('hi'),
      calls(call('call_a')),
      { role: 'tool', content: 'x' },
      result('call_a'),
    ];
    expect(validateOpenAIChat(history)).toEqual({
      ok: false,
      issues: [
        {
          code: 'unknown-tool-call-id',
          messageIndex: 2,
          toolCallId: '',
          message:
            "Missing parameter 'tool_call_id': messages with role 'tool' must have a 'tool_call_id'.",
          param: 'messages.[2].tool_call_id',
        },
      ],
    });
  });

  it('lists every issue, not only the first, in the order a walk meets them', () => {
    const history = [
      result('early'),
      user('hi'),
      calls(call('call_a', {}), call('call_b')),
      result('call_b'),
      user('next'),
      { role: 'assistant', tool_calls: [] },
    ];
    expect(
      validateOpenAIChat(history).issues.map((issue) => [issue.code, issue.messageIndex]),
    ).toEqual([
      ['orphan-tool-result', 0],
      ['invalid-arguments', 2],
      ['missing-tool-result', 2],
      ['empty-tool-calls', 5],
    ]);
  });

  it('treats odd but well-typed messages (no role, unknown role, non-array tool_calls) as turn breaks', () => {
    const history = [
      user('hi'),
      { content: 'no role' },
      { role: 'narrator', content: 'x' },
      { role: 'assistant', tool_calls: 'x' },
    ];
    expect(validateOpenAIChat(history)).toEqual({ ok: true, issues: [] });
    expect(
      validateOpenAIChat([calls(call('call_a')), { content: 'no role' }]).issues.map(
        (issue) => issue.param,
      ),
    ).toEqual(['messages.[1].role']);
  });

  it('does not modify its input', () => {
    const history = [
      user('hi'),
      calls(call('call_a'), call('call_a', {})),
      result('call_a'),
      result('call_a'),
    ];
    const snapshot = structuredClone(history);
    validateOpenAIChat(history);
    expect(history).toEqual(snapshot);
  });

  it('throws invalid-input naming the index of an entry that is not an object', () => {
    const attempt = (): unknown => validateOpenAIChat([user('hi'), 'hello']);
    expect(attempt).toThrow(ToolHistoryError);
    expect(attempt).toThrow(
      'messages[1] is a string, not a message object. Every entry of a Chat Completions messages array must be an object with a role.',
    );
    const error = thrownBy(() => validateOpenAIChat([null]));
    expect(isToolHistoryError(error) ? error.code : undefined).toBe('invalid-input');
    expect(() => validateOpenAIChat([[]])).toThrow('messages[0] is an array');
  });

  it('throws invalid-input when given something other than an array', () => {
    expect(() => validateOpenAIChat({ messages: [] } as unknown as readonly unknown[])).toThrow(
      'Expected the Chat Completions messages array, but got an object. Pass body.messages, not the whole request body.',
    );
  });

  it('handles 100,000 messages in one pass', () => {
    const history: object[] = [user('start')];
    for (let round = 0; history.length < 100_000; round++) {
      history.push(
        calls(call(`exec_${round % 3}`), call('exec_x')),
        result('exec_x'),
        result(`exec_${round % 3}`),
        text('ok'),
      );
    }
    history.push(result('stray'));
    const outcome = validateOpenAIChat(history);
    expect(outcome).toEqual({
      ok: false,
      issues: [
        {
          code: 'orphan-tool-result',
          messageIndex: history.length - 1,
          toolCallId: 'stray',
          message: ORPHAN,
          param: `messages.[${history.length - 1}].role`,
        },
      ],
    });
  });
});

describe("assertValidHistory (format 'openai-chat')", () => {
  it('returns quietly for a valid history', () => {
    expect(() => {
      assertValidHistory([user('hi'), calls(call('call_a')), result('call_a')], {
        format: 'openai-chat',
      });
    }).not.toThrow();
  });

  it('throws InvalidHistoryError carrying the same issues validateOpenAIChat returns', () => {
    const history = [user('hi'), calls(call('call_a'), call('call_b')), user('again'), result('x')];
    const { issues } = validateOpenAIChat(history);
    const thrown = thrownBy(() => {
      assertValidHistory(history, { format: 'openai-chat' });
    });
    expect(thrown).toBeInstanceOf(InvalidHistoryError);
    expect(thrown).toMatchObject({ code: 'invalid-history', issues });
    expect((thrown as Error).message).toBe(
      `messages[1]: ${missing('call_a, call_b')} (and 1 more issue)`,
    );
  });

  it('throws invalid-input for misuse, like validateOpenAIChat', () => {
    expect(() => {
      assertValidHistory([42], { format: 'openai-chat' });
    }).toThrow('messages[0] is an integer, not a message object.');
  });
});
