import { describe, expect, it } from 'vitest';
import { StreamAccumulationError } from '../../../src/errors/tool-history-error.js';
import type { ToolCallStreamEvent } from '../../../src/core/stream/tool-call-stream-event.js';
import { accumulateSSE, type AccumulateSSEOptions } from '../../../src/streaming/accumulate-sse.js';
import { createToolCallAccumulator } from '../../../src/streaming/tool-call-accumulator.js';
import { sequentialIds } from '../../streaming/fixtures.js';

/** ConverseStream events as @aws-sdk/client-bedrock-runtime yields them for one reply. */
const EVENTS: readonly unknown[] = [
  { messageStart: { role: 'assistant' } },
  { contentBlockDelta: { contentBlockIndex: 0, delta: { text: 'Let me ' } } },
  { contentBlockDelta: { contentBlockIndex: 0, delta: { text: 'check.' } } },
  { contentBlockStop: { contentBlockIndex: 0 } },
  {
    contentBlockStart: {
      contentBlockIndex: 1,
      start: { toolUse: { toolUseId: 'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q', name: 'get_weather' } },
    },
  },
  { contentBlockDelta: { contentBlockIndex: 1, delta: { toolUse: { input: '' } } } },
  { contentBlockDelta: { contentBlockIndex: 1, delta: { toolUse: { input: '{"city": "Par' } } } },
  { contentBlockDelta: { contentBlockIndex: 1, delta: { toolUse: { input: 'is"}' } } } },
  { contentBlockStop: { contentBlockIndex: 1 } },
  {
    contentBlockStart: {
      contentBlockIndex: 2,
      start: { toolUse: { toolUseId: 'tooluse_2', name: 'get_time' } },
    },
  },
  { contentBlockStop: { contentBlockIndex: 2 } },
  { messageStop: { stopReason: 'tool_use' } },
  {
    metadata: {
      usage: { inputTokens: 10, outputTokens: 5, totalTokens: 15 },
      metrics: { latencyMs: 100 },
    },
  },
];

function accumulate(
  events: readonly unknown[],
): ReturnType<ReturnType<typeof createToolCallAccumulator>['finish']> {
  const accumulator = createToolCallAccumulator({
    format: 'bedrock',
    generateCallId: sequentialIds(),
  });
  for (const event of events) accumulator.push(event);
  return accumulator.finish();
}

