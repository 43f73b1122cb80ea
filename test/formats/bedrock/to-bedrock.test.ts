import { describe, expect, it } from 'vitest';
import type { ToolHistory } from '../../../src/core/history.js';
import { fromBedrock } from '../../../src/formats/bedrock/from-bedrock.js';
import { toBedrock } from '../../../src/formats/bedrock/to-bedrock.js';

describe('toBedrock', () => {
  it('writes calls as toolUse blocks and results as toolResult blocks of the next user message', () => {
    const history: ToolHistory = [
      { role: 'system', text: 'Be brief.' },
      { role: 'user', parts: [{ type: 'text', text: 'Weather in Paris?' }] },
      {
        role: 'assistant',
        parts: [
          { type: 'text', text: 'Checking.' },
          {
            type: 'tool-call',
            callId: 'tooluse_1',
            name: 'get_weather',
            arguments: { city: 'Paris' },
          },
          { type: 'tool-call', callId: 'tooluse_2', name: 'get_time', arguments: {} },
        ],
      },
      {
        role: 'tool',
        results: [
          { callId: 'tooluse_1', name: 'get_weather', content: { temp: 21 }, isError: false },
          { callId: 'tooluse_2', name: 'get_time', content: 'timeout', isError: true },
        ],
      },
      {
        role: 'user',
        parts: [
          { type: 'text', text: 'And [1, 2]?' },
          { type: 'text', text: '' },
        ],
      },
    ];
    expect(toBedrock(history)).toEqual({
      system: [{ text: 'Be brief.' }],
      warnings: [],
      messages: [
        { role: 'user', content: [{ text: 'Weather in Paris?' }] },
        {
          role: 'assistant',
          content: [
            { text: 'Checking.' },
            { toolUse: { toolUseId: 'tooluse_1', name: 'get_weather', input: { city: 'Paris' } } },
            { toolUse: { toolUseId: 'tooluse_2', name: 'get_time', input: {} } },
          ],
        },
        {
          role: 'user',
          content: [
            { toolResult: { toolUseId: 'tooluse_1', content: [{ json: { temp: 21 } }] } },
            {
              toolResult: {
                toolUseId: 'tooluse_2',
                content: [{ text: 'timeout' }],
                status: 'error',
              },
            },
            { text: 'And [1, 2]?' },
          ],
        },
      ],
    });
  });

  it('sends JSON results that are not objects as their text, and an empty result as no block', () => {
    const history: ToolHistory = [
      { role: 'assistant', parts: [{ type: 'tool-call', callId: 'a', name: 'f', arguments: {} }] },
      {
        role: 'tool',
        results: [{ callId: 'a', name: 'f', content: [1, 2], isError: false }],
      },
      { role: 'assistant', parts: [{ type: 'tool-call', callId: 'b', name: 'f', arguments: {} }] },
      { role: 'tool', results: [{ callId: 'b', name: 'f', content: '', isError: false }] },
    ];
    expect(toBedrock(history).messages.filter((message) => message.role === 'user')).toEqual([
      { role: 'user', content: [{ toolResult: { toolUseId: 'a', content: [{ text: '[1,2]' }] } }] },
      { role: 'user', content: [{ toolResult: { toolUseId: 'b', content: [] } }] },
    ]);
  });

  it('warns about what Bedrock cannot carry', () => {
    const history: ToolHistory = [
      { role: 'user', parts: [{ type: 'opaque', format: 'anthropic', value: { type: 'image' } }] },
      {
        role: 'assistant',
        parts: [
          {
            type: 'tool-call',
            callId: 'a',
            name: 'f',
            arguments: {},
            argumentsText: '{"city": "Par',
          },
        ],
      },
      { role: 'tool', results: [{ callId: 'a', name: 'g', content: 'x', isError: false }] },
      { role: 'system', text: 'Late.' },
    ];
    expect(
      toBedrock(history).warnings.map((warning) => [warning.code, warning.messageIndex]),
    ).toEqual([
      ['dropped-content', 0],
      ['dropped-arguments-text', 1],
      ['dropped-result-name', 2],
      ['moved-system-message', 3],
    ]);
  });
});

