import { describe, expect, it } from 'vitest';
import { LangMessage, LangMessages } from 'aiwrapper';
import { UnsupportedFormatError } from '../../src/errors/tool-history-error.js';
import { trimHistory } from '../../src/trim/trim-history.js';

const call = (id: string, name = 'get_weather') => ({
  id,
  type: 'function',
  function: { name, arguments: '{}' },
});

// 0 system, 1 user, 2 calls a+b, 3 result b, 4 result a, 5 answer, 6 user, 7 call c, 8 result c, 9 answer
const chat = [
  { role: 'system', content: 'be brief' },
  { role: 'user', content: 'Paris and Rome?' },
  { role: 'assistant', content: null, tool_calls: [call('a'), call('b')] },
  { role: 'tool', tool_call_id: 'b', content: 'sunny' },
  { role: 'tool', tool_call_id: 'a', content: 'rain' },
  { role: 'assistant', content: 'Rain and sun.' },
  { role: 'user', content: 'Time?' },
  { role: 'assistant', content: null, tool_calls: [call('c', 'now')] },
  { role: 'tool', tool_call_id: 'c', content: '10:00' },
  { role: 'assistant', content: 'It is 10:00.' },
] as const;

const one = (): number => 1;
const droppedAt = (...indexes: number[]) =>
  indexes.map((index) => ({ index, message: chat[index] }));

describe('trimHistory', () => {
  it('drops the oldest messages to fit maxMessages and keeps the system message', () => {
    expect(trimHistory(chat, { maxMessages: 5, countTokens: one })).toEqual({
      messages: [chat[0], chat[6], chat[7], chat[8], chat[9]],
      dropped: droppedAt(1, 2, 3, 4, 5),
      tokens: 5,
      overBudget: false,
    });
  });

  it('reports the dropped messages as they were at the call, even when read after the input changed', () => {
    const input: object[] = [...chat];
    const result = trimHistory(input, { maxMessages: 5, countTokens: one });
    input.splice(0, 3, { role: 'user', content: 'replaced' });
    input.push({ role: 'user', content: 'later' });
    expect(result.dropped).toEqual(droppedAt(1, 2, 3, 4, 5));
    expect(result.dropped).toBe(result.dropped);
  });

  it('counts the kept tokens of the messages as they were at the call, even when read after the input changed', () => {
    const input: object[] = [...chat];
    const length = (message: unknown): number => JSON.stringify(message).length;
    const result = trimHistory(input, { maxMessages: 5, countTokens: length });
    input.fill({ role: 'user', content: 'a longer message than any of the chat' });
    expect(result.tokens).toBe(result.messages.reduce((sum, message) => sum + length(message), 0));
  });

  it('never cuts between a call turn and its results: it drops the whole group instead', () => {
    // Keeping 7 messages would start at the result of "a" (index 3); the cut moves to index 5.
    expect(trimHistory(chat, { maxMessages: 7, countTokens: one })).toEqual({
      messages: [chat[0], chat[5], chat[6], chat[7], chat[8], chat[9]],
      dropped: droppedAt(1, 2, 3, 4),
      tokens: 6,
      overBudget: false,
    });
  });

  it('keeps the first user message when asked', () => {
    expect(
      trimHistory(chat, { maxMessages: 6, countTokens: one, keep: { firstUserMessage: true } })
        .messages,
    ).toEqual([chat[0], chat[1], chat[6], chat[7], chat[8], chat[9]]);
  });

  it('lets the system message go with keep.system false', () => {
    expect(
      trimHistory(chat, { maxMessages: 4, countTokens: one, keep: { system: false } }).messages,
    ).toEqual([chat[6], chat[7], chat[8], chat[9]]);
  });

  it('keeps the newest group whole, and says so, when even it exceeds the budget', () => {
    expect(trimHistory(chat, { maxTokens: 2, countTokens: one })).toEqual({
      messages: [chat[0], chat[9]],
      dropped: droppedAt(1, 2, 3, 4, 5, 6, 7, 8),
      tokens: 2,
      overBudget: false,
    });
    const endsInCalls = chat.slice(0, 9);
    expect(trimHistory(endsInCalls, { maxMessages: 2, countTokens: one })).toEqual({
      messages: [chat[0], chat[7], chat[8]],
      dropped: droppedAt(1, 2, 3, 4, 5, 6),
      tokens: 3,
      overBudget: true,
    });
  });

  it('counts tokens with the caller’s counter', () => {
    const byLength = (message: (typeof chat)[number]): number => JSON.stringify(message).length;
    const result = trimHistory(chat, { maxTokens: 300, countTokens: byLength });
    expect(result.messages).toEqual([chat[0], chat[6], chat[7], chat[8], chat[9]]);
    expect(result.tokens).toBe(
      result.messages.reduce((sum, message) => sum + byLength(message), 0),
    );
  });

  it('keeps a Responses call whose output comes after other items', () => {
    const input = [
      { role: 'user', content: 'go' },
      { type: 'function_call', call_id: 'fc_1', name: 'search', arguments: '{}' },
      { role: 'user', content: 'still there?' },
      { type: 'function_call_output', call_id: 'fc_1', output: 'found' },
      { role: 'assistant', content: 'Found it.' },
    ];
    // Cutting at "still there?" would orphan the output; the call's group reaches back to item 1.
    expect(
      trimHistory(input, { format: 'openai-responses', maxMessages: 3, countTokens: one }).messages,
    ).toEqual([input[4]]);
    expect(
      trimHistory(input, { format: 'openai-responses', maxMessages: 4, countTokens: one }).messages,
    ).toEqual(input.slice(1));
  });

  it('moves past a cut that would break another provider rule (Gemini: a call turn must follow a user turn)', () => {
    const contents = [
      { role: 'user', parts: [{ text: 'time?' }] },
      { role: 'model', parts: [{ functionCall: { id: 'f1', name: 'now', args: {} } }] },
      {
        role: 'user',
        parts: [{ functionResponse: { id: 'f1', name: 'now', response: { output: '10:00' } } }],
      },
      { role: 'model', parts: [{ text: '10:00' }] },
    ];
    expect(trimHistory(contents, { format: 'gemini', maxMessages: 3, countTokens: one })).toEqual({
      messages: [contents[3]],
      dropped: [0, 1, 2].map((index) => ({ index, message: contents[index] })),
      tokens: 1,
      overBudget: false,
    });
  });

  it('moves past a cut that breaks a rule even when the input breaks others before it', () => {
    const contents = [
      // An orphan response: the input is invalid here, far from the cut.
      { role: 'user', parts: [{ functionResponse: { id: 'x', name: 'now', response: {} } }] },
      { role: 'model', parts: [{ text: 'ok' }] },
      { role: 'user', parts: [{ text: 'time?' }] },
      { role: 'model', parts: [{ functionCall: { id: 'f1', name: 'now', args: {} } }] },
      {
        role: 'user',
        parts: [{ functionResponse: { id: 'f1', name: 'now', response: { output: '10:00' } } }],
      },
      { role: 'model', parts: [{ text: '10:00' }] },
    ];
    const { messages } = trimHistory(contents, {
      format: 'gemini',
      maxMessages: 3,
      countTokens: one,
    });
    expect(messages).toEqual([contents[5]]);
  });

  it('returns the same message objects in a new array and leaves the input alone', () => {
    const copy = structuredClone(chat);
    const result = trimHistory(chat, { maxMessages: 3 });
    expect(result.messages[0]).toBe(chat[0]);
    expect(chat).toEqual(copy);
  });
});

