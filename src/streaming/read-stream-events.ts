import { utf8Length } from '../core/stream/byte-budget.js';
import { resolveStreamLimits, type StreamLimits } from '../core/stream/stream-limits.js';
import { StreamAccumulationError } from '../errors/stream-accumulation-error.js';
import { checkReaderOptions, checkStreamSource } from './stream-options.js';

/**
 * How a response body separates events: Server-Sent Events (`data:` lines, blank line between
 * events; OpenAI, Anthropic, Gemini with `alt=sse`) or JSON lines (one JSON value per line; Ollama).
 */
export type StreamFraming = 'sse' | 'json-lines';

type Chunk = Uint8Array | string;

/** A response body: a `fetch` Response, its `body`, or any (async) iterable of bytes or text chunks. */
export type StreamSource =
  | { readonly body: ReadableStream<Uint8Array> | null }
  | ReadableStream<Uint8Array>
  | AsyncIterable<Chunk>
  | Iterable<Chunk>;

/** Options of {@link readStreamEvents}. */
export interface ReadStreamEventsOptions {
  /** @defaultValue `'sse'` */
  readonly framing?: StreamFraming | undefined;
  /** `maxLineLength` caps one event's size, `maxTotalBytes` the body's. */
  readonly limits?: StreamLimits | undefined;
  /** Stops reading when aborted, even in the middle of a read that stalls. */
  readonly signal?: AbortSignal | undefined;
}

/** The error a reader rejects with once its signal aborts: `name` is `'AbortError'`. */
function abortErrorFor(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  const said = reason instanceof Error ? reason.message : String(reason);
  // A plain Error named 'AbortError': DOMException lacks the `cause` option in older browsers.
  const error = new Error(`Reading the stream was aborted: ${said}`, { cause: reason });
  error.name = 'AbortError';
  return error;
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) throw abortErrorFor(signal);
}

/** Settles with `pending`, or rejects as soon as `signal` aborts: a stalled body must not hold. */
function raceAbort<T>(pending: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return pending;
  if (signal.aborted) {
    pending.catch(() => undefined);
    return Promise.reject(abortErrorFor(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      reject(abortErrorFor(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    pending.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error), { cause: error }));
      },
    );
  });
}

/** A reader's chunks; on abort or early exit the reader is cancelled, so the source stops. */
async function* readerChunks(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  signal: AbortSignal | undefined,
): AsyncGenerator<Chunk> {
  try {
    for (;;) {
      const { done, value } = await raceAbort(reader.read(), signal);
      if (done) return;
      yield value;
    }
  } finally {
    // cancel() settles the pending read, so releaseLock() cannot throw on it.
    await reader
      .cancel(signal?.aborted === true ? signal.reason : undefined)
      .catch(() => undefined);
    reader.releaseLock();
  }
}

/**
 * An iterable's chunks; on abort or early exit its `return()` is called so a generator cleans up
 * (not awaited on abort: a stalled generator would not answer it either).
 */
async function* iterableChunks(
  source: AsyncIterable<Chunk> | Iterable<Chunk>,
  signal: AbortSignal | undefined,
): AsyncGenerator<Chunk> {
  const iterator: AsyncIterator<Chunk> | Iterator<Chunk> =
    Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : source[Symbol.iterator]();
  let finished = false;
  try {
    for (;;) {
      const step = await raceAbort(Promise.resolve(iterator.next()), signal);
      if (step.done === true) {
        finished = true;
        return;
      }
      yield step.value;
    }
  } finally {
    if (!finished && iterator.return !== undefined) {
      const closing = Promise.resolve(iterator.return()).catch(() => undefined);
      if (signal?.aborted !== true) await closing;
    }
  }
}

function chunksOf(source: StreamSource, signal: AbortSignal | undefined): AsyncGenerator<Chunk> {
  const stream =
    'getReader' in source
      ? (source as ReadableStream<Uint8Array>)
      : 'body' in source
        ? source.body
        : undefined;
  if (stream === null) return iterableChunks([], signal); // a Response without a body
  // getReader() rather than async iteration: Safari's ReadableStream is not async iterable.
  if (stream !== undefined) return readerChunks(stream.getReader(), signal);
  return iterableChunks(source as AsyncIterable<Chunk> | Iterable<Chunk>, signal);
}

function lineTooLong(length: number, maximum: number): StreamAccumulationError {
  return new StreamAccumulationError(
    { code: 'stream-limit', limit: 'line-length', attempted: length, maximum },
    `One event of the response body reached ${length} characters without ending, over the line-length limit of ${maximum}. Check the framing ('sse' or 'json-lines'), or raise limits.maxLineLength.`,
  );
}

/**
 * Splits decoded text into event payloads, whatever the chunk boundaries: lines end with LF, CRLF
 * or CR (even split across chunks); an SSE event's `data:` lines are joined with LF and dispatched
 * at the blank line; comments and other fields are skipped.
 */
