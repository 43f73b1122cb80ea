import { MESSAGE_FORMATS } from '../../src/core/format.js';
import { UnsupportedFormatError } from '../../src/errors/unsupported-format-error.js';
import { describe, expect, it } from 'vitest';
import { convertHistory, fromFormat, toFormat } from '../../src/convert/convert-history.js';

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

describe('fromFormat', () => {
  it('reads the system prompt a format keeps outside its messages from the option it names', () => {
    expect(
      fromFormat([], 'gemini', { systemInstruction: { parts: [{ text: 'Be brief.' }] } }),
    ).toEqual({
      messages: [{ role: 'system', text: 'Be brief.' }],
      warnings: [],
    });
    expect(fromFormat([], 'aiwrapper', { instructions: 'Be brief.' }).messages).toEqual([
      { role: 'system', text: 'Be brief.' },
    ]);
  });

  it('ignores the options of other formats', () => {
    expect(fromFormat([], 'openai-chat', { system: 'Be brief.' })).toEqual({
      messages: [],
      warnings: [],
    });
  });

  it('throws UnsupportedFormatError for an unknown format name', () => {
    expect(() => fromFormat([], 'cohere' as 'vercel')).toThrow(UnsupportedFormatError);
  });
});

describe('toFormat', () => {
  it("passes Gemini's missingThoughtSignature option to the Gemini writer", () => {
    const history = [
      {
        role: 'assistant' as const,
        parts: [{ type: 'tool-call' as const, callId: 'call_1', name: 'now', arguments: {} }],
      },
    ];
    const { messages, warnings } = toFormat(history, 'gemini', { missingThoughtSignature: 'omit' });
    expect(messages).toEqual([
      { role: 'model', parts: [{ functionCall: { id: 'call_1', name: 'now', args: {} } }] },
    ]);
    expect(warnings).toEqual([]);
  });
});
