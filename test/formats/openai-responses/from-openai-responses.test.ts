import { describe, expect, it } from 'vitest';
import { fromOpenAIResponses } from '../../../src/formats/openai-responses/from-openai-responses.js';
import { toOpenAIResponses } from '../../../src/formats/openai-responses/to-openai-responses.js';
import { validateOpenAIResponses } from '../../../src/formats/openai-responses/validate-openai-responses.js';

describe('fromOpenAIResponses', () => {
  it('groups reasoning, text and function_call items into one assistant turn and names outputs after their call', () => {
    const input = [
      { role: 'user', content: 'go' },
      { type: 'reasoning', id: 'rs_1', summary: [] },
      {
        type: 'function_call',
        call_id: 'c1',
        name: 'now',
        arguments: '{}',
        id: 'fc_1',
        status: 'completed',
      },
      { type: 'function_call_output', call_id: 'c1', output: '12:00' },
    ];
    const { messages } = fromOpenAIResponses(input);
    expect(messages).toEqual([
      { role: 'user', sourceIndex: 0, parts: [{ type: 'text', text: 'go' }] },
      {
        role: 'assistant',
        sourceIndex: 1,
        parts: [
          {
            type: 'opaque',
            format: 'openai-responses',
            value: { type: 'reasoning', id: 'rs_1', summary: [] },
          },
          {
            type: 'tool-call',
            callId: 'c1',
            name: 'now',
            arguments: {},
            providerData: { 'openai-responses': { id: 'fc_1', status: 'completed' } },
          },
        ],
      },
      {
        role: 'tool',
        sourceIndex: 3,
        results: [{ callId: 'c1', name: 'now', content: '12:00', isError: false, sourceIndex: 3 }],
      },
    ]);
    expect(toOpenAIResponses(messages)).toEqual({
      messages: [
        { type: 'message', role: 'user', content: 'go' },
        { type: 'reasoning', id: 'rs_1', summary: [] },
        {
          type: 'function_call',
          call_id: 'c1',
          name: 'now',
          arguments: '{}',
          id: 'fc_1',
          status: 'completed',
        },
        { type: 'function_call_output', call_id: 'c1', output: '12:00' },
      ],
      warnings: [],
    });
  });
});

describe('fromOpenAIResponses and validateOpenAIResponses: one parse', () => {
  it.each([
    ['an item that is not an object', ['hi']],
    ['a call without call_id', [{ type: 'function_call', name: 'f', arguments: '{}' }]],
    [
      'an output whose call_id is a number',
      [{ type: 'function_call_output', call_id: 7, output: '' }],
    ],
    ['a message without role or type', [{ content: 'hi' }]],
  ])('refuses %s in the same words', (_name, input) => {
    const words = (run: () => unknown): string => {
      try {
        run();
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
      return 'no error';
    };
    const read = words(() => fromOpenAIResponses(input));
    expect(read).not.toBe('no error');
    expect(read).toBe(words(() => validateOpenAIResponses(input)));
  });
});
