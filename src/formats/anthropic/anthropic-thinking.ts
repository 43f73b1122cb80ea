import type { HistoryIssue } from '../../errors/history-issue.js';
import type { ConversionWarning } from '../../core/history.js';
import { isObject } from '../../core/input-guards.js';
import type { RuleContext } from '../../core/format.js';
import type { MovedPartFix, WireRepair } from '../shared/wire-repair.js';
import { blocksAt } from './anthropic-rules.js';

// Extended thinking, for Anthropic and Claude on Bedrock: the final assistant turn with `tool_use`
// starts with its thinking block (https://github.com/langchain-ai/langchain-aws/issues/844).

/** How a block format marks thinking and calls: Anthropic blocks, Bedrock Converse members. */
export interface ThinkingShape {
  readonly name: 'Anthropic' | 'Bedrock';
  readonly isThinking: (block: unknown) => boolean;
  readonly callId: (block: unknown) => string | undefined;
  /** The block's type in Anthropic's words (the API behind both names it so). */
  readonly typeOf: (block: unknown) => string;
}

const typeField = (block: unknown): string | undefined =>
  isObject(block) && typeof block.type === 'string' ? block.type : undefined;

/** Anthropic: `thinking` / `redacted_thinking` and `tool_use` blocks. */
export const ANTHROPIC_THINKING: ThinkingShape = {
  name: 'Anthropic',
  isThinking: (block) =>
    typeField(block) === 'thinking' || typeField(block) === 'redacted_thinking',
  callId: (block) =>
    isObject(block) && block.type === 'tool_use' && typeof block.id === 'string'
      ? block.id
      : undefined,
  typeOf: (block) => typeField(block) ?? 'text',
};

/** Bedrock Converse: `reasoningContent` and `toolUse` members, for Claude with extended thinking. */
export const BEDROCK_THINKING: ThinkingShape = {
  name: 'Bedrock',
  isThinking: (block) => isObject(block) && isObject(block.reasoningContent),
  callId: (block) => {
    const toolUse = isObject(block) ? block.toolUse : undefined;
    return isObject(toolUse) && typeof toolUse.toolUseId === 'string'
      ? toolUse.toolUseId
      : undefined;
  },
  typeOf: (block) => {
    const [key = 'text'] = isObject(block) ? Object.keys(block) : [];
    return key === 'toolUse' ? 'tool_use' : key === 'toolResult' ? 'tool_result' : key;
  },
};

/** The final assistant turn (its consecutive messages, which the API merges) and its call ids. */
interface FinalTurn {
  readonly start: number;
  readonly end: number;
  readonly callIds: string[];
  /** Its first block's type. */
  readonly found: string;
}

/** The final assistant turn with `tool_use` when it does not start with thinking. */
function unthoughtFinalTurn(
  messages: readonly unknown[],
  shape: ThinkingShape,
): FinalTurn | undefined {
  const isAssistant = (index: number): boolean => {
    const message = messages[index];
    return isObject(message) && message.role === 'assistant';
  };
  let end = messages.length - 1;
  while (end >= 0 && !isAssistant(end)) end--;
  let start = end;
  while (start > 0 && isAssistant(start - 1)) start--;
  const callIds: string[] = [];
  let first: unknown;
  for (let index = Math.max(start, 0); index <= end; index++)
    for (const block of blocksAt(messages, index)) {
      first ??= block;
      const id = shape.callId(block);
      if (id !== undefined) callIds.push(id);
    }
  if (callIds.length === 0 || shape.isThinking(first)) return undefined;
  return { start, end, callIds, found: shape.typeOf(first) };
}

/** The issue of a final assistant turn with `tool_use` that does not start with thinking. */
export function thinkingFirstIssue(
  messages: readonly unknown[],
  shape: ThinkingShape = ANTHROPIC_THINKING,
): HistoryIssue | undefined {
  const turn = unthoughtFinalTurn(messages, shape);
  if (turn === undefined) return undefined;
  // The API merges the run into one message, and names its first block. The sentence:
  // https://github.com/anomalyco/opencode/issues/3077 ("preceeding" is Anthropic's spelling).
  const param = `messages.${turn.start}.content.0.type`;
  const message = `${param}: Expected \`thinking\` or \`redacted_thinking\`, but found \`${turn.found}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable \`thinking\`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking`;
  const { start: messageIndex, callIds: toolCallIds } = turn;
  return { code: 'missing-reasoning', messageIndex, partIndex: 0, toolCallIds, param, message };
}

/**
 * With extended thinking on, puts the thinking blocks of the final assistant turn that holds
 * `tool_use` first, where they are in that turn but not first: each block is moved whole (its
 * signature signs its content, not its place), into the turn's first message.
 */
export function repairAnthropicThinking(
  messages: readonly unknown[],
  context: RuleContext,
  inputIndexOf: (message: unknown) => number,
  shape: ThinkingShape = ANTHROPIC_THINKING,
): WireRepair | undefined {
  const turn = context.thinking === true ? unthoughtFinalTurn(messages, shape) : undefined;
  if (turn === undefined) return undefined;
  const { start, end, callIds } = turn;
  const { name } = shape;
  const callId = callIds[0] ?? '';
  const thinking: unknown[] = [];
  const fixes: MovedPartFix[] = [];
  const rest: unknown[][] = [];
  for (let index = start; index <= end; index++) {
    const kept: unknown[] = [];
    blocksAt(messages, index).forEach((block, partIndex) => {
      if (!shape.isThinking(block)) {
        kept.push(block);
        return;
      }
      const from = inputIndexOf(messages[index]);
      fixes.push({
        kind: 'moved-reasoning',
        messageIndex: start,
        partIndex: thinking.length,
        callId,
        fromIndex: from === -1 ? index : from,
        fromPartIndex: partIndex,
        message: `With extended thinking on, ${name} needs the final assistant turn to start with its thinking block; the ${shape.typeOf(block)} block at messages[${index}].content[${partIndex}] moved, unchanged, to messages[${start}].content[${thinking.length}].`,
      });
      thinking.push(block);
    });
    rest.push(kept);
  }
  if (thinking.length === 0) {
    const warning: ConversionWarning = {
      code: 'unrepaired-issue',
      messageIndex: start,
      callId,
      message: `messages[${start}]: with extended thinking on, ${name} needs the final assistant turn (the one with tool_use ${callIds.join(', ')}) to start with the thinking block the model returned with it, and the history has none; it cannot be made up (its signature is Anthropic's). Send the turn's thinking and redacted_thinking blocks back unmodified, or turn thinking off for this request.`,
    };
    return { messages, fixes: [], warnings: [warning] };
  }
  const output: unknown[] = messages.slice(0, start);
  for (let index = start; index <= end; index++) {
    const blocks = rest[index - start] ?? [];
    const content = index === start ? [...thinking, ...blocks] : blocks;
    const message = messages[index];
    // A message that held only thinking blocks is left out: the API refuses empty content.
    if (content.length === 0) continue;
    const moved = blocks.length !== blocksAt(messages, index).length || index === start;
    output.push(moved && isObject(message) ? { ...message, content } : message);
  }
  for (let index = end + 1; index < messages.length; index++) output.push(messages[index]);
  return { messages: output, fixes, warnings: [] };
}
