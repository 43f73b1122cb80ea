import { MESSAGE_FORMATS } from '../../src/core/format.js';
import { UnsupportedFormatError } from '../../src/errors/tool-history-error.js';
import { describe, expect, it } from 'vitest';
import { convertHistory } from '../../src/convert/convert-history.js';

describe('convertHistory', () => {
  it('converts OpenAI Chat to Gemini with the warnings of both steps', () => {
    const result = convertHistory(
      [
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'now', arguments: '{}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '12:00' },
      ],
      { from: 'openai-chat', to: 'gemini' },
    );
    expect(result).toEqual({
      systemInstruction: undefined,
      messages: [
        {
          role: 'model',
          parts: [
            {
              functionCall: { id: 'call_1', name: 'now', args: {} },
              thoughtSignature: 'skip_thought_signature_validator',
            },
          ],
        },
        {
          role: 'user',
          parts: [
            { functionResponse: { id: 'call_1', name: 'now', response: { output: '12:00' } } },
          ],
        },
      ],
      warnings: [
        {
          code: 'synthesized-thought-signature',
          messageIndex: 0,
          callId: 'call_1',
          message: expect.any(String),
        },
      ],
    });
  });

  it('throws UnsupportedFormatError for an unknown format name', () => {
    expect(() => convertHistory([], { from: 'openai-chat', to: 'cohere' as 'vercel' })).toThrow(
      new UnsupportedFormatError('cohere', MESSAGE_FORMATS),
    );
  });
  it('reads the system prompt the source keeps outside its messages from the option it names', () => {
    expect(
      convertHistory([], {
        from: 'gemini',
        to: 'anthropic',
        systemInstruction: { parts: [{ text: 'Be brief.' }] },
      }),
    ).toEqual({ messages: [], warnings: [], system: 'Be brief.' });
    expect(
      convertHistory([], { from: 'aiwrapper', to: 'openai-chat', instructions: 'Be brief.' }),
    ).toEqual({ messages: [{ role: 'system', content: 'Be brief.' }], warnings: [] });
  });

  it('ignores the system option of a source that keeps its system prompt in its messages', () => {
    expect(
      convertHistory([], { from: 'openai-chat', to: 'openai-chat', system: 'Be brief.' }),
    ).toEqual({ messages: [], warnings: [] });
  });

  it('gives Gemini calls without an id the ids of generateId', () => {
    const contents = [{ role: 'model', parts: [{ functionCall: { name: 'now', args: {} } }] }];
    const { messages, warnings } = convertHistory(contents, {
      from: 'gemini',
      to: 'openai-chat',
      generateId: () => 'call_made',
    });
    expect(messages).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_made', type: 'function', function: { name: 'now', arguments: '{}' } },
        ],
      },
    ]);
    expect(warnings.map((warning) => [warning.code, warning.callId])).toEqual([
      ['generated-call-id', 'call_made'],
    ]);
  });

  it('passes missingThoughtSignature to the Gemini writer', () => {
    const messages = [
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'now', arguments: '{}' } },
        ],
      },
    ];
    expect(
      convertHistory(messages, {
        from: 'openai-chat',
        to: 'gemini',
        missingThoughtSignature: 'omit',
      }),
    ).toEqual({
      messages: [
        { role: 'model', parts: [{ functionCall: { id: 'call_1', name: 'now', args: {} } }] },
      ],
      warnings: [],
      systemInstruction: undefined,
    });
  });
});
