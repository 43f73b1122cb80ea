import { describe, expect, it } from 'vitest';
import { detectFormat } from '../../src/cli/read-input.js';

describe('detectFormat', () => {
  it.each([
    ['openai-chat', [{ role: 'assistant', content: null, tool_calls: [] }]],
    ['openai-responses', [{ type: 'function_call', call_id: 'a', name: 'f', arguments: '{}' }]],
    [
      'anthropic',
      [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a', content: 'x' }] }],
    ],
    ['gemini', [{ role: 'model', parts: [{ text: 'hi' }] }]],
    [
      'vercel',
      [
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'a',
              toolName: 'f',
              output: { type: 'text', value: 'x' },
            },
          ],
        },
      ],
    ],
    ['aiwrapper', [{ role: 'tool-results', items: [] }]],
    ['bedrock', [{ role: 'user', content: [{ text: 'Weather?' }] }]],
    [
      'bedrock',
      [
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: [{ toolUse: { toolUseId: 'tooluse_1', name: 'f', input: {} } }],
        },
      ],
    ],
  ])('recognizes %s by what only it has', (format, messages) => {
    expect(detectFormat(messages)).toEqual({ format, certain: true });
  });

  it('takes the key that held the messages as proof: contents is Gemini, input the Responses API', () => {
    expect([detectFormat([], 'contents'), detectFormat([], 'input')]).toEqual([
      { format: 'gemini', certain: true },
      { format: 'openai-responses', certain: true },
    ]);
  });

  it('calls plain text turns openai-chat, not certain', () => {
    expect(
      detectFormat([
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'hello' },
      ]),
    ).toEqual({ format: 'openai-chat', certain: false });
  });
});
