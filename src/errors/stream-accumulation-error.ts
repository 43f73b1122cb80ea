import { ToolHistoryError } from './tool-history-error.js';

/** The limits a streaming accumulator enforces; see `StreamLimits` in `src/streaming`. */
export type StreamLimitName =
  'argument-bytes' | 'fragments' | 'depth' | 'line-length' | 'calls' | 'text-bytes' | 'total-bytes';

/** What went wrong while accumulating a stream, discriminated on `code`. */
export type StreamAccumulationErrorDetail =
  /** A configured limit was hit: the value the stream would have reached, and the call if any. */
  | {
      readonly code: 'stream-limit';
      readonly limit: StreamLimitName;
      readonly callIndex?: number | undefined;
      readonly callId?: string | undefined;
      readonly attempted: number;
      readonly maximum: number;
    }
  /** Event `eventIndex` (0-based) lacks its documented shape at `field`. */
  | { readonly code: 'invalid-input'; readonly eventIndex: number; readonly field: string }
  /** The provider sent an error event mid-stream (Anthropic `overloaded_error`). */
  | {
      readonly code: 'provider-error';
      readonly eventIndex: number;
      readonly errorType: string;
      readonly providerMessage: string;
    };

/** Thrown while accumulating a streamed response; `detail` says what and where. */
export class StreamAccumulationError extends ToolHistoryError {
  override readonly name: string = 'StreamAccumulationError';
  declare readonly code: StreamAccumulationErrorDetail['code'];
  readonly detail: StreamAccumulationErrorDetail;

  constructor(detail: StreamAccumulationErrorDetail, message: string, options?: ErrorOptions) {
    super(detail.code, message, options);
    this.detail = detail;
  }
}
