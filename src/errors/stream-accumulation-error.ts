import { ToolHistoryError } from './tool-history-error.js';

/** The limits a streaming accumulator enforces; see `StreamLimits` in `src/streaming`. */
export type StreamLimitName =
  'argument-bytes' | 'fragments' | 'depth' | 'line-length' | 'calls' | 'text-bytes' | 'total-bytes';

/** A stream went past one of the configured limits. */
export interface StreamLimitDetail {
  readonly code: 'stream-limit';
  /** Which limit was hit. */
  readonly limit: StreamLimitName;
  /** Position of the call in the message (0-based), when the limit belongs to one call. */
  readonly callIndex?: number | undefined;
  /** The call's id at the time, when the limit belongs to one call. */
  readonly callId?: string | undefined;
  /** The value the stream would have reached (bytes, fragments, depth, characters or calls). */
  readonly attempted: number;
  /** The configured maximum. */
  readonly maximum: number;
}

/** A provider event did not have the shape its format documents. */
export interface InvalidStreamEventDetail {
  readonly code: 'invalid-input';
  /** 0-based number of the event in the order it was pushed. */
  readonly eventIndex: number;
  /** Path of the offending field inside the event, e.g. `choices[0].delta.tool_calls[1].index`. */
  readonly field: string;
}

/**
 * The provider reported an error in the middle of the stream (an Anthropic `error` event, e.g.
 * `overloaded_error`): the message ends there, unfinished.
 */
export interface ProviderStreamErrorDetail {
  readonly code: 'provider-error';
  /** 0-based number of the error event in the order it was pushed. */
  readonly eventIndex: number;
  /** The provider's error type, as sent (`overloaded_error`, `api_error`, …). */
  readonly errorType: string;
  /** The provider's error message, as sent. */
  readonly providerMessage: string;
}

/** What went wrong while accumulating a stream, discriminated on `code`. */
export type StreamAccumulationErrorDetail =
  StreamLimitDetail | InvalidStreamEventDetail | ProviderStreamErrorDetail;

/**
 * Thrown while accumulating a streamed response: a configured limit was exceeded
 * (`code: 'stream-limit'`), an event did not have its documented shape (`code: 'invalid-input'`),
 * or the provider sent an error event mid-stream (`code: 'provider-error'`). `detail` carries the
 * numbers, the call, the event position or the provider's error.
 */
export class StreamAccumulationError extends ToolHistoryError {
  override readonly name: string = 'StreamAccumulationError';
  declare readonly code: StreamAccumulationErrorDetail['code'];
  /** The limit, call and numbers involved, the event and field that was malformed, or the provider's error. */
  readonly detail: StreamAccumulationErrorDetail;

  constructor(detail: StreamAccumulationErrorDetail, message: string, options?: ErrorOptions) {
    super(detail.code, message, options);
    this.detail = detail;
  }
}
