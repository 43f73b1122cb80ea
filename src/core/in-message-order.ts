import type { HistoryIssue } from '../errors/history-issue.js';

/**
 * `issues` sorted by `messageIndex`, stably (issues of one message keep the order they were
 * found in), in place. A validator finds most issues in message order already: then this is one
 * scan, with no sort and no copy of a long list.
 */
export function inMessageOrder(issues: HistoryIssue[]): HistoryIssue[] {
  for (let index = 1; index < issues.length; index++) {
    if ((issues[index - 1]?.messageIndex ?? 0) > (issues[index]?.messageIndex ?? 0))
      return issues.sort((a, b) => a.messageIndex - b.messageIndex);
  }
  return issues;
}
