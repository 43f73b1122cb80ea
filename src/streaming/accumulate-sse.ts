import { z } from 'zod';
import {
  resolveStreamLimits,
  utf8Length,
  type StreamLimits,
} from '../core/stream/stream-limits.js';
import { StreamAccumulationError, ToolHistoryError } from '../errors/tool-history-error.js';
import { streamAdapterFor } from '../formats/index.js';
import type { AccumulationResult } from '../core/stream/tool-call-stream-event.js';
import {
  accumulatorOptions,
  checkOptions,
  createToolCallAccumulator,
  type ToolCallAccumulatorOptions,
} from './tool-call-accumulator.js';

/** How a response body separates events: Server-Sent Events or JSON lines (Ollama, Bedrock). */
export type StreamFraming = 'sse' | 'json-lines';

type Chunk = Uint8Array | string;

/** A response body: a `fetch` Response, its `body`, or any (async) iterable of bytes or text chunks. */
export type StreamSource =
  | { readonly body: ReadableStream<Uint8Array> | null }
  | ReadableStream<Uint8Array>
  | AsyncIterable<Chunk>
  | Iterable<Chunk>;

/** Options of {@link accumulateSSE}. */
export interface AccumulateSSEOptions extends ToolCallAccumulatorOptions {
  /** @defaultValue `'json-lines'` for `ollama` and `bedrock`, `'sse'` for the others */
  readonly framing?: StreamFraming | undefined;
  /** Stops reading when aborted, even mid-read: the body is cancelled, an `AbortError` thrown. */
  readonly signal?: AbortSignal | undefined;
}

// Duck-typed: a signal from another realm (a test DOM, a polyfill) is not an instance.
const signalSchema = z.custom<AbortSignal>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { aborted?: unknown }).aborted === 'boolean' &&
    typeof (value as { addEventListener?: unknown }).addEventListener === 'function',
  { message: 'must be an AbortSignal' },
);

const optionsSchema = accumulatorOptions.extend({
  framing: z.enum(['sse', 'json-lines']).optional(),
  signal: signalSchema.optional(),
});

function checkSource(source: unknown): void {
  if (typeof source === 'object' && source !== null) {
    if ('body' in source || 'getReader' in source) return;
    if (Symbol.asyncIterator in source || Symbol.iterator in source) return;
  }
  const shown = source === null ? 'null' : Array.isArray(source) ? 'an array' : typeof source;
  throw new ToolHistoryError(
    'invalid-input',
    `accumulateSSE source must be a fetch Response, a ReadableStream or an (async) iterable of chunks, but is ${shown}.`,
  );
}

function abortErrorFor(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  const said = reason instanceof Error ? reason.message : String(reason);
  // Not a DOMException: it lacks the `cause` option in older browsers.
  const error = new Error(`Reading the stream was aborted: ${said}`, { cause: reason });
  error.name = 'AbortError';
  return error;
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) throw abortErrorFor(signal);
}

interface ChunkIterator {
  next(): Promise<IteratorResult<Chunk>> | IteratorResult<Chunk>;
  return?(): unknown;
}

/** A source's chunk iterator (getReader(): Safari's streams are not iterable). */
function iteratorOf(source: StreamSource, signal: AbortSignal | undefined): ChunkIterator {
  const stream =
    'getReader' in source
      ? (source as ReadableStream<Uint8Array>)
      : 'body' in source
        ? source.body
        : undefined;
  if (stream === null) return [][Symbol.iterator](); // a Response without a body
  if (stream === undefined)
    return Symbol.asyncIterator in source
      ? source[Symbol.asyncIterator]()
      : (source as Iterable<Chunk>)[Symbol.iterator]();
  const reader = stream.getReader();
  return {
    async next() {
      const step = await reader.read();
      if (step.done) reader.releaseLock();
      return step;
    },
    // cancel() settles the pending read, so releaseLock() cannot throw on it.
    async return() {
      await reader
        .cancel(signal?.aborted === true ? signal.reason : undefined)
        .catch(() => undefined);
      reader.releaseLock();
    },
  };
}

