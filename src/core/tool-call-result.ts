/**
 * The result of running one tool call, in the package's provider-neutral model.
 */
export interface ToolCallResult {
  /** The id of the call this answers. */
  readonly callId: string;
  /** The tool's name. */
  readonly name: string;
  /** Whatever the tool returned: any JSON-serializable value or a string. */
  readonly result: unknown;
  /** True when the result reports a failure rather than a value. */
  readonly isError?: boolean | undefined;
}
