import type { RuleContext } from '../../core/format.js';
import type { ConversionWarning } from '../../core/history.js';
import { isObject } from '../../core/input-guards.js';
import { missingResultPlaceholder } from '../../core/placeholder-result.js';
import type { HistoryIssue } from '../../errors/history-issue.js';
import type { WireFix, WireRepair } from '../shared/wire-repair.js';
import { PAIR_OF_CALL, PAIR_OF_OUTPUT } from './responses-pairs.js';
import { inspectOpenAIResponses, reasoningIssues } from './validate-openai-responses.js';

// Calls and outputs the neutral model reads as function calls; the engine repairs those.
const NEUTRAL = new Set<unknown>([
  'function_call',
  'custom_tool_call',
  'function_call_output',
  'custom_tool_call_output',
]);

type InputIndexOf = (item: unknown) => number;

// What the pass after the engine fixes or reports, on items the engine keeps opaque.
const WIRE_CODES = new Set<HistoryIssue['code']>([
  'invalid-item-id',
  'unpersisted-item',
  'unacknowledged-safety-check',
  'orphan-reasoning',
  'missing-reasoning',
]);

/**
 * Whether {@link repairResponsesWire} has work for `issue` of the engine's input. Under the
 * format's own profile the engine adds and moves only function calls and outputs (written with no
 * item id), and input-side items only right after a call, which answers the reasoning before it:
 * it makes none of these issues.
 */
export function responsesWireActsOn(issue: HistoryIssue, input: readonly unknown[]): boolean {
  if (issue.code !== 'missing-tool-result' && issue.code !== 'orphan-tool-result')
    return WIRE_CODES.has(issue.code);
  const item = input[issue.messageIndex];
  return !NEUTRAL.has(isObject(item) ? item.type : undefined);
}

/**
 * The Responses steps after the engine: the items the neutral model keeps opaque, then the
 * reasoning ties (which the first step's drops can change); each fix indexes the final output.
 */
export function repairResponsesWire(
  input: readonly unknown[],
  context: RuleContext,
  inputIndexOf: InputIndexOf,
): WireRepair | undefined {
  const items = repairItems(input, context, inputIndexOf);
  const passed = items?.messages ?? input;
  const reasoning = repairReasoning(passed, context, inputIndexOf);
  if (items === undefined || reasoning === undefined) return items ?? reasoning;
  const at = new Map(reasoning.messages.map((item, index) => [item, index]));
  const placed = items.fixes.map((fix) => ({
    ...fix,
    messageIndex: at.get(passed[fix.messageIndex]) ?? fix.messageIndex,
  }));
  return {
    messages: reasoning.messages,
    fixes: [...placed, ...reasoning.fixes],
    warnings: [...items.warnings, ...reasoning.warnings],
  };
}

/**
 * Fixes what the validator reports on Responses items the neutral model keeps opaque:
 * - a shell, local shell or apply_patch call without output gets a failed output right after it;
 * - an output of such a kind that answers no call is dropped (kept whole in its fix);
 * - an item id without its type's prefix is removed (the API makes its own);
 * - with `store: false`, reasoning without `encrypted_content` is dropped.
 * A computer call without output (no screenshot can be made up), an MCP approval request without
 * response (no decision can), unacknowledged safety checks and an `item_reference` under
 * `store: false` are left, each with an `unrepaired-issue` warning.
 */
