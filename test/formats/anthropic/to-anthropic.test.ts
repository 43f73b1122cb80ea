import { describe, expect, it } from 'vitest';
import type { ToolHistory } from '../../../src/core/history.js';
import { fromAnthropic } from '../../../src/formats/anthropic/from-anthropic.js';
import { toAnthropic } from '../../../src/formats/anthropic/to-anthropic.js';

describe('toAnthropic', () => {
  it('puts results first in the user turn, keeps is_error, and moves system messages to system', () => {
    const history: ToolHistory = [
      { role: 'system', text: 'be brief' },
      { role: 'user', parts: [{ type: 'text', text: 'weather?' }] },
      {
        role: 'assistant',
        parts: [
          { type: 'text', text: 'checking' },
          {
            type: 'tool-call',
            callId: 'toolu_1',
            name: 'get_weather',
            arguments: { city: 'Paris' },
          },
        ],
      },
      {
        role: 'tool',
        results: [{ callId: 'toolu_1', name: 'get_weather', content: 'timeout', isError: true }],
      },
      { role: 'user', parts: [{ type: 'text', text: 'try again' }] },
      { role: 'system', text: 'late' },
    ];
    expect(toAnthropic(history)).toEqual({
      system: 'be brief\n\nlate',
      messages: [
        { role: 'user', content: 'weather?' },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'checking' },
            { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: 'timeout', is_error: true },
            { type: 'text', text: 'try again' },
          ],
        },
      ],
      warnings: [
        {
          code: 'moved-system-message',
          messageIndex: 5,
          message: expect.stringContaining('system prompt'),
        },
      ],
    });
  });

  it('replaces malformed argument text by {} with a warning', () => {
    const { messages, warnings } = toAnthropic([
      {
        role: 'assistant',
        parts: [{ type: 'tool-call', callId: 'a', name: 'f', arguments: {}, argumentsText: '{"x' }],
      },
    ]);
    expect({ messages, warnings: warnings.map((warning) => warning.code) }).toEqual({
      messages: [
        { role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'f', input: {} }] },
      ],
      warnings: ['dropped-arguments-text'],
    });
  });
});

describe('fromAnthropic', () => {
  it('joins the system blocks by a blank line and names a malformed one', () => {
    const system = [
      { type: 'text', text: 'a', cache_control: { type: 'ephemeral' } },
      { text: 'b' },
    ];
    expect(fromAnthropic([], { system }).messages).toEqual([{ role: 'system', text: 'a\n\nb' }]);
    expect(fromAnthropic([], { system: 'plain' }).messages).toEqual([
      { role: 'system', text: 'plain' },
    ]);
    expect(() => fromAnthropic([], { system: [{ text: 1 }] })).toThrow(/system\[0\]\.text/);
    expect(() => fromAnthropic([], { system: ['a'] })).toThrow(/system\[0\]/);
    expect(() => fromAnthropic([], { system: 1 })).toThrow(
      /system is a number, but must be an array/,
    );
  });

  it('splits a user turn into results and text, naming results after their tool_use', () => {
    const messages = [
      {
        role: 'assistant',
        content: [
          {
            type: 'tool_use',
            id: 't1',
            name: 'now',
            input: {},
            cache_control: { type: 'ephemeral' },
          },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: '12:00' }] },
          { type: 'text', text: 'thanks' },
        ],
      },
    ];
    expect(fromAnthropic(messages)).toEqual({
      messages: [
        {
          role: 'assistant',
          sourceIndex: 0,
          parts: [
            {
              type: 'tool-call',
              callId: 't1',
              name: 'now',
              arguments: {},
              providerData: { anthropic: { cache_control: { type: 'ephemeral' } } },
            },
          ],
        },
        {
          role: 'tool',
          sourceIndex: 1,
          results: [
            {
              callId: 't1',
              name: 'now',
              content: '12:00',
              isError: false,
              sourceIndex: 1,
              providerData: { anthropic: { content: [{ type: 'text', text: '12:00' }] } },
            },
          ],
        },
        { role: 'user', sourceIndex: 1, parts: [{ type: 'text', text: 'thanks' }] },
      ],
      warnings: [],
    });
    expect(toAnthropic(fromAnthropic(messages).messages).messages).toEqual(messages);
  });
});
