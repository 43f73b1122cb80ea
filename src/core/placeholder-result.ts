// Placeholder results stand in for a tool result nobody recorded: aiwrapper's `"aborted"` and
// `ToolNotFound`, and ours. A real result replaces any of them.
/** The error name this package gives a result it had to invent. */
export const MISSING_RESULT_NAME = 'ToolResultMissing';
/** The error name of the result `chat()` records for a tool that runs outside aiwrapper. */
export const DEFERRED_RESULT_NAME = 'ToolRunByCaller';

/** The result this package records for a call that has no result. */
export interface MissingResultPlaceholder {
  readonly error: true;
  readonly name: typeof MISSING_RESULT_NAME;
  readonly message: string;
}

/** The placeholder for a call of tool `name` with no recorded result (it may or may not have run). */
export function missingResultPlaceholder(name: string): MissingResultPlaceholder {
  return {
    error: true,
    name: MISSING_RESULT_NAME,
    message: `No result was recorded for this call of tool "${name}". The tool may or may not have run.`,
  };
}

/** True for a result value that only stands in for a missing one (aiwrapper's or ours). */
export function isPlaceholderResult(result: unknown): boolean {
  if (result === 'aborted') return true;
  if (typeof result !== 'object' || result === null) return false;
  const record = result as Record<string, unknown>;
  return (
    record.error === true &&
    (record.name === 'ToolNotFound' ||
      record.name === MISSING_RESULT_NAME ||
      record.name === DEFERRED_RESULT_NAME)
  );
}
