import { DEFAULT_MAX_JSON_DEPTH } from './incremental-json-parser.js';

/** Caps on a stream's memory; going past one throws `StreamAccumulationError` (`stream-limit`). */
export interface StreamLimits {
  /** Most UTF-8 bytes of argument text for one call. @defaultValue 16 MiB, as in openai-node */
  readonly maxArgumentBytes?: number | undefined;
  /** Most deltas for one call (streams send 100k+: earendil-works/pi#9062). @defaultValue 1 Mi */
  readonly maxFragments?: number | undefined;
  /** Most objects and arrays open at once in one call's arguments. @defaultValue 128 */
  readonly maxDepth?: number | undefined;
  /** Most characters in one event of an SSE or JSON-lines body. @defaultValue 32 Mi */
  readonly maxLineLength?: number | undefined;
  /** Most tool calls started in one message (one accumulator). @defaultValue 65,536 */
  readonly maxCalls?: number | undefined;
  /** Most UTF-8 bytes of assistant text in one message. @defaultValue 64 MiB */
  readonly maxTextBytes?: number | undefined;
  /** Most UTF-8 bytes of text and arguments in a message, or of a body. @defaultValue 64 MiB */
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

/** UTF-8 length of `text`, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Each surrogate half counts 2 more, so a pair counts 4 bytes, as UTF-8 encodes it.
    if (code >= 0x80) bytes += code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 1 : 2;
  }
  return bytes;
}
