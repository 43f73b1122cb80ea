import { describe, expect, it } from 'vitest';
import type { ToolHistory } from '../../../src/core/history.js';
import { toOpenAIChat } from '../../../src/formats/openai-chat/to-openai-chat.js';

describe('toOpenAIChat', () => {
  it('warns about what tool messages cannot hold: the error flag, a name unlike the call, text after calls', () => {
    const history: ToolHistory = [
      {
        role: 'assistant',
        parts: [
          { type: 'tool-call', callId: 'a', name: 'search', arguments: { q: 'x' } },
          { type: 'text', text: 'searching' },
        ],
      },
      {
        role: 'tool',
        results: [{ callId: 'a', name: 'lookup', content: { hits: 0 }, isError: true }],
      },
    ];
    expect(toOpenAIChat(history)).toEqual({
      messages: [
        {
          role: 'assistant',
          content: 'searching',
          tool_calls: [
            { id: 'a', type: 'function', function: { name: 'search', arguments: '{"q":"x"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'a', content: '{"hits":0}' },
      ],
      warnings: [
        {
          code: 'reordered-parts',
          messageIndex: 0,
          message: expect.stringContaining('before its tool calls'),
        },
        {
          code: 'dropped-result-name',
          messageIndex: 1,
          callId: 'a',
          message: expect.stringContaining('"lookup"'),
        },
        {
          code: 'dropped-error-flag',
          messageIndex: 1,
          callId: 'a',
          message: expect.stringContaining('no error flag'),
        },
      ],
    });
  });

  it("drops another format's parts and extras with warnings", () => {
    const history: ToolHistory = [
      {
        role: 'assistant',
        parts: [
          {
            type: 'opaque',
            format: 'anthropic',
            value: { type: 'thinking', thinking: 'hm', signature: 's' },
          },
          {
            type: 'tool-call',
            callId: 'a',
            name: 'now',
            arguments: {},
            providerData: { gemini: { thoughtSignature: 'sig' } },
          },
          {
            type: 'opaque',
            format: 'anthropic',
            value: { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: {} },
          },
        ],
        providerData: { anthropic: { cache_control: { type: 'ephemeral' } } },
      },
    ];
    // Reasoning (Anthropic thinking, Gemini thought signatures) is named as such.
    expect(toOpenAIChat(history).warnings.map((warning) => warning.code)).toEqual([
      'dropped-provider-data',
      'dropped-reasoning',
      'dropped-reasoning',
      'dropped-content',
    ]);
  });
});
