import type { HistoryIssue } from './history-issue.js';
import { ToolHistoryError } from './tool-history-error.js';

/** Thrown by `assert*` validators: the history has at least one issue, all listed in `issues`. */
export class InvalidHistoryError extends ToolHistoryError {
  override readonly name: string = 'InvalidHistoryError';
  /** Every issue found, in message order. */
  readonly issues: readonly [HistoryIssue, ...HistoryIssue[]];

  constructor(issues: readonly [HistoryIssue, ...HistoryIssue[]], options?: ErrorOptions) {
    const [first] = issues;
    const more =
      issues.length > 1
        ? ` (and ${issues.length - 1} more issue${issues.length > 2 ? 's' : ''})`
        : '';
    super('invalid-history', `messages[${first.messageIndex}]: ${first.message}${more}`, options);
    this.issues = issues;
  }
}
