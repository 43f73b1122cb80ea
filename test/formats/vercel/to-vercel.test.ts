import { describe, expect, it } from 'vitest';
import { fromVercel } from '../../../src/formats/vercel/from-vercel.js';
import { toVercel } from '../../../src/formats/vercel/to-vercel.js';

describe('toVercel', () => {
  it('writes error results as error-text or error-json, and malformed argument text as a string input', () => {
    expect(
      toVercel([
        {
          role: 'assistant',
          parts: [
            { type: 'tool-call', callId: 'a', name: 'f', arguments: {}, argumentsText: '{"x' },
          ],
        },
        {
          role: 'tool',
          results: [{ callId: 'a', name: 'f', content: { code: 500 }, isError: true }],
        },
      ]),
    ).toEqual({
      messages: [
        {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: 'a', toolName: 'f', input: '{"x' }],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'a',
              toolName: 'f',
              output: { type: 'error-json', value: { code: 500 } },
            },
          ],
        },
      ],
      warnings: [],
    });
  });
});

describe('fromVercel', () => {
  it('keeps an execution-denied output whole so it converts back verbatim', () => {
    const messages = [
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'a',
            toolName: 'f',
            output: { type: 'execution-denied', reason: 'no' },
          },
        ],
      },
    ];
    const { messages: history } = fromVercel(messages);
    expect(history).toEqual([
      {
        role: 'tool',
        sourceIndex: 0,
        results: [
          {
            callId: 'a',
            name: 'f',
            content: 'no',
            isError: true,
            sourceIndex: 0,
            providerData: { vercel: { output: { type: 'execution-denied', reason: 'no' } } },
          },
        ],
      },
    ]);
    expect(toVercel(history).messages).toEqual(messages);
  });
});