describe('fromBedrock', () => {
  it('reads results, their status and content, and keeps other blocks opaque', () => {
    const image = { image: { format: 'png', source: { bytes: 'AAAA' } } };
    const reasoning = { reasoningContent: { reasoningText: { text: 'hm', signature: 'sig' } } };
    const several = [{ text: 'a' }, { text: 'b' }];
    const messages = [
      { role: 'user', content: [{ text: 'Look' }, image] },
      {
        role: 'assistant',
        content: [
          reasoning,
          { toolUse: { toolUseId: 't1', name: 'f', input: { q: 1 } } },
          { toolUse: { toolUseId: 't2', name: 'g', input: {} } },
          { toolUse: { toolUseId: 't3', name: 'h', input: {} } },
        ],
      },
      {
        role: 'user',
        content: [
          { toolResult: { toolUseId: 't1', content: [{ json: { ok: true } }], status: 'success' } },
          { toolResult: { toolUseId: 't2', content: several, status: 'error' } },
          { toolResult: { toolUseId: 't3', content: [image] } },
          { cachePoint: { type: 'default' } },
        ],
      },
    ];
    const system = [{ text: 'One.' }, { cachePoint: { type: 'default' } }, { text: 'Two.' }];
    expect(fromBedrock(messages, { system })).toEqual({
      warnings: [],
      messages: [
        { role: 'system', text: 'One.\n\nTwo.' },
        {
          role: 'user',
          sourceIndex: 0,
          parts: [
            { type: 'text', text: 'Look' },
            { type: 'opaque', format: 'bedrock', value: image },
          ],
        },
        {
          role: 'assistant',
          sourceIndex: 1,
          parts: [
            { type: 'opaque', format: 'bedrock', value: reasoning },
            { type: 'tool-call', callId: 't1', name: 'f', arguments: { q: 1 } },
            { type: 'tool-call', callId: 't2', name: 'g', arguments: {} },
            { type: 'tool-call', callId: 't3', name: 'h', arguments: {} },
          ],
        },
        {
          role: 'tool',
          sourceIndex: 2,
          results: [
            {
              callId: 't1',
              name: 'f',
              content: { ok: true },
              isError: false,
              sourceIndex: 2,
              providerData: { bedrock: { status: 'success' } },
            },
            {
              callId: 't2',
              name: 'g',
              content: 'ab',
              isError: true,
              sourceIndex: 2,
              providerData: { bedrock: { content: several } },
            },
            {
              callId: 't3',
              name: 'h',
              content: '',
              isError: false,
              sourceIndex: 2,
              // A result with an image reads into pieces.
              parts: [{ type: 'image', mediaType: 'image/png', data: 'AAAA' }],
            },
          ],
        },
        {
          role: 'user',
          sourceIndex: 2,
          parts: [
            { type: 'opaque', format: 'bedrock', value: { cachePoint: { type: 'default' } } },
          ],
        },
      ],
    });
  });

  it('writes back what it read, results of several blocks and a success status included', () => {
    const messages = [
      { role: 'user', content: [{ text: 'Hi' }] },
      {
        role: 'assistant',
        content: [
          { toolUse: { toolUseId: 't', name: 'f', input: {} } },
          { toolUse: { toolUseId: 'u', name: 'f', input: {} } },
        ],
      },
      {
        role: 'user',
        content: [
          {
            toolResult: {
              toolUseId: 't',
              content: [{ text: 'a' }, { image: { format: 'png', source: { bytes: 'AA' } } }],
              status: 'error',
            },
          },
          { toolResult: { toolUseId: 'u', content: [{ text: 'fine' }], status: 'success' } },
        ],
      },
    ];
    expect(toBedrock(fromBedrock(messages).messages)).toEqual({
      messages,
      system: undefined,
      warnings: [],
    });
  });
});
