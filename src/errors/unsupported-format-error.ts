import { ToolHistoryError } from './tool-history-error.js';

/** Thrown when a caller names a message format this package does not know. */
export class UnsupportedFormatError extends ToolHistoryError {
  override readonly name: string = 'UnsupportedFormatError';
  declare readonly code: 'unsupported-format';
  /** The format that was asked for, as given. */
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
