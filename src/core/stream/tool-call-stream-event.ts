import type { ToolCall } from '../history.js';

/** Why a finished call's argument text could not be used as its arguments object. */
export interface ArgumentsProblem {
  readonly code: 'invalid-json' | 'not-an-object';
  readonly message: string;
  /** 0-based offset in the argument text, for `invalid-json`. */
  readonly position?: number | undefined;
}

/**
 * A tool call assembled from a stream. When the argument text is not a JSON object the call is
 * kept: `arguments` is `{}`, `argumentsText` holds the text and `argumentsError` says why.
 */
export interface AccumulatedToolCall extends ToolCall {
  readonly argumentsError?: ArgumentsProblem | undefined;
}

/** The live view of one call while it streams: one object, updated in place as deltas arrive. */
export interface LiveToolCall {
  /** 0-based position of the call in the message, in the order the calls started. */
  readonly index: number;
  /** A generated id until the provider sends a usable one. */
  readonly callId: string;
  /** `''` until the provider has sent it. */
  readonly name: string;
  readonly argumentsText: string;
  /** The arguments parsed so far: one object updated in place (clone it for a snapshot). */
  readonly partialArguments: Readonly<Record<string, unknown>>;
  readonly ended: boolean;
}

/** What a stream amounted to: the assistant's text and its tool calls. */
export interface AccumulationResult {
  /** All assistant text of the message, joined into one string (`''` if none). */
  readonly text: string;
  /** Every call, ids unique, by `index` for `openai-chat`, else in the order the calls started. */
  readonly calls: readonly AccumulatedToolCall[];
  /** What the stream sent that was not used, when there is some. */
  readonly warnings?: readonly StreamWarning[] | undefined;
  /**
   * Why the model stopped, as the provider sent it, when the stream carried it: Anthropic and
   * Bedrock `stop_reason` (`tool_use`, `end_turn`, `pause_turn`), Chat `finish_reason`
   * (`tool_calls`, `stop`), Gemini `finishReason` (`STOP`), Ollama `done_reason`; Responses has
   * none: why an incomplete response stopped (`max_output_tokens`), else its status (`completed`).
   */
  readonly stopReason?: string | undefined;
  /**
   * Anthropic: the message's content blocks as sent, present when it holds blocks that `text` and
   * `calls` do not (server tool calls and their results, thinking). After `pause_turn`, send them
   * back as the assistant message's `content`.
   */
  readonly content?: readonly unknown[] | undefined;
}

/** Assistant text arrived. */
export interface TextDeltaEvent {
  readonly type: 'text-delta';
  readonly delta: string;
}

/** A call started: its name, id or first argument text arrived. */
export interface ToolCallStartEvent {
  readonly type: 'tool-call-start';
  readonly index: number;
  readonly callId: string;
  /** `''` when the provider sent argument text before the name. */
  readonly name: string;
  readonly call: LiveToolCall;
}

/** Argument text arrived; `call.argumentsText` already includes it. */
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

/** Something a stream sent that was not used (a differing Responses `.done` keeps the deltas). */
export interface StreamWarning {
  readonly code: 'arguments-after-end' | 'done-arguments-differ';
  readonly eventIndex: number;
  readonly callIndex: number;
  readonly callId: string;
  readonly message: string;
}
