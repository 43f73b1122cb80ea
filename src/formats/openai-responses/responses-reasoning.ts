import type { HistoryIssue } from '../../errors/history-issue.js';
import { isObject, type JsonObject } from '../../core/input-guards.js';
import type { RuleContext } from '../../core/rule-context.js';

// A reasoning model's output is a run of items: `reasoning`, then what it led to. Sent back, the
// API refuses a broken tie: a `reasoning` item with no output item after it in its run
// (continuedev/continue#8933), or, with a reasoning model, an `fc_` call with no reasoning in its
// run (mastra-ai/mastra#8738; the `rs_` id the API names is not in the input, so ours ends before).

// o1, o3, o4-mini, gpt-5, gpt-5.1-codex, codex-mini-latest …, with or without an `openai/` prefix.
const REASONING_MODEL = /^(?:openai\/)?(?:o\d|gpt-5|codex)/;

/** True when a reasoning model answers (or `thinking` is on): its `fc_` calls came with reasoning. */
function isReasoningContext(context: RuleContext): boolean {
  return context.thinking === true || REASONING_MODEL.test(context.model ?? '');
}

/** True for an item the model did not output: a user, system or developer message, or an output. */
function isInputSide(item: JsonObject): boolean {
  const type = item.type;
  if (type === undefined || type === 'message') return item.role !== 'assistant';
  return typeof type === 'string' && type.endsWith('_output');
}

/** The `orphan-reasoning` and (under a reasoning model) `missing-reasoning` issues, in input order. */
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
      // Of reasoning items in a row before one output item, none is reported.
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
