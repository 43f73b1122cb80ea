import { describe, expect, it } from 'vitest';
import { byMessageIndex, type HistoryIssue } from '../../src/errors/history-issue.js';

const issue = (messageIndex: number, toolCallId: string): HistoryIssue => ({
  code: 'orphan-tool-result',
  messageIndex,
  toolCallId,
  message: '',
});

describe('byMessageIndex', () => {
  it('orders issues by message, keeping the order found within one message', () => {
    const issues = [issue(3, 'a'), issue(1, 'b'), issue(3, 'c'), issue(1, 'd')];
    expect(issues.sort(byMessageIndex)).toEqual([
      issue(1, 'b'),
      issue(1, 'd'),
      issue(3, 'a'),
      issue(3, 'c'),
    ]);
  });
});
