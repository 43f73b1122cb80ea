import { describe, expect, it } from 'vitest';
import { isToolHistoryError } from '../../../src/errors/tool-history-error.js';
import { fromOpenAIChat } from '../../../src/formats/openai-chat/from-openai-chat.js';
import { toOpenAIChat } from '../../../src/formats/openai-chat/to-openai-chat.js';

describe('fromOpenAIChat', () => {
  it('keeps malformed argument text verbatim, names results after their call, and groups tool messages', () => {
    const messages = [
      { role: 'developer', content: 'be brief' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'a', type: 'function', function: { name: 'search', arguments: '{"q": "par' } },
          { id: 'b', type: 'function', function: { name: 'now', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'b', content: '12:00' },
      { role: 'tool', tool_call_id: 'a', content: 'nothing' },
    ];
    expect(fromOpenAIChat(messages)).toEqual({
      messages: [
        {
          role: 'system',
          text: 'be brief',
          sourceIndex: 0,
          providerData: { 'openai-chat': { role: 'developer' } },
        },
        {
          role: 'assistant',
          sourceIndex: 1,
          parts: [
            {
              type: 'tool-call',
              callId: 'a',
              name: 'search',
              arguments: {},
              argumentsText: '{"q": "par',
            },
            { type: 'tool-call', callId: 'b', name: 'now', arguments: {} },
          ],
        },
        {
          role: 'tool',
          sourceIndex: 2,
          results: [
            { callId: 'b', name: 'now', content: '12:00', isError: false, sourceIndex: 2 },
            { callId: 'a', name: 'search', content: 'nothing', isError: false, sourceIndex: 3 },
          ],
        },
      ],
      warnings: [],
    });
    expect(toOpenAIChat(fromOpenAIChat(messages).messages)).toEqual({ messages, warnings: [] });
  });

  it('throws invalid-input naming the index and field of a message in another shape', () => {
    let caught: unknown;
    try {
      fromOpenAIChat([
        { role: 'user', content: 'hi' },
        { role: 'model', parts: [] },
      ]);
    } catch (error) {
      caught = error;
    }
    expect(isToolHistoryError(caught) && caught.code).toBe('invalid-input');
    expect((caught as Error).message).toContain('messages[1].role');
  });

  it('throws invalid-input when messages is not an array, in the validator’s words', () => {
    expect(() => fromOpenAIChat({ messages: [] } as unknown as unknown[])).toThrow(
      'Expected the Chat Completions messages array, but got an object. Pass body.messages, not the whole request body.',
    );
  });
});
