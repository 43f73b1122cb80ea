import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { hasShared } from '../helpers/shared-dir.js';
import { accumulateSSE, readStreamEvents } from '../../src/streaming/accumulate-sse.js';
import { createToolCallAccumulator } from '../../src/streaming/tool-call-accumulator.js';
import type {
  AccumulationResult,
  LiveToolCall,
} from '../../src/core/stream/tool-call-stream-event.js';
import { sequentialIds } from './fixtures.js';
import { numRuns } from './num-runs.js';
import {
  asServerSentEvents,
  cutAt,
  expectRecorded,
  recordedBody,
  recordedStreams,
  type RecordedStream,
} from './recorded-streams.js';

const present = hasShared('recorded-streams');
const streams = present ? recordedStreams() : [];

interface Replay {
  readonly result: AccumulationResult;
  readonly live: readonly LiveToolCall[];
  readonly events: number;
}

/**
 * Reads the chunks event by event into an accumulator, reading the live view after every event as
 * a UI does (each call's argument text and partial arguments).
 */
async function replay(
  stream: RecordedStream,
  chunks: readonly Uint8Array[],
  framing: 'sse' | 'json-lines',
): Promise<Replay> {
  const accumulator = createToolCallAccumulator({
    format: stream.format,
    generateCallId: sequentialIds(),
  });
  let events = 0;
  let seen = 0;
  for await (const event of readStreamEvents(chunks, { framing })) {
    accumulator.push(event);
    events++;
    for (const call of accumulator.liveCalls) {
      seen += call.argumentsText.length + Object.keys(call.partialArguments).length;
    }
  }
  expect(seen).toBeGreaterThanOrEqual(0);
  return { result: accumulator.finish(), live: accumulator.liveCalls, events };
}

describe.skipIf(!present)('recorded provider streams (../shared/recorded-streams)', () => {
  it('lists the 90 streams of the manifest', () => {
    expect(streams.length).toBe(90);
  });

  describe.each(streams.map((stream) => [stream.file, stream] as const))('%s', (_, stream) => {
    const body = recordedBody(stream);

    it('read whole, gives the expected calls and text', async () => {
      const result = await accumulateSSE([body], {
        format: stream.format,
        framing: stream.framing,
      });
      const { live } = await replay(stream, [body], stream.framing);
      expectRecorded(stream, result, live);
    });

    it('reports the stop reason the stream sent, as the raw bytes say it', async () => {
      const result = await accumulateSSE([body], {
        format: stream.format,
        framing: stream.framing,
      });
      expect(result.stopReason).toBe(stopReasonIn(new TextDecoder().decode(body), stream.format));
    });

    it('pushed event by event with the live view read after each, gives the same', async () => {
      const { result, live, events } = await replay(stream, [body], stream.framing);
      expect(events).toBe(stream.events);
      expectRecorded(stream, result, live);
      // The live view ends as the finished calls: what a UI showed is what is sent.
      result.calls.forEach((call, at) => {
        if (call.argumentsError === undefined)
          expect(live[at]?.partialArguments).toEqual(call.arguments);
      });
    });

    if (stream.framing === 'json-lines') {
      it('replayed as SSE (data: <line>), gives the same', async () => {
        const { result, live } = await replay(stream, [asServerSentEvents(body)], 'sse');
        expectRecorded(stream, result, live);
      });
    }

    test.prop([fc.array(fc.nat(), { maxLength: 40 })], { numRuns: numRuns(15) })(
      'cut at random byte boundaries, gives the same calls and text',
      async (cuts) => {
        const whole = await replay(stream, [body], stream.framing);
        const cut = await replay(stream, cutAt(body, cuts), stream.framing);
        expect(cut.result).toEqual(whole.result);
        expectRecorded(stream, cut.result, cut.live);
      },
    );
  });
});

/**
 * The stop reason a stream's text carries, found by a plain scan (the oracle): the last string
 * `finish_reason` / `finishReason` / `stop_reason` / `stopReason` / `done_reason`; for Responses,
 * why an incomplete response stopped, else the status its last `response.*` end event names.
 */
function stopReasonIn(text: string, format: string): string | undefined {
  const last = (pattern: RegExp): string | undefined => [...text.matchAll(pattern)].at(-1)?.[1];
  if (format === 'openai-responses') {
    const end = last(/"type":\s*"response\.(completed|incomplete|failed)"/g);
    if (end === undefined) return undefined;
    return end === 'incomplete'
      ? (last(/"incomplete_details":\s*\{"reason":\s*"([^"]+)"/g) ?? end)
      : end;
  }
  return last(/"(?:finish_reason|finishReason|stop_reason|stopReason|done_reason)":\s*"([^"]+)"/g);
}
