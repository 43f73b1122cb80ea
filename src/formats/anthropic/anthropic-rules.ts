import type { HistoryIssue } from '../../errors/history-issue.js';
import type { ToolSite, ToolTurnProblem } from '../../core/pair-tool-turns.js';
import { MessageStrings } from '../../core/message-strings.js';
import { isObject } from '../../core/input-guards.js';

// Anthropic's id and tool-turn rules, each with where its wording was seen.

/** `tool_use.id`s match this (https://github.com/CommandCodeAI/command-code/issues/323). */
export const ANTHROPIC_TOOL_USE_ID_PATTERN: RegExp = /^[a-zA-Z0-9_-]+$/;

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
  if (problem.kind === 'missing') {
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
  const site = problem.kind === 'duplicate-call' ? problem.call : problem.result;
  const [param, message] =
    wording === undefined
      ? UNWORDED
      : problem.kind === 'duplicate-call'
        ? wording.duplicateCall(site, problem.first)
        : problem.kind === 'duplicate-result'
          ? wording.duplicateResult(site, problem.first)
          : wording.unexpected(site);
  const { messageIndex, partIndex, callId: toolCallId } = site;
  const issue = { messageIndex, partIndex, toolCallId, param, message };
  if (problem.kind === 'orphan') return { code: 'orphan-tool-result', ...issue };
  if (problem.kind === 'misplaced')
    return { code: 'misplaced-tool-result', ...issue, callMessageIndex: problem.call.messageIndex };
  return { code: 'duplicate-tool-call-id', ...issue };
}

/** The blocks of message `index` (a string content is one text block). */
export function blocksAt(messages: readonly unknown[], index: number): readonly unknown[] {
  const message = messages[index];
  const content = isObject(message) ? message.content : undefined;
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return Array.isArray(content) ? (content as unknown[]) : [];
}
