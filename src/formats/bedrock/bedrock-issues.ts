import type { HistoryIssue } from '../../errors/history-issue.js';
import type { ToolTurnProblem } from '../../core/pair-tool-turns.js';
import { MessageStrings } from '../../core/message-strings.js';

// Bedrock Converse's id rule and its sentences for tool-turn problems: what the validator reports.

/**
 * What Bedrock requires of `toolUse.toolUseId` (and `toolResult.toolUseId`): 1 to 64 characters
 * matching `[a-zA-Z0-9_-]+` (API reference, `ToolUseBlock`:
 * https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolUseBlock.html).
 */
export const BEDROCK_TOOL_USE_ID_PATTERN: RegExp = /^[a-zA-Z0-9_-]{1,64}$/;

/** The longest `toolUseId` Bedrock accepts. */
export const BEDROCK_MAX_ID_LENGTH = 64;

/**
 * "Expected toolResult blocks at messages.2.content for the following Ids: tooluse_…, tooluse_…"
 * (a ValidationException of Converse and ConverseStream, https://github.com/agno-agi/agno/issues/6698;
 * also https://github.com/microsoft/semantic-kernel/pull/14074).
 */
export function expectedResultsSentence(at: number, ids: readonly string[]): string {
  return `Expected toolResult blocks at messages.${at}.content for the following Ids: ${ids.join(', ')}`;
}

/**
 * "The number of toolResult blocks at messages.2.content exceeds the number of toolUse blocks of
 * previous turn." (https://github.com/Just-Curieous/Curie/issues/16, litellm's BedrockException;
 * https://github.com/pydantic/pydantic-ai/issues/2327). Bedrock words every result the turn before
 * does not call for this way: an orphan, a result for an older turn, a second result for one call.
 */
export function exceedsSentence(at: number): string {
  return `The number of toolResult blocks at messages.${at}.content exceeds the number of toolUse blocks of previous turn.`;
}

/**
 * Our sentence for an id Bedrock refuses, in the form of AWS's constraint errors (no recorded
 * Bedrock reply for this field was found; the form as Bedrock words it for a tool name: "Value
 * 'Complete Session' at 'toolConfig.tools.22.member.toolSpec.name' failed to satisfy constraint:
 * Member must satisfy regular expression pattern: [a-zA-Z0-9_-]+",
 * https://github.com/aws-samples/remote-swe-agents/pull/457). AWS numbers list members from 1.
 */
export function invalidIdSentence(id: string, messageIndex: number, partIndex: number): string {
  const constraint =
    id.length === 0
      ? 'Member must have length greater than or equal to 1'
      : id.length > BEDROCK_MAX_ID_LENGTH
        ? `Member must have length less than or equal to ${BEDROCK_MAX_ID_LENGTH}`
        : 'Member must satisfy regular expression pattern: [a-zA-Z0-9_-]+';
  return `1 validation error detected: Value '${id}' at 'messages.${messageIndex + 1}.member.content.${partIndex + 1}.member.toolUse.toolUseId' failed to satisfy constraint: ${constraint}`;
}

/**
 * True when `model` (a Bedrock model id, inference profile id or ARN) names an Anthropic Claude
 * model: `anthropic.claude-3-5-sonnet-20240620-v1:0`, `us.anthropic.claude-sonnet-4-20250514-v1:0`,
 * `arn:aws:bedrock:…:inference-profile/eu.anthropic.claude-…`. Bedrock hands those requests to
 * Claude, whose own rules then apply.
 */
export function isClaudeModel(model: string | undefined): boolean {
  return model?.includes('anthropic.claude') === true;
}

/**
 * Claude's refusal of results that do not open the user message, as Bedrock relays it: "The model
 * returned the following errors: messages.54: Did not find 2 `tool_result` block(s) at the
 * beginning of this message. Messages following `tool_use` blocks must begin with a matching
 * number of `tool_result` blocks." (ConverseStream, https://github.com/Amazon-Q-Developer/language-servers/pull/1235;
 * the relayed prefix also in https://github.com/pydantic/pydantic-ai/issues/3253).
 */
export function resultsFirstSentence(at: number, missing: number): string {
  return `The model returned the following errors: messages.${at}: Did not find ${missing} \`tool_result\` block(s) at the beginning of this message. Messages following \`tool_use\` blocks must begin with a matching number of \`tool_result\` blocks.`;
}

/** The param and the sentence of a refused result, made once per message (its results share them). */
export class BedrockResultStrings {
  readonly params: MessageStrings = new MessageStrings((index) => `messages.${index}.content`);
  readonly sentences: MessageStrings = new MessageStrings(exceedsSentence);
}

/**
 * The issue a neutral tool-turn problem is, in Bedrock's wording (`length`: the number of
 * messages; `strings`: one for the validation).
 */
export function issueOf(
  problem: ToolTurnProblem,
  length: number,
  strings: BedrockResultStrings,
): HistoryIssue {
  switch (problem.kind) {
    case 'orphan': {
      const { result } = problem;
      return {
        code: 'orphan-tool-result',
        messageIndex: result.messageIndex,
        partIndex: result.partIndex,
        toolCallId: result.callId,
        param: strings.params.of(result.messageIndex),
        message: strings.sentences.of(result.messageIndex),
      };
    }
    case 'misplaced': {
      const { result } = problem;
      return {
        code: 'misplaced-tool-result',
        messageIndex: result.messageIndex,
        partIndex: result.partIndex,
        toolCallId: result.callId,
        param: strings.params.of(result.messageIndex),
        message: strings.sentences.of(result.messageIndex),
        callMessageIndex: problem.call.messageIndex,
      };
    }
    case 'duplicate-result': {
      const { result } = problem;
      return {
        code: 'duplicate-tool-call-id',
        messageIndex: result.messageIndex,
        partIndex: result.partIndex,
        toolCallId: result.callId,
        param: strings.params.of(result.messageIndex),
        message: strings.sentences.of(result.messageIndex),
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
        param: `messages.${at}.content`,
        message: expectedResultsSentence(at, toolCallIds),
      };
    }
    case 'duplicate-call': {
      // No Bedrock wording was found for a repeated toolUseId; ours. Claude models refuse it
      // behind Bedrock too ("`tool_use` ids must be unique").
      const { call, first } = problem;
      const param = `messages.${call.messageIndex}.content.${call.partIndex ?? 0}.toolUse.toolUseId`;
      return {
        code: 'duplicate-tool-call-id',
        messageIndex: call.messageIndex,
        partIndex: call.partIndex,
        toolCallId: call.callId,
        param,
        message: `The toolUseId ${call.callId} at ${param} is already used at messages.${first.messageIndex}.content.${first.partIndex ?? 0}. Each toolUse block needs its own toolUseId.`,
      };
    }
  }
}

/**
 * True when Bedrock accepts `id`: {@link BEDROCK_TOOL_USE_ID_PATTERN}, the one statement of the rule.
 */
export function isBedrockId(id: string): boolean {
  return BEDROCK_TOOL_USE_ID_PATTERN.test(id);
}
