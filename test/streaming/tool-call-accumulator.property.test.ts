import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { StreamAccumulationError } from '../../src/errors/tool-history-error.js';
import {
  STREAM_FORMATS,
  createToolCallAccumulator,
  type StreamFormat,
} from '../../src/streaming/tool-call-accumulator.js';
import type { AccumulationResult } from '../../src/core/stream/tool-call-stream-event.js';
import { sequentialIds } from './fixtures.js';
import { numRuns } from './num-runs.js';
import { referencePartialParse } from './reference-partial-parse.js';
import { arbitraryMessage, renderStream, type GeneratedMessage } from './stream-renderers.js';

const arbitraryFormat = fc.constantFrom<StreamFormat>(...STREAM_FORMATS);
const arbitraryCuts = fc.array(fc.nat({ max: 400 }), { maxLength: 12 });

function accumulate(format: StreamFormat, events: readonly unknown[]): AccumulationResult {
  const accumulator = createToolCallAccumulator({ format, generateCallId: sequentialIds() });
  for (const event of events) accumulator.push(event);
  return accumulator.finish();
}

const STOP_REASONS: Partial<Record<StreamFormat, string>> = {
  'openai-chat': 'tool_calls',
  'openai-responses': 'completed',
  anthropic: 'tool_use',
  bedrock: 'tool_use',
  gemini: 'STOP',
};

/** What the message should come out as: provider ids kept, the others generated in call order. */
function expected(format: StreamFormat, message: GeneratedMessage): AccumulationResult {
  let generated = 0;
  // The stop reason each renderer ends its stream with (Ollama sends no done_reason).
  const reason = STOP_REASONS[format];
  const stop = reason === undefined ? {} : { stopReason: reason };
  return {
    ...stop,
    text: message.text,
    calls: message.calls.map((call, position) => ({
      callId: call.idKind === 'provided' ? `call_${position}` : `gen_${++generated}`,
      name: call.name,
      // What JSON can carry: the stream holds JSON text, in which -0 is written as 0.
      arguments: JSON.parse(JSON.stringify(call.arguments)) as Record<string, unknown>,
    })),
  };
}

test.prop([arbitraryFormat, arbitraryMessage, arbitraryCuts, fc.boolean()], {
  numRuns: numRuns(100),
})(
  'any split of the same stream gives identical calls and identical final text, for every format',
  (format, message, cuts, interleave) => {
    const whole = accumulate(format, renderStream(format, message, []));
    expect(whole).toEqual(expected(format, message));
    expect(accumulate(format, renderStream(format, message, cuts, interleave))).toEqual(whole);
  },
);

const arbitraryArgumentsText = fc
  .tuple(
    fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 }),
    fc.constantFrom<number | string>(0, 2, '\t'),
  )
  .map(([value, indent]) => JSON.stringify(value, null, indent));

/** The events that start call `call_0` named `f` without arguments, and one argument piece. */
const liveViewStreams = {
  'openai-chat': {
    start: [
      {
        choices: [
          {
            index: 0,
            delta: {
              tool_calls: [
                {
                  index: 0,
                  id: 'call_0',
                  type: 'function',
                  function: { name: 'f', arguments: '' },
                },
              ],
            },
            finish_reason: null,
          },
        ],
      },
    ],
    piece: (text: string): unknown => ({
      choices: [
        {
          index: 0,
          delta: { tool_calls: [{ index: 0, function: { arguments: text } }] },
          finish_reason: null,
        },
      ],
    }),
  },
  'openai-responses': {
    start: [
      {
        type: 'response.output_item.added',
        output_index: 0,
        item: { type: 'function_call', id: 'fc_0', call_id: 'call_0', name: 'f', arguments: '' },
      },
    ],
    piece: (text: string): unknown => ({
      type: 'response.function_call_arguments.delta',
      item_id: 'fc_0',
      output_index: 0,
      delta: text,
    }),
  },
  anthropic: {
    start: [
      {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'tool_use', id: 'call_0', name: 'f', input: {} },
      },
    ],
    piece: (text: string): unknown => ({
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'input_json_delta', partial_json: text },
    }),
  },
} as const;

