import type { AccumulatedToolCall, LiveToolCall } from './accumulated-tool-call.js';

/** A call started: its first piece with a name, or with argument text, has arrived. */
export interface ToolCallStartEvent {
  readonly type: 'tool-call-start';
  /** Position of the call in the message. */
  readonly index: number;
  readonly callId: string;
  /** `''` when the provider sent argument text before the name. */
  readonly name: string;
  /** The live view (updated in place after this event). */
  readonly call: LiveToolCall;
}

/** Argument text arrived for a call; `call.partialArguments` already includes it. */
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
  /** The finished call, as it will appear in `finish().calls`. */
  readonly call: AccumulatedToolCall;
}

/** Assistant text arrived. */
export interface TextDeltaEvent {
  readonly type: 'text-delta';
  readonly delta: string;
}

/** Everything an accumulator reports to its listener, discriminated on `type`. */
export type ToolCallStreamEvent =
  ToolCallStartEvent | ToolCallDeltaEvent | ToolCallEndEvent | TextDeltaEvent;

/** Receives {@link ToolCallStreamEvent}s synchronously, in stream order. */
export type ToolCallStreamListener = (event: ToolCallStreamEvent) => void;
