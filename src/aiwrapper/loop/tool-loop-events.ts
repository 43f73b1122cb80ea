import type { ToolCallStreamEvent } from '../../core/stream/tool-call-stream-event.js';
import type { LoopToolCall } from './loop-tool.js';
import type { ToolResultStatus } from './tool-outcome.js';

/** A call is about to run; its start is recorded, so a history saved here never runs a `'once'` tool twice. */
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
  readonly result: unknown;
}

/** A round (one response and the calls it asked for) finished. */
export interface RoundEndEvent {
  readonly type: 'round-end';
  readonly round: number;
  readonly calls: number;
}

/** The loop stopped to wait for approvals; `resumeToolLoop` with `approvals` goes on. */
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
  readonly rounds: number;
  /** The text of the model's last response. */
  readonly answer: string;
  /** With reason `error`: what stopped the loop. */
  readonly error?: unknown;
}

/** What the loop yields: each response's {@link ToolCallStreamEvent}s and the loop's own events. */
export type ToolLoopEvent =
  | ToolCallStreamEvent
  | ToolRunStartEvent
  | ToolResultEvent
  | RoundEndEvent
  | PausedEvent
  | DoneEvent;