test.prop(
  [
    fc.constantFrom('openai-chat', 'openai-responses', 'anthropic' as const),
    arbitraryArgumentsText,
  ],
  { numRuns: numRuns(30) },
)(
  'the live partial arguments at every prefix equal the reference parse of that prefix',
  (format, text) => {
    const stream = liveViewStreams[format];
    const accumulator = createToolCallAccumulator({ format });
    for (const event of stream.start) accumulator.push(event);
    const live = accumulator.liveCalls[0];
    for (let end = 1; end <= text.length; end++) {
      accumulator.push(stream.piece(text.charAt(end - 1)));
      const reference = referencePartialParse(text.slice(0, end));
      expect(live?.partialArguments).toEqual(
        typeof reference === 'object' && reference !== null && !Array.isArray(reference)
          ? reference
          : {},
      );
      expect(live?.ended).toBe(false);
    }
    expect(accumulator.finish().calls).toEqual([
      { callId: 'call_0', name: 'f', arguments: JSON.parse(text) },
    ]);
  },
);

/** UTF-8 bytes as documented: 1–3 per code unit, and 2 per surrogate half (so 4 per pair). */
function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    bytes += code < 0x80 ? 1 : code < 0x800 || (code >= 0xd800 && code < 0xe000) ? 2 : 3;
  }
  return bytes;
}

test.prop(
  [
    fc.string({ minLength: 1, maxLength: 40, unit: 'binary' }),
    fc.array(fc.nat(), { maxLength: 8 }),
    fc.nat({ max: 120 }),
    fc.nat({ max: 12 }),
  ],
  {
    numRuns: numRuns(200),
  },
)(
  'limits: a stream fails exactly when a call exceeds the byte or fragment cap, never grows past it',
  (content, cuts, maxArgumentBytes, maxFragments) => {
    const text = JSON.stringify({ content });
    const pieces = cuts.length === 0 ? [text] : splitAt(text, cuts);
    const accumulator = createToolCallAccumulator({
      format: 'anthropic',
      limits: { maxArgumentBytes, maxFragments },
    });
    accumulator.push({
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'tool_use', id: 'toolu_1', name: 'f', input: {} },
    });
    let bytes = 0;
    let failure: unknown;
    for (const [fragment, piece] of pieces.entries()) {
      bytes += utf8Bytes(piece);
      const overBytes = bytes > maxArgumentBytes;
      const overFragments = fragment + 1 > maxFragments;
      try {
        accumulator.push({
          type: 'content_block_delta',
          index: 0,
          delta: { type: 'input_json_delta', partial_json: piece },
        });
      } catch (error) {
        failure = error;
      }
      expect(failure !== undefined).toBe(overBytes || overFragments);
      if (failure !== undefined) {
        expect(failure).toBeInstanceOf(StreamAccumulationError);
        expect((failure as StreamAccumulationError).detail).toMatchObject({
          code: 'stream-limit',
          limit: overFragments ? 'fragments' : 'argument-bytes',
        });
        return;
      }
      expect(utf8Bytes(accumulator.liveCalls[0]?.argumentsText ?? '')).toBeLessThanOrEqual(
        maxArgumentBytes,
      );
    }
  },
);

function splitAt(text: string, cuts: readonly number[]): string[] {
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let start = 0;
  for (const point of [...points, text.length]) {
    pieces.push(text.slice(start, point));
    start = point;
  }
  return pieces;
}

test('arguments holding -0 arrive as 0, as JSON text carries them (regression: a generated -0)', () => {
  const message: GeneratedMessage = {
    text: '',
    calls: [{ idKind: 'provided', name: 'a', arguments: { '': [-0] } }],
  };
  expect(accumulate('openai-chat', renderStream('openai-chat', message, []))).toEqual({
    text: '',
    calls: [{ callId: 'call_0', name: 'a', arguments: { '': [0] } }],
    stopReason: 'tool_calls',
  });
});
