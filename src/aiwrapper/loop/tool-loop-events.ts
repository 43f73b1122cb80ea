import type { LoopToolCall } from './loop-tool.js';
import type { ToolResultStatus } from './tool-outcome.js';

/** Text the model streamed. */
export interface TextDeltaEvent {
  readonly type: 'text-delta';
  readonly round: number;
  readonly delta: string;
}

/** A call appeared in the model's response (its name known, its arguments still coming). */
export interface ToolCallStartEvent {
  readonly type: 'tool-call-start';
  readonly round: number;
  /** The call's place among the response's calls. */
  readonly index: number;
  readonly callId: string;
  readonly name: string;
}

/** A call's arguments grew. */
export interface ToolCallDeltaEvent {
  readonly type: 'tool-call-delta';
  readonly round: number;
  readonly index: number;
  readonly callId: string;
  readonly name: string;
  /** The argument text received so far, when the provider streams it as text. */
  readonly argumentsText: string | undefined;
  /** The arguments as far as they are known: a prefix of the final value's keys and items. */
  readonly partialArguments: unknown;
}

/** A call is complete: the model's response finished. */
export interface ToolCallEndEvent {
  readonly type: 'tool-call-end';
  readonly round: number;
  readonly index: number;
  readonly callId: string;
  readonly name: string;
  readonly arguments: Readonly<Record<string, unknown>>;
}

/**
 * A call is about to run: its start is recorded in the history (the call turn's `meta`), and its
 * handler starts when the consumer asks for the next event. Saved at this event, the history tells
 * a resumed run that the call may have run, so a `'once'` tool is not run a second time after a
 * crash.
 */
export interface ToolRunStartEvent {
  readonly type: 'tool-run-start';
  readonly round: number;
  readonly callId: string;
  readonly name: string;
}

/** A call's result was written to the history. */
export interface ToolResultEvent {
  readonly type: 'tool-result';
  readonly round: number;
  readonly callId: string;
  readonly name: string;
  readonly status: ToolResultStatus;
  /** The result as recorded: the handler's value, or the loop's error value for any other status. */
  readonly result: unknown;
}

/** A round (one response and the calls it asked for) finished. */
export interface RoundEndEvent {
  readonly type: 'round-end';
  readonly round: number;
  /** The calls the round answered. */
  readonly calls: number;
}

/**
 * The loop stopped to wait for approvals. The history ends with these calls unanswered; pass it
 * to `resumeToolLoop` with `approvals` to go on. The generator ends after this event.
 */
export interface PausedEvent {
  readonly type: 'paused';
  readonly round: number;
  readonly pending: readonly LoopToolCall[];
}

/** Why the loop ended. */
export type ToolLoopDoneReason = 'answer' | 'maxRounds' | 'aborted' | 'error';

/** The loop ended; the generator ends after this event. */
export interface DoneEvent {
  readonly type: 'done';
  readonly reason: ToolLoopDoneReason;
  /** Model requests this run made. */
  readonly rounds: number;
  /** The text of the model's last response. */
  readonly answer: string;
  /** With reason `error`: what stopped the loop (a tool's error under `onToolError`, or the request's). */
  readonly error?: unknown;
}

/** What the loop yields, discriminated on `type`. */
export type ToolLoopEvent =
  | TextDeltaEvent
  | ToolCallStartEvent
  | ToolCallDeltaEvent
  | ToolCallEndEvent
  | ToolRunStartEvent
  | ToolResultEvent
  | RoundEndEvent
  | PausedEvent
  | DoneEvent;
