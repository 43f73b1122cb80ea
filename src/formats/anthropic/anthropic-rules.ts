import type { HistoryIssue } from '../../errors/history-issue.js';
import type { ToolSite, ToolTurnProblem } from '../../core/pair-tool-turns.js';
import { MessageStrings } from '../../core/message-strings.js';
import { isObject } from '../../core/input-guards.js';

// Anthropic's id, tool-turn and extended-thinking rules, each with where its wording was seen.

/** `tool_use.id`s match this (https://github.com/CommandCodeAI/command-code/issues/323). */
export const ANTHROPIC_TOOL_USE_ID_PATTERN: RegExp = /^[a-zA-Z0-9_-]+$/;

/** True when Anthropic accepts `id`. */
export function isAnthropicId(id: string): boolean {
  return ANTHROPIC_TOOL_USE_ID_PATTERN.test(id);
}

/** Several ids are joined by ", " (https://github.com/anthropics/claude-code/issues/5989). */
export function missingSentence(at: number, ids: readonly string[]): string {
  return `messages.${at}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${ids.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
}

/** A param and its sentence. */
export type Words = readonly [param: string | undefined, message: string];

const UNWORDED: Words = [undefined, ''];

/** How a block format (Anthropic, Bedrock) words each tool-turn problem. */
export interface BlockWording {
  /** An orphan or misplaced result. */
  unexpected(result: ToolSite): Words;
  duplicateResult(result: ToolSite, first: ToolSite): Words;
  /** `at` is the message after the turn (or the turn's own when last). */
  missing(at: number, ids: readonly string[]): Words;
  duplicateCall(call: ToolSite, first: ToolSite): Words;
}

/** Anthropic's wording; one per validation (it caches path prefixes). */
export function anthropicWording(): BlockWording {
  const paths = new MessageStrings((index) => `messages.${index}.content.`);
  const blockParam = (site: ToolSite): string =>
    `messages.${site.messageIndex}.content.${site.partIndex ?? 0}`;
  return {
    unexpected: (result) => {
      // https://github.com/anthropics/claude-code/issues/13460.
      const param = `${paths.of(result.messageIndex)}${result.partIndex ?? 0}`;
      return [
        param,
        `${param}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${result.callId}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`,
      ];
    },
    duplicateResult: (result, first) => {
      // Wording ours.
      const param = blockParam(result);
      return [
        param,
        `${param}: duplicate \`tool_result\` for \`tool_use_id\` ${result.callId}, already answered at ${blockParam(first)}. Each \`tool_use\` block must have exactly one \`tool_result\` block.`,
      ];
    },
    missing: (at, ids) => [`messages.${at}`, missingSentence(at, ids)],
    // https://github.com/trycua/cua/issues/524.
    duplicateCall: (call) => [
      blockParam(call),
      `${blockParam(call)}: \`tool_use\` ids must be unique`,
    ],
  };
}

/** A tool-turn problem as an issue in `wording` (`undefined`: unworded, for repair). */
export function blockIssueOf(
  problem: ToolTurnProblem,
  length: number,
  wording: BlockWording | undefined,
): HistoryIssue {
  const siteIssue = (site: ToolSite, [param, message]: Words = UNWORDED) => ({
    messageIndex: site.messageIndex,
    partIndex: site.partIndex,
    toolCallId: site.callId,
    param,
    message,
  });
  switch (problem.kind) {
    case 'orphan':
      return {
        code: 'orphan-tool-result',
        ...siteIssue(problem.result, wording?.unexpected(problem.result)),
      };
    case 'misplaced': {
      const { result, call } = problem;
      const issue = siteIssue(result, wording?.unexpected(result));
      return { code: 'misplaced-tool-result', ...issue, callMessageIndex: call.messageIndex };
    }
    case 'duplicate-result': {
      const { result, first } = problem;
      const issue = siteIssue(result, wording?.duplicateResult(result, first));
      return { code: 'duplicate-tool-call-id', ...issue };
    }
    case 'duplicate-call': {
      const { call, first } = problem;
      const issue = siteIssue(call, wording?.duplicateCall(call, first));
      return { code: 'duplicate-tool-call-id', ...issue };
    }
    case 'missing': {
      const { turnMessageIndex, callIds } = problem;
      const at = turnMessageIndex + 1 < length ? turnMessageIndex + 1 : turnMessageIndex;
      const [param, message] = wording?.missing(at, callIds) ?? UNWORDED;
      return {
        code: 'missing-tool-result',
        messageIndex: turnMessageIndex,
        toolCallIds: callIds,
        param,
        message,
      };
    }
  }
}

// Extended thinking: the final assistant turn with `tool_use` starts with its thinking block.

/** The final assistant turn: its consecutive assistant messages, which the API merges. */
export interface AssistantRun {
  readonly start: number;
  readonly end: number;
}

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

/** The last assistant message and the assistant messages right before it. */
export function finalAssistantRun(messages: readonly unknown[]): AssistantRun | undefined {
  const roleAt = (index: number): unknown => {
    const message = messages[index];
    return isObject(message) ? message.role : undefined;
  };
  let end = messages.length - 1;
  while (end >= 0 && roleAt(end) !== 'assistant') end--;
  if (end < 0) return undefined;
  let start = end;
  while (start > 0 && roleAt(start - 1) === 'assistant') start--;
  return { start, end };
}

/** The blocks of message `index` (a string content is one text block). */
export function blocksAt(messages: readonly unknown[], index: number): readonly unknown[] {
  const message = messages[index];
  const content = isObject(message) ? message.content : undefined;
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return Array.isArray(content) ? (content as unknown[]) : [];
}

/** The run's call ids, in order. */
export function toolUseIdsOf(
  messages: readonly unknown[],
  run: AssistantRun,
  shape: ThinkingShape = ANTHROPIC_THINKING,
): string[] {
  const ids: string[] = [];
  for (let index = run.start; index <= run.end; index++)
    for (const block of blocksAt(messages, index)) {
      const id = shape.callId(block);
      if (id !== undefined) ids.push(id);
    }
  return ids;
}

/** The issue of a final assistant turn with `tool_use` that does not start with thinking. */
export function thinkingFirstIssue(
  messages: readonly unknown[],
  shape: ThinkingShape = ANTHROPIC_THINKING,
): HistoryIssue | undefined {
  const run = finalAssistantRun(messages);
  if (run === undefined) return undefined;
  const toolCallIds = toolUseIdsOf(messages, run, shape);
  if (toolCallIds.length === 0) return undefined;
  for (let index = run.start; index <= run.end; index++) {
    const [first] = blocksAt(messages, index);
    if (first === undefined) continue;
    if (shape.isThinking(first)) return undefined;
    const found = shape.typeOf(first);
    // The API merges the run into one message, and names its first block. The sentence:
    // https://github.com/anomalyco/opencode/issues/3077 ("preceeding" is Anthropic's spelling).
    const param = `messages.${run.start}.content.0.type`;
    const message = `${param}: Expected \`thinking\` or \`redacted_thinking\`, but found \`${found}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable \`thinking\`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking`;
    return {
      code: 'missing-reasoning',
      messageIndex: run.start,
      partIndex: 0,
      toolCallIds,
      param,
      message,
    };
  }
  return undefined;
}
