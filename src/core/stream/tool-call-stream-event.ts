import type { AccumulatedToolCall, LiveToolCall } from './accumulated-tool-call.js';

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
  /** The live view of the call, updated in place as the stream goes on. */
  readonly call: LiveToolCall;
}

/** Argument text arrived for a call; `call.argumentsText` already includes it. */
export interface ToolCallDeltaEvent {
  readonly type: 'tool-call-delta';
  readonly index: number;
  readonly callId: string;
  /** The new argument text, as streamed. */
  readonly argumentsDelta: string;
  readonly call: LiveToolCall;
}

/** A call is final: its block ended, another call took its slot, or the stream ended. */
export interface ToolCallEndEvent {
  readonly type: 'tool-call-end';
  readonly index: number;
  /** The finished call, as it goes into the history. */
  readonly call: AccumulatedToolCall;
}

/**
 * What every streaming surface reports, discriminated on `type`: the accumulator's listener,
 * `accumulateSSE`'s listener and the agent loop's events.
 */
export type ToolCallStreamEvent =
  TextDeltaEvent | ToolCallStartEvent | ToolCallDeltaEvent | ToolCallEndEvent;
