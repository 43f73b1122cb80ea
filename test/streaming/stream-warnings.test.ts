import { describe, expect, it } from 'vitest';
import { createToolCallAccumulator } from '../../src/streaming/tool-call-accumulator.js';
import { sequentialIds } from './fixtures.js';

describe('what a stream sent and the accumulator did not use is reported', () => {
  it('Anthropic: an input_json_delta after content_block_stop is a warning, not dropped silently', () => {
    const accumulator = createToolCallAccumulator({ format: 'anthropic' });
    const events = [
      {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'tool_use', id: 'toolu_1', name: 'weather', input: {} },
      },
      {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'input_json_delta', partial_json: '{"city":"Paris"}' },
      },
      { type: 'content_block_stop', index: 0 },
      {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'input_json_delta', partial_json: ',"x":1' },
      },
      { type: 'message_stop' },
    ];
    for (const event of events) accumulator.push(event);
    expect(accumulator.finish()).toEqual({
      text: '',
      calls: [{ callId: 'toolu_1', name: 'weather', arguments: { city: 'Paris' } }],
      warnings: [
        {
          code: 'arguments-after-end',
          eventIndex: 3,
          callIndex: 0,
          callId: 'toolu_1',
          message:
            'events[3]: tool call 0 ("toolu_1"): 6 characters of arguments arrived after the call had ended; they were not added.',
        },
      ],
    });
  });

  it('Responses: .done arguments that differ from the deltas are a warning; the deltas are kept', () => {
    const accumulator = createToolCallAccumulator({
      format: 'openai-responses',
      generateCallId: sequentialIds(),
    });
    const events = [
      {
        type: 'response.output_item.added',
        output_index: 0,
        item: {
          type: 'function_call',
          id: 'fc_1',
          call_id: 'call_1',
          name: 'weather',
          arguments: '',
        },
      },
      {
        type: 'response.function_call_arguments.delta',
        item_id: 'fc_1',
        output_index: 0,
        delta: '{"city":"Paris"}',
      },
      {
        type: 'response.function_call_arguments.done',
        item_id: 'fc_1',
        output_index: 0,
        arguments: '{"city":"Rome"}',
      },
    ];
    for (const event of events) accumulator.push(event);
    const result = accumulator.finish();
    expect(result.calls).toEqual([
      { callId: 'call_1', name: 'weather', arguments: { city: 'Paris' } },
    ]);
    expect(result.warnings).toEqual([
      {
        code: 'done-arguments-differ',
        eventIndex: 2,
        callIndex: 0,
        callId: 'call_1',
        message:
          'events[2]: tool call 0 ("call_1"): the whole arguments of the done event (15 characters) differ from the 16 characters streamed as deltas; the deltas were kept.',
      },
    ]);
  });

  it('Responses: .done arguments equal to the deltas give no warning', () => {
    const accumulator = createToolCallAccumulator({ format: 'openai-responses' });
    accumulator.push({
      type: 'response.output_item.added',
      output_index: 0,
      item: { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'f', arguments: '' },
    });
    accumulator.push({
      type: 'response.function_call_arguments.delta',
      item_id: 'fc_1',
      delta: '{}',
    });
    accumulator.push({
      type: 'response.function_call_arguments.done',
      item_id: 'fc_1',
      arguments: '{}',
    });
    expect(accumulator.finish()).toEqual({
      text: '',
      calls: [{ callId: 'call_1', name: 'f', arguments: {} }],
    });
  });
});
