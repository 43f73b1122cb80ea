import type { ToolCall } from '../tool-call.js';

/** Why a finished call's argument text could not be used as its arguments object. */
export interface ArgumentsProblem {
  /** `invalid-json`: the text is not valid JSON (truncated, or malformed); `not-an-object`: valid JSON, but not an object. */
  readonly code: 'invalid-json' | 'not-an-object';
  /** What is wrong and where, e.g. `unexpected end of input (the JSON text is truncated) at offset 41`. */
  readonly message: string;
  /** 0-based offset in the argument text where the problem was found, for `invalid-json`. */
  readonly position?: number | undefined;
}

/**
 * A tool call assembled from a stream: a {@link ToolCall} that can go straight into the history.
 *
 * When the argument text is not a JSON object, the call is kept, not dropped: `arguments` is `{}`,
 * `argumentsText` holds the text exactly as streamed, and `argumentsError` says why, so the history
 * can still be sent and repaired. Empty argument text (a call without parameters) gives `{}` with no
 * error.
 */
export interface AccumulatedToolCall extends ToolCall {
  /** Set only when the streamed argument text is not a JSON object. */
  readonly argumentsError?: ArgumentsProblem | undefined;
}

/**
 * The live view of one call while it streams. The same object is updated in place as deltas
 * arrive; read it when you need it, it costs nothing to keep.
 */
export interface LiveToolCall {
  /** Position of the call in the message, 0-based, in the order the calls started. Stable. */
  readonly index: number;
  /**
   * The call's id. A generated id stands in until the provider sends one, and is replaced by the
   * provider's id when it arrives later in the stream (unless another call of the message uses it).
   */
  readonly callId: string;
  /** The tool name, `''` until the provider has sent it. */
  readonly name: string;
  /** The argument text received so far. */
  readonly argumentsText: string;
  /**
   * The arguments parsed so far, with the partial semantics of `IncrementalJsonParser`: `{}` until
   * the opening `{`, then the same object, mutated in place as deltas arrive (don't mutate it;
   * `structuredClone` it for a snapshot). Only an object is shown here: other JSON values stay `{}`.
   */
  readonly partialArguments: Readonly<Record<string, unknown>>;
  /** True once the call's block or the stream has ended; see the finished call in `tool-call-end`. */
  readonly ended: boolean;
}
