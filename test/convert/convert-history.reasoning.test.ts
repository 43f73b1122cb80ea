import { describe, expect, it } from 'vitest';
import { convertHistory } from '../../src/convert/convert-history.js';
import type { ConversionWarning } from '../../src/core/history.js';
import type { MessageFormat } from '../../src/core/format.js';

const reasoningWarnings = (warnings: readonly ConversionWarning[]): [number, string][] =>
  warnings
    .filter((warning) => warning.code === 'dropped-reasoning')
    .map((warning) => [warning.messageIndex, warning.message]);

describe('convertHistory: reasoning that cannot cross to another provider', () => {
  it('names Anthropic thinking and redacted_thinking blocks, with the message index', () => {
    const messages = [
      { role: 'user', content: 'weather?' },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'Paris, then.', signature: 'EqQBCgIYAh' },
          { type: 'redacted_thinking', data: 'EmwKAhgBEgy3' },
          { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '21C' }] },
    ];
    const { warnings } = convertHistory(messages, { from: 'anthropic', to: 'openai-chat' });
    expect(reasoningWarnings(warnings)).toEqual([
      [
        1,
        'openai-chat cannot take anthropic reasoning (type "thinking"): only the provider that produced it takes it back; it was left out.',
      ],
      [
        1,
        'openai-chat cannot take anthropic reasoning (type "redacted_thinking"): only the provider that produced it takes it back; it was left out.',
      ],
    ]);
    expect(warnings.map((warning) => warning.code)).toEqual([
      'dropped-reasoning',
      'dropped-reasoning',
    ]);
  });

  it('names Bedrock reasoningContent blocks, which have no type field', () => {
    const messages = [
      { role: 'user', content: [{ text: 'weather?' }] },
      {
        role: 'assistant',
        content: [
          { reasoningContent: { reasoningText: { text: 'Paris, then.', signature: 'sig' } } },
          { toolUse: { toolUseId: 'tooluse_1', name: 'get_weather', input: { city: 'Paris' } } },
        ],
      },
      {
        role: 'user',
        content: [{ toolResult: { toolUseId: 'tooluse_1', content: [{ text: '21C' }] } }],
      },
    ];
    const { warnings } = convertHistory(messages, { from: 'bedrock', to: 'anthropic' });
    expect(warnings.map((warning) => [warning.code, warning.messageIndex])).toEqual([
      ['dropped-reasoning', 1],
    ]);
  });

  it('names Responses reasoning items (encrypted_content)', () => {
    const input = [
      { role: 'user', content: 'weather?' },
      { type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: 'gAAAA' },
      {
        type: 'function_call',
        call_id: 'call_1',
        name: 'get_weather',
        arguments: '{"city":"Paris"}',
      },
      { type: 'function_call_output', call_id: 'call_1', output: '21C' },
    ];
    const { warnings } = convertHistory(input, { from: 'openai-responses', to: 'anthropic' });
    expect(warnings.map((warning) => [warning.code, warning.messageIndex])).toEqual([
      ['dropped-reasoning', 1],
    ]);
  });

  it('names Gemini thought parts and thought signatures, apart from other extras', () => {
    const contents = [
      { role: 'user', parts: [{ text: 'weather?' }] },
      {
        role: 'model',
        parts: [
          { text: 'Thinking about Paris', thought: true },
          {
            functionCall: { id: 'c1', name: 'get_weather', args: { city: 'Paris' } },
            thoughtSignature: 'CiQBcsjafQ',
          },
        ],
      },
      {
        role: 'user',
        parts: [{ functionResponse: { id: 'c1', name: 'get_weather', response: { t: 21 } } }],
      },
    ];
    const { warnings } = convertHistory(contents, { from: 'gemini', to: 'anthropic' });
    expect(warnings.map((warning) => [warning.code, warning.messageIndex])).toEqual([
      ['dropped-reasoning', 1],
      ['dropped-reasoning', 1],
    ]);
  });

  it("names DeepSeek's reasoning_content", () => {
    const messages = [
      { role: 'user', content: 'weather?' },
      {
        role: 'assistant',
        content: '',
        reasoning_content: 'The user wants Paris.',
        tool_calls: [
          {
            id: 'call_0_1',
            type: 'function',
            function: { name: 'get_weather', arguments: '{}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_0_1', content: '21C' },
    ];
    const { warnings } = convertHistory(messages, { from: 'openai-chat', to: 'gemini' });
    expect(reasoningWarnings(warnings)).toEqual([
      [
        1,
        'gemini cannot take openai-chat reasoning (reasoning_content): only the provider that produced it takes it back; it was left out.',
      ],
    ]);
  });

  it.each<[MessageFormat, unknown[]]>([
    [
      'vercel',
      [
        { role: 'user', content: 'weather?' },
        { role: 'assistant', content: [{ type: 'reasoning', text: 'Paris.' }] },
      ],
    ],
    [
      'aiwrapper',
      [
        { role: 'user', items: [{ type: 'text', text: 'weather?' }] },
        { role: 'assistant', items: [{ type: 'reasoning', text: 'Paris.' }] },
      ],
    ],
  ])('names %s reasoning parts', (from, messages) => {
    const { warnings } = convertHistory(messages, { from, to: 'anthropic' });
    expect(warnings.map((warning) => [warning.code, warning.messageIndex])).toEqual([
      ['dropped-reasoning', 1],
    ]);
  });

  it('keeps reasoning, with no warning, when the target is its own format', () => {
    const block = { type: 'thinking', thinking: 'Paris.', signature: 'EqQB' };
    const messages = [
      { role: 'user', content: 'weather?' },
      { role: 'assistant', content: [block, { type: 'text', text: 'Sunny.' }] },
    ];
    const result = convertHistory(messages, { from: 'anthropic', to: 'anthropic' });
    expect(result.warnings).toEqual([]);
    expect(result.messages[1]).toEqual(messages[1]);
  });
});