function repairItems(
  input: readonly unknown[],
  context: RuleContext,
  inputIndexOf: InputIndexOf,
): WireRepair | undefined {
  const { result } = inspectOpenAIResponses(input, context, 'repair');
  if (result.ok) return undefined;
  const byIndex = new Map<number, HistoryIssue[]>();
  for (const issue of result.issues)
    byIndex.set(issue.messageIndex, [...(byIndex.get(issue.messageIndex) ?? []), issue]);
  const output: unknown[] = [];
  const fixes: WireFix[] = [];
  const warnings: ConversionWarning[] = [];
  const leave = (issue: HistoryIssue, why: string, callId?: string): void => {
    const message = `input[${fromOf(input[issue.messageIndex])}]: ${why}`;
    const warning = { code: 'unrepaired-issue' as const, messageIndex: output.length, message };
    warnings.push(callId === undefined ? warning : { ...warning, callId });
  };
  const fromOf = (item: unknown): number => {
    const from = inputIndexOf(item);
    return from === -1 ? input.indexOf(item) : from;
  };
  for (let index = 0; index < input.length; index++) {
    let item = input[index];
    const type = isObject(item) ? item.type : undefined;
    const after: { readonly item: unknown; readonly callId: string; readonly message: string }[] =
      [];
    let dropped = false;
    for (const issue of byIndex.get(index) ?? []) {
      switch (issue.code) {
        case 'missing-tool-result': {
          const pair = PAIR_OF_CALL.get(type);
          if (pair === undefined || NEUTRAL.has(type)) break;
          const [callId = ''] = issue.toolCallIds;
          if (pair.placeholder === undefined) {
            leave(
              issue,
              `the ${pair.what} ${callId} has no ${pair.output}, and repair cannot make one up; add it yourself.`,
              callId,
            );
            break;
          }
          const note = missingResultPlaceholder(pair.what).message;
          const message = `The ${pair.what} ${callId} had no ${pair.output}; a failed one was added after it.`;
          after.push({ item: pair.placeholder(callId, note), callId, message });
          break;
        }
        case 'orphan-tool-result': {
          const pair = PAIR_OF_OUTPUT.get(type);
          if (pair === undefined || NEUTRAL.has(type) || dropped) break;
          dropped = true;
          const fromIndex = fromOf(item);
          const message = `The ${pair.output} at input[${fromIndex}] answers no ${pair.what}; it was dropped (kept whole in this fix).`;
          fixes.push({
            kind: 'dropped-item',
            messageIndex: output.length,
            callId: issue.toolCallId,
            fromIndex,
            item,
            message,
          });
          break;
        }
        case 'invalid-item-id': {
          if (!isObject(item) || dropped) break;
          item = Object.fromEntries(Object.entries(item).filter(([key]) => key !== 'id'));
          const message = `The item id '${issue.itemId}' at input[${fromOf(input[index])}] does not begin with its type's prefix; it was removed (the API gives the item its own).`;
          fixes.push({
            kind: 'stripped-item-id',
            messageIndex: output.length,
            callId: '',
            itemId: issue.itemId,
            message,
          });
          break;
        }
        case 'unpersisted-item': {
          if (type !== 'reasoning') {
            leave(
              issue,
              `the item '${issue.itemId}' is looked up on the server, which stores nothing with store: false; send the item itself, or set store: true.`,
            );
            break;
          }
          if (dropped) break;
          dropped = true;
          const fromIndex = fromOf(item);
          const message = `The reasoning item '${issue.itemId}' at input[${fromIndex}] has no encrypted_content, and with store: false the API cannot look it up; it was dropped (kept whole in this fix).`;
          fixes.push({
            kind: 'dropped-reasoning',
            messageIndex: output.length,
            callId: '',
            fromIndex,
            item,
            message,
          });
          break;
        }
        case 'unacknowledged-safety-check':
          leave(
            issue,
            `safety checks ${issue.checkIds.join(', ')} of computer call ${issue.toolCallId} are not acknowledged; only the user may acknowledge them (acknowledged_safety_checks).`,
            issue.toolCallId,
          );
          break;
        default:
      }
    }
    if (!dropped) output.push(item);
    for (const added of after) {
      fixes.push({ kind: 'inserted-output', messageIndex: output.length, ...added });
      output.push(added.item);
    }
  }
  if (fixes.length === 0 && warnings.length === 0) return undefined;
  return { messages: fixes.length === 0 ? input : output, fixes, warnings };
}

/**
 * Fixes the reasoning ties of a Responses `input` that the validator reports:
 * - a `reasoning` item with no output item after it is dropped (kept whole in its fix);
 * - with a reasoning model, a `function_call` whose reasoning item is gone loses its `fc_` item id
 *   (https://github.com/continuedev/continue/pull/12113); `call_id` still pairs its output.
 */
function repairReasoning(
  input: readonly unknown[],
  context: RuleContext,
  inputIndexOf: InputIndexOf,
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
