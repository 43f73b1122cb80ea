/**
 * Placeholder results: what stands in for a tool result that nobody recorded. aiwrapper writes
 * two kinds (`"aborted"` from `fixToolResultsIfNeeded`, a `ToolNotFound` error from `chat()` for
 * a tool without a handler); this package writes one. A real result replaces any of them.
 */

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

/**
 * Returns the placeholder for a call of tool `name` with no recorded result. Its text does not
 * tell the model the tool failed or was aborted: only that no result was recorded, and the tool
 * may or may not have run. It names no call id (the result's own id says which call it answers),
 * so every such call of a tool gets the same text.
 */
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
