import { expectTypeOf, test } from 'vitest';
import type { ToolCall } from '../../src/core/history.js';
import type { StreamAccumulationError } from '../../src/errors/tool-history-error.js';
import type { AccumulatedToolCall } from '../../src/core/stream/tool-call-stream-event.js';
import type { ToolCallAccumulator } from '../../src/streaming/tool-call-accumulator.js';
import type { ToolCallStreamEvent } from '../../src/core/stream/tool-call-stream-event.js';

test('finished calls go wherever core tool calls are accepted', () => {
  expectTypeOf<AccumulatedToolCall>().toExtend<ToolCall>();
  expectTypeOf<ToolCallAccumulator['calls']>().toExtend<readonly ToolCall[]>();
});

test('events narrow by type', () => {
  const event = {} as ToolCallStreamEvent;
  if (event.type === 'tool-call-delta') expectTypeOf(event.argumentsDelta).toEqualTypeOf<string>();
  if (event.type === 'tool-call-end') expectTypeOf(event.call).toEqualTypeOf<AccumulatedToolCall>();
});

declare const error: StreamAccumulationError;

test('error details narrow by code', () => {
  if (error.detail.code === 'stream-limit')
    expectTypeOf(error.detail.limit).toEqualTypeOf<
      | 'argument-bytes'
      | 'fragments'
      | 'depth'
      | 'line-length'
      | 'calls'
      | 'text-bytes'
      | 'total-bytes'
    >();
  if (error.detail.code === 'invalid-input')
    expectTypeOf(error.detail.field).toEqualTypeOf<string>();
});