function lineTooLong(length: number, maximum: number): StreamAccumulationError {
  return new StreamAccumulationError(
    { code: 'stream-limit', limit: 'line-length', attempted: length, maximum },
    `One event of the response body reached ${length} characters without ending, over the line-length limit of ${maximum}. Check the framing ('sse' or 'json-lines'), or raise limits.maxLineLength.`,
  );
}

/** Splits decoded text into event payloads (lines end with LF, CRLF or CR), whatever the chunks. */
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

  /** Ends the body: a last line or event without its terminator counts. */
  end(): void {
    if (this.pending !== '') this.line(this.pending);
    this.pending = '';
    this.dispatch();
  }

  private line(text: string): void {
    // Bodies glued from several responses carry a byte order mark mid-stream.
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

/** Yields each event's parsed JSON; bytes that are not UTF-8 throw. The caller checks options. */
export async function* readStreamEvents(
  source: StreamSource,
  options?: {
    readonly framing?: StreamFraming | undefined;
    readonly limits?: StreamLimits | undefined;
    readonly signal?: AbortSignal | undefined;
  },
): AsyncGenerator<unknown, void> {
  const framing = options?.framing ?? 'sse';
  const signal = options?.signal;
  const { maxLineLength, maxTotalBytes } = resolveStreamLimits(options?.limits);
  const splitter = new PayloadSplitter(framing, maxLineLength);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let received = 0;
  let eventIndex = 0;
  // Yields the split payloads' JSON; returns true at `[DONE]`.
  function* drain(): Generator<unknown, boolean> {
    for (const payload of splitter.payloads) {
      if (framing === 'sse' && payload.trim() === '[DONE]') return true;
      yield parsePayload(payload, eventIndex++);
    }
    splitter.payloads.length = 0;
    return false;
  }
  throwIfAborted(signal);
  const iterator = iteratorOf(source, signal);
  // The one pending read rejects as soon as `signal` aborts.
  let rejectRead: ((error: Error) => void) | undefined;
  const onAbort = (): void => {
    if (signal !== undefined) rejectRead?.(abortErrorFor(signal));
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  let finished = false;
  try {
    for (;;) {
      throwIfAborted(signal);
      const step = await new Promise<IteratorResult<Chunk>>((resolve, reject) => {
        rejectRead = reject;
        Promise.resolve(iterator.next()).then(resolve, reject);
      });
      throwIfAborted(signal);
      if (step.done === true) break;
      const chunk = step.value;
      const start = received;
      received += typeof chunk === 'string' ? utf8Length(chunk) : chunk.byteLength;
      if (received > maxTotalBytes)
        throw new StreamAccumulationError(
          {
            code: 'stream-limit',
            limit: 'total-bytes',
            attempted: received,
            maximum: maxTotalBytes,
          },
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
    finished = true;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    // On abort or early exit the source is stopped (not awaited on abort).
    if (!finished && iterator.return !== undefined) {
      const closing = Promise.resolve(iterator.return()).catch(() => undefined);
      if (signal?.aborted !== true) await closing;
    }
  }
  try {
    splitter.push(decoder.decode());
  } catch (error) {
    throw notUtf8(eventIndex, 'at its end', error);
  }
  splitter.end();
  yield* drain();
}

/**
 * Reads a streamed response body (SSE or JSON lines) into the assistant's text and tool calls;
 * `options.listener` receives every stream event as it happens.
 *
 * @throws {StreamAccumulationError} for a malformed event or body, or a limit exceeded;
 * `ToolHistoryError` (`invalid-input`) for a bad source or options; `AbortError` on abort.
 * @example
 * const response = await fetch('https://api.openai.com/v1/chat/completions', request);
 * const { text, calls } = await accumulateSSE(response, { format: 'openai-chat' });
 */
export async function accumulateSSE(
  source: StreamSource,
  options: AccumulateSSEOptions,
): Promise<AccumulationResult> {
  checkSource(source);
  checkOptions(optionsSchema, options, 'accumulateSSE options');
  const accumulator = createToolCallAccumulator(options);
  const framing = options.framing ?? streamAdapterFor(options.format).framing;
  const { limits, signal } = options;
  for await (const event of readStreamEvents(source, { framing, limits, signal }))
    accumulator.push(event);
  return accumulator.finish();
}
