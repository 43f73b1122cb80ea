import { describe, expect, it } from 'vitest';
import type { HistoryIssue } from '../../src/errors/history-issue.js';
import { inMessageOrder } from '../../src/core/in-message-order.js';

function orphan(messageIndex: number, toolCallId: string): HistoryIssue {
  return { code: 'orphan-tool-result', messageIndex, toolCallId, message: toolCallId };
}

describe('inMessageOrder', () => {
  it('returns the very list when its issues are in message order already', () => {
    const issues = [orphan(0, 'a'), orphan(2, 'b'), orphan(2, 'c'), orphan(5, 'd')];
    const copy = [...issues];
    expect(inMessageOrder(issues)).toBe(issues);
    expect(issues).toEqual(copy);
  });

  it('sorts by message index, keeping the found order of one message', () => {
    const issues = [orphan(3, 'late'), orphan(1, 'first'), orphan(3, 'later'), orphan(1, 'second')];
    expect(inMessageOrder(issues).map((issue) => issue.message)).toEqual([
      'first',
      'second',
      'late',
      'later',
    ]);
  });

  it('takes an empty list', () => {
    expect(inMessageOrder([])).toEqual([]);
  });
});
