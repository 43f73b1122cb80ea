import { isObject } from '../../core/input-guards.js';
import type { RuleContext } from '../../core/format.js';
import type { WireFix, WireRepair } from '../shared/wire-repair.js';
import { reasoningIssues } from './validate-openai-responses.js';

/**
 * Fixes the reasoning ties of a Responses `input` that the validator reports:
 * - a `reasoning` item with no output item after it is dropped (kept whole in its fix);
 * - with a reasoning model, a `function_call` whose reasoning item is gone loses its `fc_` item id
 *   (https://github.com/continuedev/continue/pull/12113); `call_id` still pairs its output.
 */
export function repairResponsesReasoning(
  input: readonly unknown[],
  context: RuleContext,
  inputIndexOf: (item: unknown) => number,
): WireRepair | undefined {
  const issues = reasoningIssues(input, context);
  if (issues.length === 0) return undefined;
  const byIndex = new Map(issues.map((issue) => [issue.messageIndex, issue]));
  const output: unknown[] = [];
  const fixes: WireFix[] = [];
  for (let index = 0; index < input.length; index++) {
    const item = input[index];
    const issue = byIndex.get(index);
    const from = inputIndexOf(item);
    const fromIndex = from === -1 ? index : from;
    if (issue?.code === 'orphan-reasoning') {
      fixes.push({
        kind: 'dropped-reasoning',
        messageIndex: output.length,
        callId: '',
        fromIndex,
        item,
        message: `The reasoning item '${issue.reasoningId}' at input[${fromIndex}] had no item after it to go with, which the Responses API refuses; it was dropped (kept whole in this fix).`,
      });
      continue;
    }
    if (issue?.code === 'missing-reasoning' && isObject(item)) {
      const { id, ...rest } = item;
      const itemId = String(id);
      const callId = issue.toolCallIds[0] ?? '';
      fixes.push({
        kind: 'stripped-item-id',
        messageIndex: output.length,
        callId,
        itemId,
        message: `The function_call '${itemId}' at input[${fromIndex}] came from a reasoning model, but its reasoning item is not in the input; its item id was removed so the Responses API does not look for that reasoning (call_id ${callId} still pairs its output).`,
      });
      output.push(rest);
      continue;
    }
    output.push(item);
  }
  return { messages: output, fixes, warnings: [] };
}
