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

/**
 * The base class of every error this package throws. `code` tells the cases apart;
 * {@link isToolHistoryError} recognizes it even across duplicated installs of the package.
 */
export class ToolHistoryError extends Error {
  override readonly name: string = 'ToolHistoryError';
  /** What went wrong, as a stable code. */
  readonly code: ToolHistoryErrorCode;

  constructor(code: ToolHistoryErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
    Object.defineProperty(this, marker, { value: true });
  }
}

/** True for any error thrown by this package, whichever copy of it threw. */
export function isToolHistoryError(value: unknown): value is ToolHistoryError {
  return typeof value === 'object' && value !== null && marker in value;
}
