import type { HistoryIssue } from '../errors/history-issue.js';

// The issue vocabulary lives in errors/ (which imports nothing); core re-exports it.
export * from '../errors/history-issue.js';

/** Sort order of issues: by message (`sort` is stable, so one message's keep their order). */
export function byMessageIndex(a: HistoryIssue, b: HistoryIssue): number {
  return a.messageIndex - b.messageIndex;
}
