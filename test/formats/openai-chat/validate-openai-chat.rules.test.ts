import { describe, expect, it } from 'vitest';
import { validateOpenAIChat } from '../../../src/formats/openai-chat/validate-openai-chat.js';
import { repairHistory } from '../../../src/repair/repair-history.js';
import { validateHistory } from '../../../src/validate/validate-history.js';

const user = (content: string): object => ({ role: 'user', content });
const call = (id: string, name = 'get_weather', args: unknown = '{}'): object => ({
  id,
  type: 'function',
  function: { name, arguments: args },
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

describe('validateOpenAIChat: the rules of issue #13', () => {
  it('reports content: null on an assistant message without tool_calls', () => {
    const history = [user('hi'), { role: 'assistant', content: null }];
    expect(validateOpenAIChat(history)).toEqual({
      ok: false,
      issues: [
        {
          code: 'invalid-content',
          messageIndex: 1,
          message: "Invalid value for 'content': expected a string, got null.",
          param: 'messages.[1].content',
        },
      ],
    });
  });

  it('accepts content: null beside tool_calls, and content "" without them', () => {
    const history = [
      user('hi'),
      calls(call('call_a')),
      result('call_a'),
      { role: 'assistant', content: '' },
    ];
    expect(validateOpenAIChat(history)).toEqual({ ok: true, issues: [] });
  });

  it('reports content: null beside an empty tool_calls array as well as the empty array', () => {
    const history = [user('hi'), { role: 'assistant', content: null, tool_calls: [] }];
    expect(validateOpenAIChat(history).issues.map((issue) => issue.code)).toEqual([
      'empty-tool-calls',
      'invalid-content',
    ]);
  });

  it('reports an empty function.name in OpenAI words', () => {
    const history = [user('hi'), calls(call('call_a', '')), result('call_a')];
    expect(validateOpenAIChat(history)).toEqual({
      ok: false,
      issues: [
        {
          code: 'invalid-tool-name',
          messageIndex: 1,
          toolCallId: 'call_a',
          message:
            "Invalid 'messages[1].tool_calls[0].function.name': empty string. Expected a string with minimum length 1, but got an empty string instead.",
          param: 'messages[1].tool_calls[0].function.name',
        },
      ],
    });
  });

  it('reports two tool messages answering one single call as a duplicate, as agno-agi/agno#5116 shows', () => {
    const history = [
      { role: 'system', content: 's' },
      user('hi'),
      { role: 'assistant', content: 'a' },
      user('again'),
      { role: 'assistant', content: 'b' },
      user('and now'),
      calls(call('call_gmd4tanjXcwOxfPawOnDmq6R')),
      result('call_gmd4tanjXcwOxfPawOnDmq6R'),
      result('call_gmd4tanjXcwOxfPawOnDmq6R'),
    ];
    expect(validateOpenAIChat(history)).toEqual({
      ok: false,
      issues: [
        {
          code: 'duplicate-tool-call-id',
          messageIndex: 8,
          toolCallId: 'call_gmd4tanjXcwOxfPawOnDmq6R',
          message:
            "Invalid parameter: Duplicate value for 'tool_call_id' of 'call_gmd4tanjXcwOxfPawOnDmq6R', in messages[7] and messages[8].",
          param: 'messages.[8].tool_call_id',
        },
      ],
    });
  });

  it('still reports a repeated result after another message closed the run as an orphan', () => {
    const history = [
      user('hi'),
      calls(call('call_a')),
      result('call_a'),
      user('so?'),
      result('call_a'),
    ];
    expect(validateOpenAIChat(history).issues.map((issue) => issue.code)).toEqual([
      'orphan-tool-result',
    ]);
  });

  it('reports an unknown id after every call was answered as an orphan', () => {
    const history = [user('hi'), calls(call('call_a')), result('call_a'), result('call_x')];
    expect(validateOpenAIChat(history).issues.map((issue) => issue.code)).toEqual([
      'orphan-tool-result',
    ]);
  });
});

describe('validateOpenAIChat: content that must be text (issue #23, item 13)', () => {
  const answered = (content: unknown): unknown[] => [
    user('hi'),
    calls(call('call_a')),
    { role: 'tool', tool_call_id: 'call_a', content },
  ];

  it("reports a tool message whose content is an object in OpenAI's words, and repair refuses it at that message", () => {
    const history = answered({ temp_c: 21 });
    expect(validateOpenAIChat(history)).toEqual({
      ok: false,
      issues: [
        {
          code: 'invalid-content',
          messageIndex: 2,
          param: 'messages.[2].content',
          message:
            "Invalid type for 'messages[2].content': expected one of a string or array of objects, but got an object instead.",
        },
      ],
    });
    expect(() => repairHistory(history, { format: 'openai-chat' })).toThrow(
      'messages[2].content is an object, but must be a string or an array of text parts.',
    );
  });

  it('reports a number, null, no content and non-text parts on a tool message; accepts text parts', () => {
    const messageOf = (content: unknown): string | undefined =>
      validateOpenAIChat(answered(content)).issues[0]?.message;
    expect(messageOf(42)).toBe(
      "Invalid type for 'messages[2].content': expected one of a string or array of objects, but got an integer instead.",
    );
    expect(messageOf(null)).toBe(
      "Invalid type for 'messages[2].content': expected one of a string or array of objects, but got null instead.",
    );
    expect(messageOf(undefined)).toBe("Missing required parameter: 'messages[2].content'.");
    expect(
      messageOf([{ type: 'image_url', image_url: { url: 'https://example.com/a.png' } }]),
    ).toBe(
      "Invalid 'messages[2]'. Image URLs are only allowed for messages with role 'user', but this message with role 'tool' contains an image URL.",
    );
    expect(messageOf([{ type: 'text', text: 'ok' }, { type: 'input_audio' }])).toBe(
      "Invalid value: 'input_audio'. Supported values are: 'text'.",
    );
    expect(messageOf([{ type: 'text', text: 7 }])).toBe(
      "Invalid type for 'messages[2].content[0].text': expected a string, but got an integer instead.",
    );
    expect(validateOpenAIChat(answered([{ type: 'text', text: 'ok' }]))).toEqual({
      ok: true,
      issues: [],
    });
  });
});

describe('validateHistory with a provider', () => {
  const deepseekId = 'call_0_3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c';

  it("accepts DeepSeek's 43-character ids, which OpenAI refuses", () => {
    const history = [
      user('hi'),
      { role: 'assistant', content: '', tool_calls: [call(deepseekId)] },
      result(deepseekId),
    ];
    expect(deepseekId).toHaveLength(43);
    expect(validateHistory(history, { format: 'openai-chat', provider: 'deepseek' })).toEqual({
      ok: true,
      issues: [],
    });
    expect(validateHistory(history, { format: 'openai-chat' }).issues[0]?.message).toBe(
      `Invalid 'messages[1].tool_calls[0].id': string too long. Expected a string with maximum length 40, but got a string with length 43 instead.`,
    );
    expect(validateHistory(history, { format: 'openai-chat', provider: 'openai' }).ok).toBe(false);
  });

  it("words DeepSeek's orphan and missing-result errors as DeepSeek does", () => {
    const orphan = [user('hi'), result('call_a')];
    expect(
      validateHistory(orphan, { format: 'openai-chat', provider: 'deepseek' }).issues[0]?.message,
    ).toBe("Messages with role 'tool' must be a response to a preceding message with 'tool_calls'");
    const unanswered = [user('hi'), calls(call('call_a')), user('well?')];
    expect(
      validateHistory(unanswered, { format: 'openai-chat', provider: 'deepseek' }).issues[0]
        ?.message,
    ).toBe(
      "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. (insufficient tool messages following tool_calls message)",
    );
  });

  it('requires reasoning_content on the tool-call turns of the current turn in DeepSeek thinking mode', () => {
    const history = [
      user('first'),
      calls(call('call_old')),
      result('call_old'),
      { role: 'assistant', content: 'done' },
      user('second'),
      { role: 'assistant', content: '', reasoning_content: 'think', tool_calls: [call('call_a')] },
      result('call_a'),
      calls(call('call_b')),
      result('call_b'),
    ];
    const expected = {
      ok: false,
      issues: [
        {
          code: 'missing-reasoning',
          messageIndex: 7,
          toolCallIds: ['call_b'],
          message:
            'Missing `reasoning_content` field in the assistant message at message index 7. For more information, please refer to https://api-docs.deepseek.com/guides/thinking_mode#tool-calls',
        },
      ],
    };
    expect(
      validateHistory(history, { format: 'openai-chat', provider: 'deepseek', thinking: true }),
    ).toEqual(expected);
    expect(
      validateHistory(history, {
        format: 'openai-chat',
        provider: 'deepseek',
        model: 'deepseek-reasoner',
      }),
    ).toEqual(expected);
    expect(validateHistory(history, { format: 'openai-chat', provider: 'deepseek' })).toEqual({
      ok: true,
      issues: [],
    });
  });

  it("words a missing tool_call_id in Groq's schema shape", () => {
    const history = [user('hi'), calls(call('call_a')), { role: 'tool', content: 'x' }];
    expect(
      validateHistory(history, { format: 'openai-chat', provider: 'groq' }).issues[0]?.message,
    ).toBe(
      "'messages.2' : for 'role:tool' the following must be satisfied[('messages.2.tool_call_id' : property 'tool_call_id' is missing)]",
    );
  });

  it("words Qwen's orphan and missing-result errors as DashScope does", () => {
    const history = [user('hi'), calls(call('call_a')), user('well?'), result('call_z')];
    expect(
      validateHistory(history, { format: 'openai-chat', provider: 'qwen' }).issues.map(
        (issue) => issue.message,
      ),
    ).toEqual([
      '<400> InternalError.Algo.InvalidParameter: An assistant message with "tool_calls" must be followed by tool messages responding to each "tool_call_id". The following tool_call_ids did not have response messages: message[2].role',
      '<400> InternalError.Algo.InvalidParameter: messages with role "tool" must be a response to a preceeding message with "tool_calls".',
    ]);
  });

  it("checks Chat Completions messages by Mistral's rules when asked", () => {
    const history = [user('hi'), calls(call('abcdefghi')), result('abcdefghi'), user('next')];
    expect(validateHistory(history, { format: 'openai-chat', provider: 'mistral' }).ok).toBe(false);
  });

  it('refuses a host for messages of another shape, and an unknown provider', () => {
    expect(() => validateHistory([], { format: 'anthropic', provider: 'deepseek' })).toThrow(
      /The deepseek rules check openai-chat messages, but these are anthropic/,
    );
    expect(() =>
      validateHistory([], { format: 'openai-chat', provider: 'nope' as 'groq' }),
    ).toThrow(/Unsupported format "nope"/);
  });
});
