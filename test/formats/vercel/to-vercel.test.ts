import { describe, expect, it } from 'vitest';
import { convertHistory } from '../../../src/convert/convert-history.js';
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
            isError: false,
            sourceIndex: 0,
            providerData: { vercel: { output: { type: 'execution-denied', reason: 'no' } } },
          },
        ],
      },
    ]);
    expect(toVercel(history).messages).toEqual(messages);
  });

  // What the AI SDK's own providers send for a denial: `output.reason ?? 'Tool execution denied.'`
  // as the tool result's text, with no error flag (vercel/ai packages/openai/src/chat/
  // convert-to-openai-chat-messages.ts, packages/anthropic/src/convert-to-anthropic-messages-prompt.ts).
  const denied = (output: Record<string, unknown>): unknown[] => [
    {
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: 'call_1', toolName: 'pay', input: {} }],
    },
    {
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 'call_1', toolName: 'pay', output }],
    },
  ];

  it('reads an execution-denied output without a reason as the AI SDK sends it', () => {
    const messages = denied({ type: 'execution-denied' });
    const { messages: history } = fromVercel(messages);
    expect(history[1]).toEqual({
      role: 'tool',
      sourceIndex: 1,
      results: [
        {
          callId: 'call_1',
          name: 'pay',
          content: 'Tool execution denied.',
          isError: false,
          sourceIndex: 1,
          providerData: { vercel: { output: { type: 'execution-denied' } } },
        },
      ],
    });
    expect(toVercel(history).messages).toEqual(messages);
  });

  it.each([
    [{ type: 'execution-denied' }, 'Tool execution denied.'],
    [{ type: 'execution-denied', reason: 'The user said no.' }, 'The user said no.'],
  ])(
    'sends a denial %j to Chat Completions as the AI SDK does: %j, not an empty result',
    (output, text) => {
      expect(
        convertHistory(denied(output), { from: 'vercel', to: 'openai-chat' }).messages[1],
      ).toEqual({
        role: 'tool',
        tool_call_id: 'call_1',
        content: text,
      });
    },
  );
});
