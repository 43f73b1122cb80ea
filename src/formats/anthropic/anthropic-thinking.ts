import type { HistoryIssue } from '../../errors/history-issue.js';
import { isObject } from '../../core/input-guards.js';

// Extended thinking with tools: the final assistant turn that holds `tool_use` starts with the
// thinking block the model returned with it. Read by the validator (with `thinking: true` in the
// rule context) and by the reorder that repair runs on the wire messages.

/** Where the final assistant turn is: its consecutive assistant messages, which the API merges. */
export interface AssistantRun {
  /** Index of its first message. */
  readonly start: number;
  /** Index of its last message. */
  readonly end: number;
}

/** The documentation the refusal points to. */
const THINKING_DOC = 'https://docs.claude.com/en/docs/build-with-claude/extended-thinking';

/**
 * "messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, but found `tool_use`.
 * When `thinking` is enabled, a final `assistant` message must start with a thinking block
 * (preceeding the lastmost set of `tool_use` and `tool_result` blocks). We recommend you include
 * thinking blocks from previous turns. To avoid this requirement, disable `thinking`. Please consult
 * our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking"
 * (https://github.com/anomalyco/opencode/issues/3077, https://github.com/Kilo-Org/kilocode/issues/5219;
 * older replies link docs.anthropic.com: https://github.com/mastra-ai/mastra/issues/7799).
 */
export function thinkingFirstSentence(at: number, found: string): string {
  return `messages.${at}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${found}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable \`thinking\`. Please consult our documentation at ${THINKING_DOC}`;
}

/** True for a `thinking` or `redacted_thinking` block. */
export function isThinkingBlock(block: unknown): boolean {
  return isObject(block) && (block.type === 'thinking' || block.type === 'redacted_thinking');
}

/**
 * The final assistant turn (the last assistant message and the assistant messages right before
 * it), or `undefined` when there is no assistant message.
 */
export function finalAssistantRun(messages: readonly unknown[]): AssistantRun | undefined {
  let end = messages.length - 1;
  while (end >= 0 && roleAt(messages, end) !== 'assistant') end--;
  if (end < 0) return undefined;
  let start = end;
  while (start > 0 && roleAt(messages, start - 1) === 'assistant') start--;
  return { start, end };
}

/** The blocks of message `index` (a string content is one text block). */
export function blocksAt(messages: readonly unknown[], index: number): readonly unknown[] {
  const message = messages[index];
  const content = isObject(message) ? message.content : undefined;
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return Array.isArray(content) ? (content as unknown[]) : [];
}

/** The ids of the `tool_use` blocks of the run, in order. */
export function toolUseIdsOf(messages: readonly unknown[], run: AssistantRun): string[] {
  const ids: string[] = [];
  for (let index = run.start; index <= run.end; index++)
    for (const block of blocksAt(messages, index))
      if (isObject(block) && block.type === 'tool_use' && typeof block.id === 'string')
        ids.push(block.id);
  return ids;
}

/**
 * The issue of a final assistant turn with `tool_use` that does not start with a thinking block,
 * when extended thinking is on; `undefined` when the rule is met or does not apply. `messages`
 * must have passed the validator's shape checks.
 */
export function thinkingFirstIssue(messages: readonly unknown[]): HistoryIssue | undefined {
  const run = finalAssistantRun(messages);
  if (run === undefined) return undefined;
  const toolCallIds = toolUseIdsOf(messages, run);
  if (toolCallIds.length === 0) return undefined;
  for (let index = run.start; index <= run.end; index++) {
    const [first] = blocksAt(messages, index);
    if (first === undefined) continue;
    if (isThinkingBlock(first)) return undefined;
    const found = isObject(first) && typeof first.type === 'string' ? first.type : 'text';
    // The API merges the run into one message, and names its first block.
    return {
      code: 'missing-reasoning',
      messageIndex: run.start,
      partIndex: 0,
      toolCallIds,
      param: `messages.${run.start}.content.0.type`,
      message: thinkingFirstSentence(run.start, found),
    };
  }
  return undefined;
}

function roleAt(messages: readonly unknown[], index: number): unknown {
  const message = messages[index];
  return isObject(message) ? message.role : undefined;
}
