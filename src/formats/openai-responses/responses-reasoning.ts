import type { HistoryIssue } from '../../errors/history-issue.js';
import { isObject, type JsonObject } from '../../core/input-guards.js';
import type { RuleContext } from '../../core/rule-context.js';

// A reasoning model's response is a run of output items: a `reasoning` item, then what it led to
// (a `function_call`, an assistant `message`, …). Sent back as input, the API ties them by item id
// and refuses a broken tie; the input alone shows two of them:
// - a `reasoning` item with an id and no output item after it in its run: "Item 'rs_…' of type
//   'reasoning' was provided without its required following item." (continuedev/continue#8933,
//   openai/openai-node#1567);
// - with a reasoning model, a `function_call` with an `fc_` item id and no reasoning item in its
//   run: "Item 'fc_…' of type 'function_call' was provided without its required 'reasoning' item:
//   'rs_…'." (mastra-ai/mastra#8738, 0xPlaygrounds/rig#751). The input does not hold the `rs_` id
//   the API names, so our sentence ends before it.

// o1, o3, o4-mini, gpt-5, gpt-5.1-codex, codex-mini-latest …, with or without an `openai/` prefix.
const REASONING_MODEL = /^(?:openai\/)?(?:o\d|gpt-5|codex)/;

/** True when a reasoning model answers (or `thinking` is on): its `fc_` calls came with reasoning. */
export function isReasoningContext(context: RuleContext): boolean {
  return context.thinking === true || REASONING_MODEL.test(context.model ?? '');
}

/** True for an item the model did not output: a user, system or developer message, or an output. */
function isInputSide(item: JsonObject): boolean {
  const type = item.type;
  if (type === undefined || type === 'message') return item.role !== 'assistant';
  return typeof type === 'string' && type.endsWith('_output');
}

/**
 * The reasoning issues of a Responses `input` (`orphan-reasoning`, and `missing-reasoning` under
 * a reasoning model), in input order; entries that are not objects are skipped.
 */
export function reasoningIssues(input: readonly unknown[], context: RuleContext): HistoryIssue[] {
  const issues: HistoryIssue[] = [];
  const checkCalls = isReasoningContext(context);
  let reasoning = false;
  // Reasoning items with an id since the run's last output item, each waiting for an item after it.
  let waiting: { readonly index: number; readonly id: string }[] = [];
  const close = (): void => {
    for (const { index, id } of waiting) {
      const message = `Item '${id}' of type 'reasoning' was provided without its required following item.`;
      issues.push({
        code: 'orphan-reasoning',
        messageIndex: index,
        reasoningId: id,
        param: 'input',
        message,
      });
    }
    waiting = [];
  };
  for (let index = 0; index < input.length; index++) {
    const item = input[index];
    if (!isObject(item)) continue;
    const { type, id } = item;
    if (type === 'reasoning') {
      // Reasoning items in a row before one output item: which of them it goes with is not known,
      // so none is reported.
      reasoning = true;
      if (typeof id === 'string') waiting.push({ index, id });
    } else if (type === 'function_call_output' || isInputSide(item)) {
      close();
      reasoning = false;
    } else {
      waiting = [];
      if (type !== 'function_call' || !checkCalls || reasoning) continue;
      if (typeof id !== 'string' || !id.startsWith('fc_')) continue;
      const message = `Item '${id}' of type 'function_call' was provided without its required 'reasoning' item.`;
      const toolCallIds = [String(item.call_id)];
      issues.push({
        code: 'missing-reasoning',
        messageIndex: index,
        toolCallIds,
        param: 'input',
        message,
      });
    }
  }
  close();
  return issues;
}
