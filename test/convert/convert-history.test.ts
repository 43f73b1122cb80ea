import { MESSAGE_FORMATS } from '../../src/core/format.js';
import { UnsupportedFormatError } from '../../src/errors/unsupported-format-error.js';
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
});
