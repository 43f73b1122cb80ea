import type { ResponseInputItem } from 'openai/resources/responses/responses';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import { fromOpenAIResponses } from '../../../src/formats/openai-responses/from-openai-responses.js';
import { toOpenAIResponses } from '../../../src/formats/openai-responses/to-openai-responses.js';
import { convertHistory } from '../../../src/convert/convert-history.js';
import { repairHistory } from '../../../src/repair/repair-history.js';

const user: ResponseInputItem = { type: 'message', role: 'user', content: 'go' };

describe('fromOpenAIResponses: custom tool calls and output parts', () => {
  it('reads a custom call as a custom neutral call whose input is its text', () => {
    const input: ResponseInputItem[] = [
      user,
      { type: 'custom_tool_call', call_id: 'call_c', name: 'apply', input: '{"a": 1}' },
      { type: 'custom_tool_call_output', call_id: 'call_c', output: 'ok' },
    ];
    expect(fromOpenAIResponses(input).messages.slice(1)).toEqual([
      {
        role: 'assistant',
        sourceIndex: 1,
        parts: [
          {
            type: 'tool-call',
            kind: 'custom',
            callId: 'call_c',
            name: 'apply',
            arguments: {},
            argumentsText: '{"a": 1}',
          },
        ],
      },
      {
        role: 'tool',
        sourceIndex: 2,
        results: [
          {
            callId: 'call_c',
            name: 'apply',
            content: 'ok',
            isError: false,
            kind: 'custom',
            sourceIndex: 2,
          },
        ],
      },
    ]);
    expect(toOpenAIResponses(fromOpenAIResponses(input).messages).messages).toEqual(input);
  });

  it('reads an output array with an image and a file into parts, and writes it back', () => {
    const output = [
      { type: 'input_text', text: 'chart' },
      { type: 'input_image', image_url: 'data:image/png;base64,iVBO', detail: 'high' },
      { type: 'input_file', file_id: 'file_1', filename: 'r.pdf' },
    ] as const;
    const input: ResponseInputItem[] = [
      user,
      { type: 'function_call', call_id: 'call_1', name: 'plot', arguments: '{}' },
      { type: 'function_call_output', call_id: 'call_1', output: [...output] },
    ];
    const [, , results] = fromOpenAIResponses(input).messages;
    expect(results).toEqual({
      role: 'tool',
      sourceIndex: 2,
      results: [
        {
          callId: 'call_1',
          name: 'plot',
          content: 'chart',
          parts: [
            { type: 'text', text: 'chart' },
            {
              type: 'image',
              mediaType: 'image/png',
              data: 'iVBO',
              providerData: { 'openai-responses': { detail: 'high' } },
            },
            { type: 'document', fileId: 'file_1', filename: 'r.pdf' },
          ],
          isError: false,
          sourceIndex: 2,
        },
      ],
    });
    expect(toOpenAIResponses(fromOpenAIResponses(input).messages).messages).toEqual(input);
  });

  it('keeps an output array with a piece parts cannot say whole', () => {
    const output = [
      { type: 'input_image', image_url: 'https://x/a.png' },
      { type: 'input_file', file_data: 'JVBERi0=' },
    ];
    const input = [user, { type: 'function_call', call_id: 'c', name: 'n', arguments: '{}' }];
    const items = [...input, { type: 'function_call_output', call_id: 'c', output }];
    const [, , results] = fromOpenAIResponses(items).messages;
    expect(results?.role === 'tool' && results.results[0]?.parts).toBe(undefined);
    expect(toOpenAIResponses(fromOpenAIResponses(items).messages).messages).toEqual(items);
  });
});

describe('convertHistory between Chat and Responses: custom calls', () => {
  it('maps a Chat custom call to a Responses custom_tool_call and its result to its output', () => {
    const messages: ChatCompletionMessageParam[] = [
      { role: 'user', content: 'go' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_c', type: 'custom', custom: { name: 'apply', input: 'x y' } }],
      },
      { role: 'tool', tool_call_id: 'call_c', content: 'ok' },
    ];
    const responses = convertHistory(messages, { from: 'openai-chat', to: 'openai-responses' });
    expect(responses).toEqual({
      messages: [
        { type: 'message', role: 'user', content: 'go' },
        { type: 'custom_tool_call', call_id: 'call_c', name: 'apply', input: 'x y' },
        { type: 'custom_tool_call_output', call_id: 'call_c', output: 'ok' },
      ],
      warnings: [],
    });
    const back = convertHistory(responses.messages, {
      from: 'openai-responses',
      to: 'openai-chat',
    });
    expect(back).toEqual({ messages, warnings: [] });
  });

  it('answers an unanswered custom call with a custom_tool_call_output, named after its tool', () => {
    const input: ResponseInputItem[] = [
      user,
      { type: 'custom_tool_call', call_id: 'call_c', name: 'apply', input: 'x' },
      user,
    ];
    const { messages } = repairHistory(input, { format: 'openai-responses' });
    expect(messages[2]).toMatchObject({ type: 'custom_tool_call_output', call_id: 'call_c' });
    const chat = [
      { role: 'user', content: 'go' },
      {
        role: 'assistant',
        tool_calls: [{ id: 'c', type: 'custom', custom: { name: 'apply', input: 'x' } }],
      },
      { role: 'user', content: 'next' },
    ];
    const repaired = repairHistory(chat, { format: 'openai-chat' });
    // The placeholder names the custom tool, not "" (openai/openai-agents-python#3308).
    expect(repaired.fixes.map((fix) => fix.message)).toEqual([
      'The call (tool "apply", position 0 of its turn) had no result; a placeholder marked as an error was added (not-recorded).',
    ]);
  });
});