describe('createToolCallAccumulator: Bedrock ConverseStream', () => {
  it('opens a call on contentBlockStart, appends toolUse input deltas, ends it on contentBlockStop', () => {
    expect(accumulate(EVENTS)).toEqual({
      text: 'Let me check.',
      calls: [
        {
          callId: 'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q',
          name: 'get_weather',
          arguments: { city: 'Paris' },
        },
        // A call without input deltas has no parameters.
        { callId: 'tooluse_2', name: 'get_time', arguments: {} },
      ],
      stopReason: 'tool_use',
    });
  });

  it('reports each kind of event to the listener in order', () => {
    const seen: string[] = [];
    const accumulator = createToolCallAccumulator({
      format: 'bedrock',
      listener: (event: ToolCallStreamEvent) => {
        seen.push(event.type);
      },
    });
    for (const event of EVENTS.slice(0, 9)) accumulator.push(event);
    expect(seen).toEqual([
      'text-delta',
      'text-delta',
      'tool-call-start',
      'tool-call-delta',
      'tool-call-delta',
      'tool-call-end',
    ]);
  });

  it('ends calls still open at messageStop, and at the end of the stream', () => {
    const open = EVENTS.filter(
      (event) => !(typeof event === 'object' && event !== null && 'contentBlockStop' in event),
    );
    expect(accumulate(open).calls.map((call) => call.callId)).toEqual([
      'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q',
      'tooluse_2',
    ]);
    expect(accumulate(open.slice(0, 7)).calls).toEqual([
      {
        callId: 'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q',
        name: 'get_weather',
        arguments: { city: 'Paris' },
      },
    ]);
  });

  it('keeps input whose block never started, under a generated id', () => {
    expect(
      accumulate([
        { contentBlockDelta: { contentBlockIndex: 3, delta: { toolUse: { input: '{"a":1}' } } } },
        { contentBlockStop: { contentBlockIndex: 3 } },
      ]),
    ).toEqual({ text: '', calls: [{ callId: 'gen_1', name: '', arguments: { a: 1 } }] });
  });

  it('ignores reasoning deltas, messageStart, metadata and events it does not know', () => {
    expect(
      accumulate([
        { messageStart: { role: 'assistant' } },
        {
          contentBlockDelta: {
            contentBlockIndex: 0,
            delta: { reasoningContent: { text: 'thinking' } },
          },
        },
        { contentBlockStop: { contentBlockIndex: 0 } },
        { somethingNew: {} },
        { metadata: { usage: {} } },
      ]),
    ).toEqual({ text: '', calls: [] });
  });

  it.each([
    [
      'an event that is not an object',
      'contentBlockDelta',
      'events[0] should be a stream event object',
    ],
    [
      'a toolUse input that is not a string',
      { contentBlockDelta: { contentBlockIndex: 0, delta: { toolUse: { input: { a: 1 } } } } },
      'events[0].contentBlockDelta.delta.toolUse.input should be a string',
    ],
    [
      'a text delta that is not a string',
      { contentBlockDelta: { contentBlockIndex: 0, delta: { text: 5 } } },
      'events[0].contentBlockDelta.delta.text should be a string',
    ],
    [
      'a negative block index',
      { contentBlockStop: { contentBlockIndex: -1 } },
      'events[0].contentBlockStop.contentBlockIndex should be a non-negative integer',
    ],
    [
      'a toolUseId that is not a string',
      {
        contentBlockStart: {
          contentBlockIndex: 0,
          start: { toolUse: { toolUseId: 7, name: 'f' } },
        },
      },
      'events[0].contentBlockStart.start.toolUse.toolUseId should be a string',
    ],
  ])('throws a typed invalid-input error for %s', (_, event, message) => {
    const accumulator = createToolCallAccumulator({ format: 'bedrock' });
    let caught: unknown;
    try {
      accumulator.push(event);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(StreamAccumulationError);
    expect((caught as StreamAccumulationError).code).toBe('invalid-input');
    expect((caught as Error).message).toContain(message);
  });

  it('throws on an exception event, quoting Bedrock’s message, after keeping the calls so far', () => {
    const accumulator = createToolCallAccumulator({ format: 'bedrock' });
    for (const event of EVENTS.slice(0, 9)) accumulator.push(event);
    const exception = {
      modelStreamErrorException: {
        message: 'Model stream error',
        originalStatusCode: 500,
        originalMessage: 'boom',
      },
    };
    expect(() => {
      accumulator.push(exception);
    }).toThrow(
      new StreamAccumulationError(
        { code: 'invalid-input', eventIndex: 9, field: 'modelStreamErrorException' },
        'events[9] is a modelStreamErrorException from Bedrock: "Model stream error". The stream ended there; the calls so far are incomplete. Retry the request.',
      ),
    );
    expect(accumulator.calls.map((call) => call.callId)).toEqual([
      'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q',
    ]);
  });
});

describe('accumulateSSE: Bedrock events one JSON object per line', () => {
  it('reads the json-lines framing by default', async () => {
    const body = EVENTS.map((event) => `${JSON.stringify(event)}\n`).join('');
    const options: AccumulateSSEOptions = { format: 'bedrock', generateCallId: sequentialIds() };
    const result = await accumulateSSE(
      (async function* () {
        await Promise.resolve();
        yield new TextEncoder().encode(body);
      })(),
      options,
    );
    expect(result).toEqual(accumulate(EVENTS));
  });
});