describe('trimHistory keep.firstUserMessage', () => {
  it('does not pin an Anthropic user turn that carries tool results apart from its call turn', () => {
    const messages = [
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'call_A', name: 'get_weather', input: {} }],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'call_A', content: '' },
          { type: 'text', text: 'and now?' },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'done' }] },
    ];
    const { messages: kept, dropped } = trimHistory(messages, {
      format: 'anthropic',
      maxTokens: 0,
      keep: { firstUserMessage: true },
    });
    expect(kept).toEqual([messages[2]]);
    expect(dropped.map((entry) => entry.index)).toEqual([0, 1]);
  });
});

describe('trimHistory on aiwrapper LangMessages', () => {
  it('trims a LangMessages collection as it trims the same messages in a plain array', () => {
    const list = new LangMessages();
    list.push(new LangMessage('user', [{ type: 'text', text: 'Paris?' }]));
    list.push(
      new LangMessage('assistant', [
        { type: 'tool', callId: 'a1', name: 'get_weather', arguments: {} },
      ]),
    );
    list.push(
      new LangMessage('tool-results', [
        { type: 'tool-result', callId: 'a1', name: 'get_weather', result: 'sunny' },
      ]),
    );
    list.push(new LangMessage('assistant', [{ type: 'text', text: 'Sunny.' }]));
    list.push(new LangMessage('user', [{ type: 'text', text: 'Thanks' }]));
    const options = { format: 'aiwrapper', maxMessages: 3, countTokens: one } as const;
    const result = trimHistory(list, options);
    expect(result).toEqual(trimHistory([...list], options));
    expect(result.messages).toEqual([list[3], list[4]]);
    expect(result.messages[0]).toBe(list[3]);
  });
});

describe('trimHistory on malformed input', () => {
  it('names a malformed message it reads by its index in the input', () => {
    const broken = [...chat.slice(0, 8), { role: 'robot', content: '?' }, chat[9]];
    expect(() => trimHistory(broken, { maxMessages: 3, countTokens: one })).toThrow(
      expect.objectContaining({
        code: 'invalid-input',
        message: expect.stringContaining('messages[8].role'),
      }),
    );
  });

  it('throws UnsupportedFormatError for a format it does not know', () => {
    expect(() => trimHistory(chat, { format: 'telegraph' as never })).toThrow(
      UnsupportedFormatError,
    );
  });
});
