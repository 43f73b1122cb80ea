import { StreamAccumulationError } from '../errors/stream-accumulation-error.js';
import { EventStreamDecoder, type StreamFraming } from './event-stream-decoder.js';
import { resolveStreamLimits, type StreamLimits } from '../core/stream/stream-limits.js';

/** A response body: a `fetch` Response, its `body`, or any (async) iterable of bytes or text chunks. */
export type StreamSource =
  | { readonly body: ReadableStream<Uint8Array> | null }
  | ReadableStream<Uint8Array>
  | AsyncIterable<Uint8Array | string>
  | Iterable<Uint8Array | string>;

/** Options of {@link readStreamEvents}. */
export interface ReadStreamEventsOptions {
  /**
   * How events are separated.
   * @defaultValue `'sse'`
   */
  readonly framing?: StreamFraming | undefined;
  /** `maxLineLength` caps one event's size; see `StreamLimits`. */
  readonly limits?: StreamLimits | undefined;
  /** Stops reading (and cancels the body) when aborted; the abort reason is thrown. */
  readonly signal?: AbortSignal | undefined;
}

function isReadableStream(source: unknown): source is ReadableStream<Uint8Array> {
  return (
    typeof source === 'object' &&
    source !== null &&
    typeof (source as { getReader?: unknown }).getReader === 'function'
  );
}

async function* chunksOf(source: StreamSource): AsyncGenerator<Uint8Array | string> {
  const stream = isReadableStream(source) ? source : 'body' in source ? source.body : undefined;
  if (stream === null) return; // a Response without a body
  if (stream === undefined) {
    yield* source as AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;
    return;
  }
  // getReader() rather than async iteration: Safari's ReadableStream is not async iterable.
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

function parsePayload(payload: string, eventIndex: number): unknown {
  try {
    return JSON.parse(payload);
  } catch (error) {
    throw new StreamAccumulationError(
      { code: 'invalid-input', eventIndex, field: '' },
      `events[${eventIndex}] is not JSON: ${JSON.stringify(payload.length > 60 ? `${payload.slice(0, 60)}…` : payload)}. Check the framing ('sse' or 'json-lines') and that the body is the provider's stream.`,
      { cause: error },
    );
  }
}

/**
 * Reads a streamed response body and yields each event's parsed JSON, in order. Chunk boundaries
 * can fall anywhere, even inside a multi-byte UTF-8 character (decoded in streaming mode). SSE
 * `data: [DONE]` ends the stream.
 *
 * @throws {StreamAccumulationError} `code: 'invalid-input'` for an event that is not JSON,
 * `code: 'stream-limit'` for an event longer than `limits.maxLineLength`.
 * @example
 * for await (const event of readStreamEvents(await fetch(url, request))) console.log(event);
 */
export async function* readStreamEvents(
  source: StreamSource,
  options?: ReadStreamEventsOptions,
): AsyncGenerator<unknown, void> {
  const framing = options?.framing ?? 'sse';
  const signal = options?.signal;
  const decoder = new EventStreamDecoder(
    framing,
    resolveStreamLimits(options?.limits).maxLineLength,
  );
  const text = new TextDecoder('utf-8');
  const payloads: string[] = [];
  const collect = (payload: string): void => {
    payloads.push(payload);
  };
  let eventIndex = 0;
  /** Yields the collected payloads' JSON; returns true at `[DONE]`. */
  function* drain(): Generator<unknown, boolean> {
    for (const payload of payloads) {
      if (framing === 'sse' && payload.trim() === '[DONE]') return true;
      yield parsePayload(payload, eventIndex++);
    }
    payloads.length = 0;
    return false;
  }
  signal?.throwIfAborted();
  for await (const chunk of chunksOf(source)) {
    signal?.throwIfAborted();
    decoder.push(typeof chunk === 'string' ? chunk : text.decode(chunk, { stream: true }), collect);
    if (yield* drain()) return;
  }
  decoder.push(text.decode(), collect);
  decoder.end(collect);
  yield* drain();
}
