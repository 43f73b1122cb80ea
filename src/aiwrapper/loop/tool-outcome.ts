// Every result but `ok` is an error value in aiwrapper's shape (`{ error: true, name, message }`).

/** How a call of the tool loop ended. */
export type ToolResultStatus = 'ok' | 'error' | 'timeout' | 'cancelled' | 'denied' | 'not-run';

/** An error result the loop writes. */
export interface LoopErrorResult {
  readonly error: true;
  readonly name: string;
  readonly message: string;
}

/** How one call ended. */
export interface ToolOutcome {
  readonly callId: string;
  readonly name: string;
  readonly status: ToolResultStatus;
  readonly result: unknown;
  /** With status `error` from a handler that threw: what it threw. */
  readonly error?: unknown;
}

/** The error names of the results the loop writes. */
export const LOOP_RESULT_NAMES = {
  timeout: 'ToolTimedOut',
  cancelled: 'ToolCancelled',
  denied: 'ToolCallDenied',
  'not-run': 'ToolNotRun',
} as const;

const NOT_RUN_WHY = {
  aborted: 'the run was stopped before it started',
  stopped: 'the run stopped after another tool failed',
  'max-rounds': 'the run reached its round limit',
  'unknown-tool': 'no tool of this name is available',
  'no-tool-name': 'the call named no tool',
  'invalid-json-arguments': 'its arguments are not valid JSON',
  'non-object-arguments': 'its arguments are not a JSON object',
} as const;

/** Why a call that never started was not run. */
export type NotRunReason = keyof typeof NOT_RUN_WHY;

/** Tells the model how to retry a call it sent malformed. */
const RETRY = ' Call it again with arguments that are a JSON object.';

function errorResult(name: string, message: string): LoopErrorResult {
  return { error: true, name, message };
}

/** A call that never started: it had no effect. */
export function notRunResult(tool: string, why: NotRunReason): LoopErrorResult {
  return errorResult(
    LOOP_RESULT_NAMES['not-run'],
    `Tool "${tool}" was not run: ${NOT_RUN_WHY[why]}. It had no effect.${why.endsWith('-arguments') ? RETRY : ''}`,
  );
}

/** A call stopped after it started. */
export function cancelledResult(tool: string): LoopErrorResult {
  return errorResult(
    LOOP_RESULT_NAMES.cancelled,
    `Tool "${tool}" was cancelled after it started. It did not finish and may have had effects.`,
  );
}

/** A started `'once'` call without a result: it is not run again. */
export function interruptedResult(tool: string): LoopErrorResult {
  return errorResult(
    LOOP_RESULT_NAMES.cancelled,
    `Tool "${tool}" was interrupted after it started and no result was recorded. It may have run, in part or in full; it was not run again.`,
  );
}

/** A call that ran past its time limit. */
export function timeoutResult(tool: string, timeoutMs: number): LoopErrorResult {
  return errorResult(
    LOOP_RESULT_NAMES.timeout,
    `Tool "${tool}" did not finish within ${String(timeoutMs)} ms and was stopped. It may have had effects.`,
  );
}

/** A call a human did not approve. */
export function deniedResult(tool: string, reason: string | undefined): LoopErrorResult {
  const why = reason === undefined || reason === '' ? '' : ` Reason: ${reason}`;
  return errorResult(
    LOOP_RESULT_NAMES.denied,
    `The call of tool "${tool}" was not approved, so it was not run.${why}`,
  );
}

/** A handler that threw, as aiwrapper records one: the error's name and message. */
export function thrownResult(error: unknown): LoopErrorResult {
  return errorResult(thrownName(error), describeThrown(error));
}

/** An Error's non-empty name, else `Error`; never throws (a revoked proxy does). */
export function thrownName(error: unknown): string {
  try {
    if (!(error instanceof Error)) return 'Error';
    const name: unknown = error.name;
    return typeof name === 'string' && name !== '' ? name : 'Error';
  } catch {
    return 'Error';
  }
}

/** Text for anything thrown: a string, an Error's message, JSON, or `String`; never throws. */
export function describeThrown(value: unknown): string {
  try {
    if (!(value instanceof Error)) return describeValue(value);
    const message: unknown = value.message;
    return typeof message === 'string' ? message : describeValue(message);
  } catch {
    return `${typeof value === 'object' ? 'an object' : `a ${typeof value}`} that cannot be described`;
  }
}

function describeValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'function') return 'a function';
  if (typeof value !== 'object' || value === null) return String(value);
  try {
    // `undefined` for an object whose toJSON returns a function or a symbol, though typed `string`.
    const text = JSON.stringify(value) as string | undefined;
    if (text !== undefined) return text;
  } catch {
    // A bigint inside, a cycle, a throwing toJSON or getter: String may still describe it.
  }
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- its own toString, if any
  return String(value);
}
