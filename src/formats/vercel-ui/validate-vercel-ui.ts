import type { HistoryInspection, InspectionUse } from '../../core/history-inspection.js';
import { wordsIssues } from '../../core/history-inspection.js';
import { findToolTurnProblems } from '../../core/pair-tool-turns.js';
import { ToolTurnTable } from '../../core/tool-turn-table.js';
import {
  byMessageIndex,
  toValidationResult,
  type HistoryIssue,
} from '../../errors/history-issue.js';
import { VERCEL_LAYOUT } from '../vercel/validate-vercel.js';
import { fromVercelUi } from './from-vercel-ui.js';

/**
 * Validates `UIMessage[]` as the AI SDK sends it: read as `convertToModelMessages` does, each
 * step's calls need their results (`input-available`, `approval-requested`, or an
 * `approval-responded` before the last step, are refused in the SDK's `MissingToolResultsError`
 * words) and ids are unique within a step and non-empty.
 * @throws {ToolHistoryError} `invalid-input` for a malformed message or an unknown tool part state.
 */
export function inspectVercelUi(
  messages: readonly unknown[],
  use: InspectionUse = 'validate',
): HistoryInspection {
  const history = fromVercelUi(messages).messages;
  // One turn per step: a UI message holds several, so repair reads the whole history.
  const table = new ToolTurnTable(history.length);
  for (const message of history) {
    const index = message.sourceIndex ?? 0;
    if (message.role === 'assistant') {
      table.begin(index, 'calls');
      message.parts.forEach((part, position) => {
        if (part.type === 'tool-call') table.add(part.callId, position);
      });
      table.end();
    } else if (message.role === 'tool') {
      table.begin(index, 'results');
      message.results.forEach((result, position) => {
        table.add(result.callId, position);
      });
      table.end();
    } else table.other(index);
  }
  const worded = wordsIssues(use);
  const issues: HistoryIssue[] = [];
  for (const problem of findToolTurnProblems(table, { scope: 'turn', uniqueCallIds: 'turn' })) {
    if (problem.kind === 'missing') {
      const { callIds, turnMessageIndex } = problem;
      const message = worded ? VERCEL_LAYOUT.missing(callIds, turnMessageIndex) : '';
      issues.push({
        code: 'missing-tool-result',
        messageIndex: turnMessageIndex,
        toolCallIds: callIds,
        message,
      });
    } else if (problem.kind === 'duplicate-call') {
      const { messageIndex, callId } = problem.call;
      const message = worded
        ? `Call id "${callId}" repeats in one step of messages[${messageIndex}], so results cannot tell the calls apart. Give each call its own id.`
        : '';
      issues.push({ code: 'duplicate-tool-call-id', messageIndex, toolCallId: callId, message });
    }
  }
  for (let slot = 0; slot < table.sites; slot++) {
    if (table.ids[slot] !== '' || !table.isCalls(table.siteTurns[slot] ?? -1)) continue;
    const messageIndex = table.messageIndexOf(slot);
    const message = worded
      ? `A tool part of messages[${messageIndex}] has an empty toolCallId, which no provider accepts. Give it an id.`
      : '';
    issues.push({ code: 'invalid-tool-call-id', messageIndex, toolCallId: '', message });
  }
  return { result: toValidationResult(issues.sort(byMessageIndex)), table };
}
