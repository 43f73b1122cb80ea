import type { ToolCallPart, ToolResult } from '../../core/history.js';
import type { MissingResultCause } from '../history-fix.js';
import type { ResolvedPolicy } from '../repair-policy.js';

/**
 * Why the calls of a turn lack results: `partial-turn` when some call of the turn has one,
 * `end-of-history` when nothing but results follows the turn, else `not-recorded`.
 */
export function missingResultCause(
  answers: readonly unknown[],
  atEnd: boolean,
): MissingResultCause {
  if (answers.some((answer) => answer !== undefined)) return 'partial-turn';
  return atEnd ? 'end-of-history' : 'not-recorded';
}

/** The placeholder result for `call`: the policy's content, marked as an error. */
export function placeholderResult(
  call: Pick<ToolCallPart, 'callId' | 'name'>,
  cause: MissingResultCause,
  policy: ResolvedPolicy,
): ToolResult {
  return {
    callId: call.callId,
    name: call.name,
    content: policy.missingResult({ callId: call.callId, name: call.name, cause }),
    isError: true,
  };
}
