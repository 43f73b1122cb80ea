import type { LangMessage } from 'aiwrapper';
import type { HistoryIssue } from '../errors/history-issue.js';
import { InvalidHistoryError } from '../errors/invalid-history-error.js';
import { validateHistory } from '../validate/validate-history.js';
import { pendingToolCalls } from './pending-tool-calls.js';

/**
 * Checks the history a loop run starts from: valid, or valid with its latest calls pending (the
 * last turn's calls answered in part or not at all, and nothing but their results after it).
 *
 * @throws {InvalidHistoryError} with the aiwrapper validator's issues (a pending call's missing
 *   result is not one).
 */
export function assertLoopHistory(messages: readonly LangMessage[]): void {
  const pending = pendingToolCalls(messages);
  const result = validateHistory(messages, { format: 'aiwrapper' });
  const issues = result.issues.filter(
    (issue) =>
      !(
        pending !== undefined &&
        issue.code === 'missing-tool-result' &&
        issue.messageIndex === pending.messageIndex
      ),
  );
  const [first, ...rest] = issues;
  if (first !== undefined)
    throw new InvalidHistoryError([first, ...rest] as [HistoryIssue, ...HistoryIssue[]]);
}
