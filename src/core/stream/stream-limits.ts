import { DEFAULT_MAX_JSON_DEPTH } from './incremental-json-parser.js';

/**
 * Caps that keep a misbehaving stream from growing memory without bound. Going past one throws a
 * `StreamAccumulationError` with `code: 'stream-limit'` naming the limit, the call and the numbers.
 */
export interface StreamLimits {
  /** Most UTF-8 bytes of argument text for one call. @defaultValue 16 MiB, as in openai-node */
  readonly maxArgumentBytes?: number | undefined;
  /**
   * Most argument fragments (deltas) for one call. Higher than openai-node's 65,536 because real
   * streams carry more than 100,000 one-character deltas (earendil-works/pi#9062).
   * @defaultValue 1,048,576
   */
  readonly maxFragments?: number | undefined;
  /** Most objects and arrays open at once in one call's arguments. @defaultValue 128 */
  readonly maxDepth?: number | undefined;
  /**
   * Most characters in one line of an SSE or JSON-lines body (one event), for the stream readers.
   * @defaultValue 33,554,432 (twice the argument cap, as Gemini and Ollama send whole calls in one line)
   */
  readonly maxLineLength?: number | undefined;
  /** Most tool calls started in one message (one accumulator). @defaultValue 65,536 */
  readonly maxCalls?: number | undefined;
  /** Most UTF-8 bytes of assistant text in one message. @defaultValue 64 MiB */
  readonly maxTextBytes?: number | undefined;
  /**
   * Most UTF-8 bytes in all: for an accumulator, its text and every call's argument text
   * together; for the stream readers, the whole response body.
   * @defaultValue 64 MiB (67,108,864)
   */
  readonly maxTotalBytes?: number | undefined;
}

/** {@link StreamLimits} with every default filled in. */
export type ResolvedStreamLimits = { [K in keyof StreamLimits]-?: number };

/** The defaults of {@link StreamLimits}. */
export const DEFAULT_STREAM_LIMITS: ResolvedStreamLimits = {
  maxArgumentBytes: 16 * 1024 * 1024,
  maxFragments: 1024 * 1024,
  maxDepth: DEFAULT_MAX_JSON_DEPTH,
  maxLineLength: 32 * 1024 * 1024,
  maxCalls: 64 * 1024,
  maxTextBytes: 64 * 1024 * 1024,
  maxTotalBytes: 64 * 1024 * 1024,
};

/** Fills in the defaults of `limits`. */
export function resolveStreamLimits(limits: StreamLimits | undefined): ResolvedStreamLimits {
  const resolved = { ...DEFAULT_STREAM_LIMITS };
  for (const key of Object.keys(resolved) as (keyof StreamLimits)[]) {
    const value = limits?.[key];
    if (value !== undefined) resolved[key] = value;
  }
  return resolved;
}