class PayloadSplitter {
  private pending = '';
  private data: string[] = [];
  private dataLength = 0;
  private skipLineFeed = false;
  readonly payloads: string[] = [];

  constructor(
    private readonly framing: StreamFraming,
    private readonly maxLineLength: number,
  ) {}

  push(text: string): void {
    let start = this.skipLineFeed && text.charCodeAt(0) === 10 ? 1 : 0;
    this.skipLineFeed = false;
    for (let i = start; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code !== 10 && code !== 13) continue;
      const line = this.pending + text.slice(start, i);
      this.pending = '';
      if (code === 13) {
        if (i + 1 === text.length) this.skipLineFeed = true;
        else if (text.charCodeAt(i + 1) === 10) i++;
      }
      start = i + 1;
      this.line(line);
    }
    if (start < text.length) {
      this.pending += text.slice(start);
      if (this.pending.length > this.maxLineLength)
        throw lineTooLong(this.pending.length, this.maxLineLength);
    }
  }

  /** The end of the body: a last line without a newline, or an event without its blank line, counts. */
  end(): void {
    if (this.pending !== '') this.line(this.pending);
    this.pending = '';
    this.dispatch();
  }

  private line(text: string): void {
    // Bodies glued from several responses carry a byte order mark mid-stream: the line is kept.
    const line = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    if (this.framing === 'json-lines') {
      if (line.trim() !== '') this.payloads.push(line);
    } else if (line === '') {
      this.dispatch();
    } else if (line.startsWith('data:')) {
      const value = line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5);
      this.data.push(value);
      this.dataLength += value.length + 1;
      if (this.dataLength > this.maxLineLength)
        throw lineTooLong(this.dataLength, this.maxLineLength);
    }
  }

  private dispatch(): void {
    if (this.data.length === 0) return;
    this.payloads.push(this.data.join('\n'));
    this.data = [];
    this.dataLength = 0;
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

function notUtf8(eventIndex: number, where: string, cause: unknown): StreamAccumulationError {
  return new StreamAccumulationError(
    { code: 'invalid-input', eventIndex, field: '' },
    `events[${eventIndex}]: the response body is not UTF-8: invalid bytes ${where}. Check the body's encoding; nothing of it was replaced.`,
    { cause },
  );
}

/**
 * Reads a streamed response body and yields each event's parsed JSON, in order. Chunks may end
 * inside a UTF-8 character; bytes that are not UTF-8 throw rather than turn into U+FFFD unseen.
 * SSE `data: [DONE]` ends the stream. `name` names the caller in option errors.
 *
 * @throws {StreamAccumulationError} `invalid-input` for an event that is not JSON or a body that
 * is not UTF-8, `stream-limit` for an event over `limits.maxLineLength` or a body over
 * `limits.maxTotalBytes`; `ToolHistoryError` (`invalid-input`) for a bad source or options.
 */
export async function* readStreamEvents(
  source: StreamSource,
  options?: ReadStreamEventsOptions,
  name = 'readStreamEvents',
): AsyncGenerator<unknown, void> {
  checkStreamSource(source, `${name} source`);
  checkReaderOptions(options, `${name} options`);
  const framing = options?.framing ?? 'sse';
  const signal = options?.signal;
  const { maxLineLength, maxTotalBytes } = resolveStreamLimits(options?.limits);
  const splitter = new PayloadSplitter(framing, maxLineLength);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let received = 0;
  let eventIndex = 0;
  /** Yields the split payloads' JSON; returns true at `[DONE]`. */
  function* drain(): Generator<unknown, boolean> {
    for (const payload of splitter.payloads) {
      if (framing === 'sse' && payload.trim() === '[DONE]') return true;
      yield parsePayload(payload, eventIndex++);
    }
    splitter.payloads.length = 0;
    return false;
  }
  throwIfAborted(signal);
  for await (const chunk of chunksOf(source, signal)) {
    throwIfAborted(signal);
    const start = received;
    received += typeof chunk === 'string' ? utf8Length(chunk) : chunk.byteLength;
    if (received > maxTotalBytes)
      throw new StreamAccumulationError(
        { code: 'stream-limit', limit: 'total-bytes', attempted: received, maximum: maxTotalBytes },
        `The response body reached ${received} bytes, over the total-bytes limit of ${maxTotalBytes}. Raise limits.maxTotalBytes if the stream is legitimate.`,
      );
    let text: string;
    try {
      text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    } catch (error) {
      throw notUtf8(eventIndex, `in the chunk at bytes ${start}–${received}`, error);
    }
    splitter.push(text);
    if (yield* drain()) return;
  }
  try {
    splitter.push(decoder.decode());
  } catch (error) {
    throw notUtf8(eventIndex, 'at its end', error);
  }
  splitter.end();
  yield* drain();
}
