import { describe, expect, it } from 'vitest';
import { fromAiwrapper } from '../../../src/formats/aiwrapper/from-aiwrapper.js';
import { toAiwrapper } from '../../../src/formats/aiwrapper/to-aiwrapper.js';
import { convertHistory } from '../../../src/index.js';

describe('toAiwrapper', () => {
  it('writes tool items and tool-results messages, moving system text to instructions and marking error results', () => {
    expect(
      toAiwrapper([
        { role: 'system', text: 'be brief' },
        {
          role: 'assistant',
          parts: [{ type: 'tool-call', callId: 'a', name: 'now', arguments: {} }],
        },
        {
          role: 'tool',
          results: [{ callId: 'a', name: 'now', content: { error: 'down' }, isError: true }],
        },
      ]),
    ).toEqual({
      instructions: 'be brief',
      messages: [
        { role: 'assistant', items: [{ type: 'tool', callId: 'a', name: 'now', arguments: {} }] },
        {
          role: 'tool-results',
          items: [
            {
              type: 'tool-result',
              callId: 'a',
              name: 'now',
              result: { error: 'down' },
              isError: true,
            },
          ],
        },
      ],
      warnings: [],
    });
  });

  it('carries the error mark of a loop-written result to Anthropic and back, and leaves other results unmarked', () => {
    const items = [
      { type: 'tool-result', callId: 'toolu_a', name: 'f', result: 'fine' },
      { type: 'tool-result', callId: 'toolu_b', name: 'f', result: { error: true }, isError: true },
    ];
    const messages = [
      {
        role: 'assistant',
        items: [
          { type: 'tool', callId: 'toolu_a', name: 'f', arguments: {} },
          { type: 'tool', callId: 'toolu_b', name: 'f', arguments: {} },
        ],
      },
      { role: 'tool-results', items },
    ];
    const history = fromAiwrapper(messages).messages;
    const anthropic = convertHistory(messages, { from: 'aiwrapper', to: 'anthropic' }).messages as {
      content: { is_error?: boolean }[];
    }[];
    expect(anthropic[1]?.content.map((block) => block.is_error)).toEqual([undefined, true]);
    expect(toAiwrapper(history).messages[1]?.items).toEqual(items);
  });
});

describe('fromAiwrapper', () => {
  it('keeps meta in providerData and other items opaque', () => {
    expect(
      fromAiwrapper([
        {
          role: 'user',
          items: [
            { type: 'text', text: 'hi' },
            { type: 'image', url: 'u' },
          ],
          meta: { id: 1 },
        },
      ]),
    ).toEqual({
      messages: [
        {
          role: 'user',
          sourceIndex: 0,
          providerData: { aiwrapper: { meta: { id: 1 } } },
          parts: [
            { type: 'text', text: 'hi' },
            { type: 'opaque', format: 'aiwrapper', value: { type: 'image', url: 'u' } },
          ],
        },
      ],
      warnings: [],
    });
  });
});
