/**
 * A tool call as the model requested it, in the package's provider-neutral model.
 *
 * `arguments` holds the parsed arguments object. When a provider sent argument text that is not
 * valid JSON, `argumentsText` keeps that text exactly as the model wrote it and `arguments` is `{}`.
 */
export interface ToolCall {
  /** The provider's call id (assigned by this package where the provider gave none). */
  readonly callId: string;
  /** The tool's name. */
  readonly name: string;
  /** The parsed arguments. */
  readonly arguments: Readonly<Record<string, unknown>>;
  /** Argument text as sent, kept only when it does not parse to an object. */
  readonly argumentsText?: string | undefined;
}
