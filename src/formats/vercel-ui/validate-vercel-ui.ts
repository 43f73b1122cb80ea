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
import { isObject, stringAt } from '../../core/input-guards.js';
import {
  isToolPart,
  lastMessageOf,
  lastStepOf,
  readsAsCall,
  RESULT_STATES,
  stepsOf,
  uiMessageAt,
} from './from-vercel-ui.js';

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
  // Walks the parts as `fromVercelUi` reads them, without building the history: one call turn
  // per step, then a results turn when a part of the step answers or responds to an approval.
  const table = new ToolTurnTable(messages.length);
  const last = lastMessageOf(messages);
  for (let index = 0; index < messages.length; index++) {
    const { role, parts } = uiMessageAt(messages, index);
    if (role !== 'assistant') {
      table.other(index);
      continue;
    }
    const steps = stepsOf(parts);
    const lastStep = index === last ? lastStepOf(steps) : -1;
    let start = 0;
    for (const [stepIndex, step] of steps.entries()) {
      const answers: string[] = [];
      let responds = false;
      // No positions: repair reads each UI message with an issue whole.
      table.begin(index, 'calls');
      for (const [offset, part] of step.entries()) {
        const path = `messages[${index}].parts[${start + offset}]`;
        if (!isToolPart(part) || !readsAsCall(part, path)) continue;
        const callId = stringAt(part.toolCallId, `${path}.toolCallId`);
        table.add(callId, -1);
        // An approval response answers its call in the last step, else it is kept beside it.
        const approval = isObject(part.approval) ? part.approval : undefined;
        const response = typeof approval?.id === 'string' && typeof approval.approved === 'boolean';
        if (RESULT_STATES.has(part.state) || (response && stepIndex === lastStep))
          answers.push(callId);
        responds ||= response;
      }
      table.end();
      start += step.length;
      if (answers.length === 0 && !responds) continue;
      table.begin(index, 'results');
      for (const callId of answers) table.add(callId, -1);
      table.end();
    }
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
    if (table.idAt(slot) !== '' || !table.isCalls(table.siteTurns[slot] ?? -1)) continue;
    const messageIndex = table.messageIndexOf(slot);
    const message = worded
      ? `A tool part of messages[${messageIndex}] has an empty toolCallId, which no provider accepts. Give it an id.`
      : '';
    issues.push({ code: 'invalid-tool-call-id', messageIndex, toolCallId: '', message });
  }
  return { result: toValidationResult(issues.sort(byMessageIndex)), table };
}
