import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { SHARED_DIR } from '../helpers/shared-dir.js';
import type { AccumulationResult } from '../../src/core/stream/tool-call-stream-event.js';
import type { LiveToolCall } from '../../src/core/stream/tool-call-stream-event.js';
import type { StreamFormat } from '../../src/formats/index.js';

// The real recorded streams of ../shared/recorded-streams: manifest.json lists each file with its
// format, framing and the calls and text a plain reference parser found in it.

/** One expected call of a recorded stream. */
export interface ExpectedCall {
  /** `null`: the provider sent no id, so any unique non-empty id passes. */
  readonly id: string | null;
  readonly name: string;
  readonly arguments: Record<string, unknown>;
  /** The argument text as streamed: the live `argumentsText` must end equal to it. */
  readonly rawArguments?: string;
  /** Present for a call kept with an error (a stream cut inside the arguments). */
  readonly argumentsError?: 'invalid-json' | 'not-an-object';
  readonly argumentsText?: string;
}

/** One stream of the manifest. */
export interface RecordedStream {
  readonly file: string;
  readonly format: StreamFormat;
  readonly provider: string;
  readonly framing: 'sse' | 'json-lines';
  readonly events: number;
  readonly tags: readonly string[];
  readonly expected: { readonly calls: readonly ExpectedCall[]; readonly text: string };
}

const FOLDER = new URL('recorded-streams/', SHARED_DIR);

/** The manifest's streams (call only when `hasShared('recorded-streams')`). */
export function recordedStreams(): readonly RecordedStream[] {
  const manifest = JSON.parse(readFileSync(new URL('manifest.json', FOLDER), 'utf8')) as {
    readonly streams: readonly RecordedStream[];
  };
  return manifest.streams;
}

/** A recorded stream's body, as bytes. */
export function recordedBody(stream: RecordedStream): Uint8Array {
  return new Uint8Array(readFileSync(new URL(stream.file, FOLDER)));
}

/**
 * A JSON-lines recording as SSE (`data: <line>` then a blank line), as vercel/ai's tests replay
 * their recorder's chunk files.
 */
export function asServerSentEvents(body: Uint8Array): Uint8Array {
  const lines = new TextDecoder().decode(body).split('\n');
  let text = '';
  for (const line of lines) if (line.trim() !== '') text += `data: ${line}\n\n`;
  return new TextEncoder().encode(text);
}

/** The body split at the given byte offsets (any offset, even inside a UTF-8 character). */
export function cutAt(body: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((cut) => cut % (body.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const point of [...points, body.length]) {
    chunks.push(body.subarray(start, point));
    start = point;
  }
  return chunks;
}

/**
 * Asserts that a result is what the manifest expects: the same text, and the same calls in order
 * (id, name, arguments; a `null` id means any unique non-empty id), each live view's argument text
 * ending equal to the raw text, and a truncated call kept with its error and text.
 */
export function expectRecorded(
  stream: RecordedStream,
  result: AccumulationResult,
  live: readonly LiveToolCall[],
): void {
  const expected = stream.expected;
  expect(result.text).toBe(expected.text);
  expect(result.calls.map((call) => call.name)).toEqual(expected.calls.map((call) => call.name));
  expect(new Set(result.calls.map((call) => call.callId)).size).toBe(result.calls.length);
  expect(live.length).toBe(result.calls.length);
  expected.calls.forEach((call, at) => {
    const actual = result.calls[at];
    if (actual === undefined) throw new Error(`no call ${at}`);
    if (call.id === null) expect(actual.callId).toMatch(/\S/);
    else expect(actual.callId).toBe(call.id);
    expect(actual.arguments).toEqual(call.arguments);
    if (call.argumentsError === undefined) {
      expect(actual.argumentsError).toBeUndefined();
    } else {
      expect(actual.argumentsError?.code).toBe(call.argumentsError);
      expect(actual.argumentsText).toBe(call.argumentsText);
    }
    if (call.rawArguments !== undefined) expect(live[at]?.argumentsText).toBe(call.rawArguments);
  });
}
