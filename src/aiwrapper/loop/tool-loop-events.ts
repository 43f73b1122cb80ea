import type { ToolCallStreamEvent } from '../../core/stream/tool-call-stream-event.js';
import type { LoopToolCall } from './loop-tool.js';
import type { ToolResultStatus } from './tool-outcome.js';

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

/**
 * What the loop yields, discriminated on `type`: the stream events of each response (the same
 * {@link ToolCallStreamEvent}s an accumulator reports; a call's `tool-call-end` comes once the
 * response is in the history) and the loop's own events.
 */
export type ToolLoopEvent =
  | ToolCallStreamEvent
  | ToolRunStartEvent
  | ToolResultEvent
  | RoundEndEvent
  | PausedEvent
  | DoneEvent;
