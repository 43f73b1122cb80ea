import { StreamAccumulationError } from '../errors/stream-accumulation-error.js';
import { checkReaderOptions, checkStreamSource } from './stream-options.js';
import { BodyDecoder } from './body-decoder.js';
import { EventStreamDecoder, type StreamFraming } from './event-stream-decoder.js';
import { throwIfAborted, iterableChunks, readerChunks } from './abortable-chunks.js';
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
  /** `maxLineLength` caps one event's size, `maxTotalBytes` the body's; see `StreamLimits`. */
  readonly limits?: StreamLimits | undefined;
  /**
   * Stops reading when aborted, even in the middle of a read that stalls: the body is cancelled
   * (an iterator's `return()` is called) and an error named `'AbortError'` is thrown, with the
   * abort reason as its `cause`.
   */
  readonly signal?: AbortSignal | undefined;
}

function isReadableStream(source: unknown): source is ReadableStream<Uint8Array> {
  return (
    typeof source === 'object' &&
    source !== null &&
    typeof (source as { getReader?: unknown }).getReader === 'function'
  );
}

function chunksOf(
  source: StreamSource,
  signal: AbortSignal | undefined,
): AsyncGenerator<Uint8Array | string> | undefined {
  const stream = isReadableStream(source) ? source : 'body' in source ? source.body : undefined;
  if (stream === null) return undefined; // a Response without a body
  // getReader() rather than async iteration: Safari's ReadableStream is not async iterable.
  if (stream !== undefined) return readerChunks(stream.getReader(), signal);
  return iterableChunks(
    source as AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
    signal,
  );
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
 * @throws {StreamAccumulationError} `code: 'invalid-input'` for an event that is not JSON or a
 * body that is not UTF-8, `code: 'stream-limit'` for an event longer than `limits.maxLineLength`
 * or a body longer than `limits.maxTotalBytes`; `ToolHistoryError` (`invalid-input`) for a source
 * or options that are missing or out of range.
 * @example
 * for await (const event of readStreamEvents(await fetch(url, request))) console.log(event);
 */
export async function* readStreamEvents(
  source: StreamSource,
  options?: ReadStreamEventsOptions,
): AsyncGenerator<unknown, void> {
  checkStreamSource(source, 'readStreamEvents source');
  checkReaderOptions(options, 'readStreamEvents options');
  const framing = options?.framing ?? 'sse';
  const signal = options?.signal;
  const limits = resolveStreamLimits(options?.limits);
  const decoder = new EventStreamDecoder(framing, limits.maxLineLength);
  const text = new BodyDecoder(limits.maxTotalBytes);
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
  throwIfAborted(signal);
  const chunks = chunksOf(source, signal);
  if (chunks === undefined) return;
  for await (const chunk of chunks) {
    throwIfAborted(signal);
    decoder.push(text.decode(chunk, eventIndex), collect);
    if (yield* drain()) return;
  }
  decoder.push(text.end(eventIndex), collect);
  decoder.end(collect);
  yield* drain();
}
