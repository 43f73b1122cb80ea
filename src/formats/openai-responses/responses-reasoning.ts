import type { HistoryIssue } from '../../errors/history-issue.js';
import { isObject, type JsonObject } from '../../core/input-guards.js';
import type { RuleContext } from '../../core/rule-context.js';

// Reasoning items and the items they go with. A reasoning model's response is a run of output
// items: a `reasoning` item, then what it led to (a `function_call`, an assistant `message`, …).
// Sent back as input, the API finds their ties by item id and refuses a broken one; the input
// alone shows only some of them, and those are what is checked here:
// - a `reasoning` item with an id and no output item after it in its run: "Item 'rs_…' of type
//   'reasoning' was provided without its required following item."
//   (https://github.com/continuedev/continue/issues/8933, https://github.com/openai/openai-node/issues/1567);
// - with a reasoning model (see isReasoningContext), a `function_call` with an `fc_` item id and no
//   reasoning item in its run: "Item 'fc_…' of type 'function_call' was provided without its
//   required 'reasoning' item: 'rs_…'." (https://github.com/mastra-ai/mastra/issues/8738,
//   https://github.com/0xPlaygrounds/rig/issues/751). The API names the `rs_` id it looked up,
//   which the input does not hold, so the sentence here ends before it. Without a reasoning
//   model the call may come from a model that does not reason, and nothing is reported.

/**
 * True when the rule context says a reasoning model answers (o-series, gpt-5 and its codex
 * models), or `thinking` is on: then every `function_call` with an `fc_` id came with reasoning.
 */
export function isReasoningContext(context: RuleContext): boolean {
  if (context.thinking === true) return true;
  const model = context.model;
  return model !== undefined && REASONING_MODEL.test(model);
}

// o1, o3, o4-mini, gpt-5, gpt-5.1-codex, codex-mini-latest …, with or without an `openai/` prefix.
const REASONING_MODEL = /^(?:openai\/)?(?:o\d|gpt-5|codex)/;

/** True for an item that the model did not output: a user, system or developer message, or a tool output. */
export function isInputSide(item: JsonObject): boolean {
  const type = item.type;
  if (type === undefined || type === 'message') return item.role !== 'assistant';
  return typeof type === 'string' && type.endsWith('_output');
}

/** The `id` of an item, when it is a string. */
export function itemIdOf(item: unknown): string | undefined {
  return isObject(item) && typeof item.id === 'string' ? item.id : undefined;
}

/** The issue of a `reasoning` item with an id and no item after it in its run. */
export function orphanReasoningIssue(index: number, reasoningId: string): HistoryIssue {
  return {
    code: 'orphan-reasoning',
    messageIndex: index,
    reasoningId,
    param: 'input',
    message: `Item '${reasoningId}' of type 'reasoning' was provided without its required following item.`,
  };
}

/** The issue of a `function_call` whose run holds no reasoning item. */
export function missingReasoningIssue(index: number, itemId: string, callId: string): HistoryIssue {
  return {
    code: 'missing-reasoning',
    messageIndex: index,
    toolCallIds: [callId],
    param: 'input',
    message: `Item '${itemId}' of type 'function_call' was provided without its required 'reasoning' item.`,
  };
}

/**
 * Reads the reasoning ties of an `input` as the validator goes: call {@link item} for each item, in
 * order, then {@link end}. Costs one comparison per item when there is no reasoning item.
 */
export class ReasoningRuns {
  /** The run holds a reasoning item. */
  private reasoning = false;
  /**
   * The reasoning items with an id since the run's last output item, each still waiting for an
   * output item after it. Usually empty or one; a run of them all fail together.
   */
  private waiting: { readonly index: number; readonly id: string }[] = [];
  private readonly checkCalls: boolean;
  private readonly issues: HistoryIssue[];

  /** `checkCalls`: report `function_call` items without reasoning (see {@link isReasoningContext}). */
  constructor(checkCalls: boolean, issues: HistoryIssue[]) {
    this.checkCalls = checkCalls;
    this.issues = issues;
  }

  /** One item, `type` its `type`. */
  item(item: JsonObject, type: unknown, index: number): void {
    if (type === 'reasoning') {
      // Reasoning items in a row before an output item: which of them that item goes with is not
      // known, so none is reported; before nothing, none of them has a following item.
      this.reasoning = true;
      const id = item.id;
      if (typeof id === 'string') this.waiting.push({ index, id });
      return;
    }
    if (type === 'function_call_output' || isInputSide(item)) {
      this.close();
      this.reasoning = false;
      return;
    }
    if (this.waiting.length > 0) this.waiting = [];
    if (type === 'function_call' && this.checkCalls && !this.reasoning) {
      const id = item.id;
      if (typeof id === 'string' && id.startsWith('fc_'))
        this.issues.push(missingReasoningIssue(index, id, String(item.call_id)));
    }
  }

  /** The end of the input. */
  end(): void {
    this.close();
  }

  private close(): void {
    if (this.waiting.length === 0) return;
    for (const { index, id } of this.waiting) this.issues.push(orphanReasoningIssue(index, id));
    this.waiting = [];
  }
}
