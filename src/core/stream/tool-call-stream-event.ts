import type { ToolCall } from '../tool-call.js';

/** Why a finished call's argument text could not be used as its arguments object. */
export interface ArgumentsProblem {
  /** `invalid-json`: truncated or malformed text; `not-an-object`: valid JSON, but not an object. */
  readonly code: 'invalid-json' | 'not-an-object';
  /** What is wrong and where, e.g. `unexpected end of input (the JSON text is truncated) at offset 41`. */
  readonly message: string;
  /** 0-based offset in the argument text where the problem was found, for `invalid-json`. */
  readonly position?: number | undefined;
}

/**
 * A tool call assembled from a stream, ready for the history. When the argument text is not a
 * JSON object the call is kept: `arguments` is `{}`, `argumentsText` holds the text as streamed
 * and `argumentsError` says why. Empty argument text gives `{}` with no error.
 */
export interface AccumulatedToolCall extends ToolCall {
  /** Set only when the streamed argument text is not a JSON object. */
  readonly argumentsError?: ArgumentsProblem | undefined;
}

/** The live view of one call while it streams: one object, updated in place as deltas arrive. */
export interface LiveToolCall {
  /** Position of the call in the message, 0-based, in the order the calls started. Stable. */
  readonly index: number;
  /**
   * A generated id until the provider sends one, then the provider's id (unless another call of
   * the message already uses it).
   */
  readonly callId: string;
  /** The tool name, `''` until the provider has sent it. */
  readonly name: string;
  /** The argument text received so far. */
  readonly argumentsText: string;
  /**
   * The arguments parsed so far (see `IncrementalJsonParser`): `{}` until the opening `{`, then one
   * object mutated in place (don't mutate it; `structuredClone` it for a snapshot). Other JSON
   * values stay `{}`.
   */
  readonly partialArguments: Readonly<Record<string, unknown>>;
  /** True once the call's block or the stream has ended. */
  readonly ended: boolean;
}

/** Assistant text arrived. */
export interface TextDeltaEvent {
  readonly type: 'text-delta';
  readonly delta: string;
}

/** A call started: its name, its id or its first argument text arrived. */
export interface ToolCallStartEvent {
  readonly type: 'tool-call-start';
  /** Position of the call in the message, 0-based, in the order the calls started. */
  readonly index: number;
  readonly callId: string;
  /** `''` when the provider sent argument text before the name. */
  readonly name: string;
  readonly call: LiveToolCall;
}

/** Argument text arrived for a call; `call.argumentsText` already includes it. */
export interface ToolCallDeltaEvent {
  readonly type: 'tool-call-delta';
  readonly index: number;
  readonly callId: string;
  readonly argumentsDelta: string;
  readonly call: LiveToolCall;
}

/** A call is final: its block ended, another call took its slot, or the stream ended. */
export interface ToolCallEndEvent {
  readonly type: 'tool-call-end';
  readonly index: number;
  readonly call: AccumulatedToolCall;
}

/** What every streaming surface reports (accumulator, `accumulateSSE`, the agent loop). */
export type ToolCallStreamEvent =
  TextDeltaEvent | ToolCallStartEvent | ToolCallDeltaEvent | ToolCallEndEvent;

/**
 * Something a stream sent that was not used: argument text after its call ended
 * (`arguments-after-end`), or a Responses `.done` whose arguments differ from the deltas
 * (`done-arguments-differ`; the deltas are kept).
 */
export interface StreamWarning {
  readonly code: 'arguments-after-end' | 'done-arguments-differ';
  /** 0-based number of the event, in the order pushed. */
  readonly eventIndex: number;
  readonly callIndex: number;
  readonly callId: string;
  readonly message: string;
}
