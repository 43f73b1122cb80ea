import { expectTypeOf, test } from 'vitest';
import type { HistoryIssue, ValidationResult } from '../../src/errors/history-issue.js';

test('issues narrow by code', () => {
  const issue = {} as HistoryIssue;
  if (issue.code === 'missing-tool-result')
    expectTypeOf(issue.toolCallIds).toEqualTypeOf<readonly string[]>();
  if (issue.code === 'orphan-tool-result') expectTypeOf(issue.toolCallId).toEqualTypeOf<string>();
});

test('a failed validation has at least one issue', () => {
  const result = {} as ValidationResult;
  if (!result.ok) expectTypeOf(result.issues[0]).toEqualTypeOf<HistoryIssue>();
});
