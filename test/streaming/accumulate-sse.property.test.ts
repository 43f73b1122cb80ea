import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { accumulateSSE } from '../../src/streaming/accumulate-sse.js';
import {
  STREAM_FORMATS,
  createToolCallAccumulator,
  type StreamFormat,
} from '../../src/streaming/tool-call-accumulator.js';
import { sequentialIds } from './fixtures.js';
import { numRuns } from './num-runs.js';
import { arbitraryMessage, renderBody, renderStream } from './stream-renderers.js';

function* chunked(bytes: Uint8Array, cuts: readonly number[]): Generator<Uint8Array> {
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  let start = 0;
  for (const point of [...points, bytes.length]) {
    yield bytes.subarray(start, point);
    start = point;
  }
}

test.prop(
  [
    fc.constantFrom<StreamFormat>(...STREAM_FORMATS),
    arbitraryMessage,
    fc.array(fc.nat(), { maxLength: 30 }),
    fc.constantFrom<'\n' | '\r\n' | '\r'>('\n', '\r\n', '\r'),
  ],
  { numRuns: numRuns(150) },
)(
  'a body split into byte chunks anywhere (even inside a UTF-8 character) accumulates like the events pushed directly',
  async (format, message, cuts, lineEnding) => {
    const events = renderStream(format, message, []);
    const direct = createToolCallAccumulator({ format, generateCallId: sequentialIds() });
    for (const event of events) direct.push(event);
    const body = new TextEncoder().encode(renderBody(format, events, lineEnding));
    expect(
      await accumulateSSE(chunked(body, cuts), { format, generateCallId: sequentialIds() }),
    ).toEqual(direct.finish());
  },
);
