import type { HistoryIssue } from './history-issue.js';

const marker = Symbol.for('aiwrapper-tool-calls.error');

/** Every code a {@link ToolHistoryError} can carry. */
export type ToolHistoryErrorCode =
  | 'invalid-input'
  | 'invalid-history'
  | 'duplicate-result'
  | 'unknown-call'
  | 'unsupported-format'
  | 'stream-limit'
  | 'provider-error'
  | 'unreachable';

/** The base class of every error this package throws; {@link isToolHistoryError} recognizes it. */
export class ToolHistoryError extends Error {
  override readonly name: string = 'ToolHistoryError';
  readonly code: ToolHistoryErrorCode;

  constructor(code: ToolHistoryErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
    Object.defineProperty(this, marker, { value: true });
  }
}

/** True for any error thrown by this package, whichever installed copy of it threw. */
export function isToolHistoryError(value: unknown): value is ToolHistoryError {
  return typeof value === 'object' && value !== null && marker in value;
}

/** Thrown by `assert*` validators: the history has at least one issue, all listed in `issues`. */
export class InvalidHistoryError extends ToolHistoryError {
  override readonly name: string = 'InvalidHistoryError';
  readonly issues: readonly [HistoryIssue, ...HistoryIssue[]];

  constructor(issues: readonly [HistoryIssue, ...HistoryIssue[]], options?: ErrorOptions) {
    const [first] = issues;
    const more =
      issues.length > 1
        ? ` (and ${issues.length - 1} more issue${issues.length > 2 ? 's' : ''})`
        : '';
    super('invalid-history', `messages[${first.messageIndex}]: ${first.message}${more}`, options);
    this.issues = issues;
  }
}

/** Thrown when a caller names a message format this package does not know. */
export class UnsupportedFormatError extends ToolHistoryError {
  override readonly name: string = 'UnsupportedFormatError';
  declare readonly code: 'unsupported-format';
  readonly format: unknown;

  constructor(format: unknown, supported: readonly string[], options?: ErrorOptions) {
    super(
      'unsupported-format',
      `Unsupported format ${typeof format === 'string' ? JSON.stringify(format) : String(format)}. Use one of: ${supported.map((name) => `'${name}'`).join(', ')}.`,
      options,
    );
    this.format = format;
  }
}

/** The limits a streaming accumulator enforces; see `StreamLimits` in `src/streaming`. */
export type StreamLimitName =
  'argument-bytes' | 'fragments' | 'depth' | 'line-length' | 'calls' | 'text-bytes' | 'total-bytes';

/**
 * What went wrong while accumulating a stream: a limit hit (the value the stream would have
 * reached, and the call if any), an event without its documented shape at `field`, or an error
 * event the provider sent mid-stream (Anthropic `overloaded_error`).
 */
export type StreamAccumulationErrorDetail =
  | {
      readonly code: 'stream-limit';
      readonly limit: StreamLimitName;
      readonly callIndex?: number | undefined;
      readonly callId?: string | undefined;
      readonly attempted: number;
      readonly maximum: number;
    }
  | { readonly code: 'invalid-input'; readonly eventIndex: number; readonly field: string }
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
