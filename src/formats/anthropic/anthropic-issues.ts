import type { HistoryIssue } from '../../errors/history-issue.js';
import type { ToolTurnProblem } from '../../core/pair-tool-turns.js';
import { MessageStrings } from '../../core/message-strings.js';

// Anthropic's id rule and its sentences for tool-turn problems: what the validator reports.

/**
 * The pattern Anthropic requires of `tool_use.id`: "messages.1.content.1.tool_use.id: String should
 * match pattern '^[a-zA-Z0-9_-]+$'" (https://github.com/CommandCodeAI/command-code/issues/323,
 * https://github.com/BlockRunAI/ClawRouter/issues/17). An empty id does not match it either.
 */
export const ANTHROPIC_TOOL_USE_ID_PATTERN: RegExp = /^[a-zA-Z0-9_-]+$/;

/**
 * "messages.33: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_….
 * Each `tool_use` block must have a corresponding `tool_result` block in the next message."
 * Several ids are joined by ", ": https://github.com/anthropics/claude-code/issues/5989,
 * https://github.com/Kilo-Org/kilocode/issues/5163.
 */
export function missingSentence(at: number, ids: readonly string[]): string {
  return `messages.${at}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${ids.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
}

/**
 * "messages.12.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_….
 * Each `tool_result` block must have a corresponding `tool_use` block in the previous message."
 * https://github.com/router-for-me/CLIProxyAPI/issues/497, https://github.com/anthropics/claude-code/issues/13460.
 */
function unexpectedSentence(param: string, callId: string): string {
  return `${param}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${callId}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
}

/** `messages.3.content.` for message 3: the path prefix of its blocks, shared by its results' issues. */
export function anthropicContentPaths(): MessageStrings {
  return new MessageStrings((index) => `messages.${index}.content.`);
}

/**
 * The issue a neutral tool-turn problem is, in Anthropic's wording (`length`: the number of
 * messages; `paths`: {@link anthropicContentPaths}, one for the validation). Without `worded`
 * (an inspection for repair: `InspectionUse`), the issue has no param and an empty message.
 */
export function issueOf(
  problem: ToolTurnProblem,
  length: number,
  paths: MessageStrings,
  worded = true,
): HistoryIssue {
  switch (problem.kind) {
    case 'orphan': {
      const { result } = problem;
      const param = worded ? `${paths.of(result.messageIndex)}${result.partIndex ?? 0}` : undefined;
      return {
        code: 'orphan-tool-result',
        messageIndex: result.messageIndex,
        partIndex: result.partIndex,
        toolCallId: result.callId,
        param,
        message: param === undefined ? '' : unexpectedSentence(param, result.callId),
      };
    }
    case 'misplaced': {
      const { result } = problem;
      const param = worded ? `${paths.of(result.messageIndex)}${result.partIndex ?? 0}` : undefined;
      return {
        code: 'misplaced-tool-result',
        messageIndex: result.messageIndex,
        partIndex: result.partIndex,
        toolCallId: result.callId,
        param,
        message: param === undefined ? '' : unexpectedSentence(param, result.callId),
        callMessageIndex: problem.call.messageIndex,
      };
    }
    case 'duplicate-result': {
      const { result, first } = problem;
      const param = worded
        ? `messages.${result.messageIndex}.content.${result.partIndex ?? 0}`
        : undefined;
      // No Anthropic wording was found for a second result to one call; ours.
      return {
        code: 'duplicate-tool-call-id',
        messageIndex: result.messageIndex,
        partIndex: result.partIndex,
        toolCallId: result.callId,
        param,
        message:
          param === undefined
            ? ''
            : `${param}: duplicate \`tool_result\` for \`tool_use_id\` ${result.callId}, already answered at messages.${first.messageIndex}.content.${first.partIndex ?? 0}. Each \`tool_use\` block must have exactly one \`tool_result\` block.`,
      };
    }
    case 'missing': {
      const at =
        problem.turnMessageIndex + 1 < length
          ? problem.turnMessageIndex + 1
          : problem.turnMessageIndex;
      const toolCallIds = problem.callIds;
      return {
        code: 'missing-tool-result',
        messageIndex: problem.turnMessageIndex,
        toolCallIds,
        param: worded ? `messages.${at}` : undefined,
        message: worded ? missingSentence(at, toolCallIds) : '',
      };
    }
    case 'duplicate-call': {
      // "messages.1.content.1: `tool_use` ids must be unique": https://github.com/trycua/cua/issues/524,
      // https://github.com/anthropics/anthropic-sdk-csharp/issues/53; also across responses
      // (https://github.com/NVIDIA-NeMo/Switchyard/issues/502).
      const { call } = problem;
      const param = worded
        ? `messages.${call.messageIndex}.content.${call.partIndex ?? 0}`
        : undefined;
      return {
        code: 'duplicate-tool-call-id',
        messageIndex: call.messageIndex,
        partIndex: call.partIndex,
        toolCallId: call.callId,
        param,
        message: param === undefined ? '' : `${param}: \`tool_use\` ids must be unique`,
      };
    }
  }
}

/**
 * True when Anthropic accepts `id`: {@link ANTHROPIC_TOOL_USE_ID_PATTERN}, the one statement of
 * the rule.
 */
export function isAnthropicId(id: string): boolean {
  return ANTHROPIC_TOOL_USE_ID_PATTERN.test(id);
}
