import type { HistoryIssue } from '../../errors/history-issue.js';
import { isObject } from '../../core/input-guards.js';

/**
 * Mistral serves a request only from a last message that is `user` or `tool`, or `assistant` with
 * `prefix: true` (the start of the answer to continue):
 * `{"object":"error","message":"Expected last role User or Tool (or Assistant with prefix True) for serving but got assistant","type":"invalid_request_error",…}`
 * (https://github.com/0xPlaygrounds/rig/issues/708, fixed by https://github.com/0xPlaygrounds/rig/pull/1130).
 * Only the `assistant` form was seen; a last `system` message is worded the same way, with its role.
 */
export function unexpectedLastRoleMessage(role: string): string {
  return `Expected last role User or Tool (or Assistant with prefix True) for serving but got ${role}`;
}

/**
 * The issue for a history whose last message Mistral does not serve from, if it has one. A last
 * `assistant` message with `tool_calls` is left to the count rule (its calls have no responses),
 * which repair fixes by answering them.
 */
export function lastRoleIssue(messages: readonly unknown[]): HistoryIssue | undefined {
  const index = messages.length - 1;
  const last: unknown = messages[index];
  if (!isObject(last)) return undefined;
  const role = last.role;
  if (role === 'user' || role === 'tool' || typeof role !== 'string') return undefined;
  if (role === 'assistant') {
    if (last.prefix === true) return undefined;
    if (Array.isArray(last.tool_calls) && last.tool_calls.length > 0) return undefined;
  }
  return {
    code: 'unexpected-last-role',
    messageIndex: index,
    role,
    message: unexpectedLastRoleMessage(role),
  };
}
