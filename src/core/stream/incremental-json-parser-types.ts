// The public face of the incremental JSON parser: its options, its problems and its interface.

/** Options of {@link createIncrementalJsonParser}. */
export interface IncrementalJsonParserOptions {
  /**
   * Most containers (objects and arrays) that may be open at once. Opening one more throws a
   * `StreamAccumulationError` with `limit: 'depth'`.
   * @defaultValue 128
   */
  readonly maxDepth?: number | undefined;
}

/** Where and why a text stopped being valid JSON. */
export interface JsonSyntaxProblem {
  /** 0-based offset (in UTF-16 code units) of the offending character, or the text length at the end. */
  readonly position: number;
  /** What was expected, in plain words. */
  readonly message: string;
}

/**
 * A streaming JSON parser: it consumes each chunk once and keeps the value parsed so far.
 *
 * Partial semantics of {@link IncrementalJsonParser.value} after any prefix of a JSON text:
 * - `undefined` until a value starts (empty or whitespace-only input);
 * - objects and arrays exist from their opening bracket and are the same objects until the end:
 *   they are mutated in place, never rebuilt;
 * - a member appears once its key is complete, the colon has been read and its value has started
 *   (per the rules below); a key is never partial;
 * - a string appears (as `""`) at its opening quote and grows with every chunk; an escape sequence
 *   is added only when complete (`\u` needs its four hex digits);
 * - `true`, `false` and `null` appear when fully spelled;
 * - a number appears only when a character after it shows it is complete (whitespace, `,`, `]` or
 *   `}`), or at {@link IncrementalJsonParser.end} for a top-level number, so `1` never shows up as
 *   the first digit of `12`;
 * - duplicate keys: the last one wins (as in `JSON.parse`); `__proto__` is an ordinary own key.
 *
 * After a syntax error the parser stops: `value` keeps what was parsed before the error and
 * `error` says where it happened. Every chunk costs time proportional to its length; a string
 * value being streamed is appended to, and written into its parent once per chunk.
 */
export interface IncrementalJsonParser {
  /** Consumes the next chunk of text. */
  write(chunk: string): void;
  /** Marks the end of the text: commits a trailing top-level number, or records the truncation. */
  end(): void;
  /** The value parsed so far (see the partial semantics above). */
  readonly value: unknown;
  /** True once a complete top-level value has been read (only whitespace may follow). */
  readonly complete: boolean;
  /** The first syntax problem, if any. */
  readonly error: JsonSyntaxProblem | undefined;
  /** Number of containers currently open. */
  readonly depth: number;
}

/** The default of {@link IncrementalJsonParserOptions.maxDepth}, as in openai-node. */
export const DEFAULT_MAX_JSON_DEPTH = 128;
