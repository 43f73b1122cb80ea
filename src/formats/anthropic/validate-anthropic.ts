import { toValidationResult } from '../../errors/history-issue.js';
import type { HistoryIssue, ValidationResult } from '../../errors/history-issue.js';
import { InvalidHistoryError } from '../../errors/invalid-history-error.js';
import { RESULTS_ENTRY } from '../../core/pair-tool-turns.js';
import {
  findToolTurnProblems,
  type ToolSite,
  type ToolTurnProblem,
} from '../../core/find-tool-turn-problems.js';
import {
  assertArray,
  invalidField,
  isObject,
  objectAt,
  type JsonObject,
} from '../../core/input-guards.js';
import type { HistoryInspection } from '../../core/history-inspection.js';
import { ToolTurnTable } from '../../core/tool-turn-table.js';

/**
 * The pattern Anthropic requires of `tool_use.id`: "messages.1.content.1.tool_use.id: String should
 * match pattern '^[a-zA-Z0-9_-]+$'" (https://github.com/CommandCodeAI/command-code/issues/323,
 * https://github.com/BlockRunAI/ClawRouter/issues/17). An empty id does not match it either.
 */
export const ANTHROPIC_TOOL_USE_ID_PATTERN: RegExp = /^[a-zA-Z0-9_-]+$/;

/**
 * Validates an Anthropic Messages `messages` array for tool-call history and returns every issue
 * (Anthropic itself stops at the first), each worded as Anthropic words it.
 *
 * Rules: the user message right after an assistant turn with `tool_use` blocks answers every one
 * of them with `tool_result` blocks, and those blocks come first in it; a `tool_result` with no
 * `tool_use` in the message before is refused; `tool_use` ids are unique in the whole request and
 * match {@link ANTHROPIC_TOOL_USE_ID_PATTERN}; no text follows the `tool_use` blocks of a turn.
 * `messageIndex` is the index in `messages`, `partIndex` the block's index in `content`.
 *
 * @throws {ToolHistoryError} `invalid-input` when `messages` is not an array, or a message, its
 *   `role`, its `content` or a tool block is not of a shape the Messages API has.
 * @example
 * const result = validateAnthropic(body.messages);
 * if (!result.ok) console.error(result.issues[0].message);
 */
export function validateAnthropic(messages: readonly unknown[]): ValidationResult {
  return inspectAnthropic(messages).result;
}

/** {@link validateAnthropic}, with the turn table it read (for repair). */
export function inspectAnthropic(messages: readonly unknown[]): HistoryInspection {
  assertArray(messages, 'an Anthropic Messages `messages`');
  const issues: HistoryIssue[] = [];
  const table = new ToolTurnTable(messages.length);
  // The call turn that the run of results messages being read follows, or -1.
  let callTurn = -1;
  for (let index = 0; index < messages.length; index++) {
    const message = objectAt(messages, index, 'messages', 'an object with role and content');
    const blocks = contentBlocks(message, index);
    if (message.role === 'assistant') {
      readAssistant(blocks, index, messages.length, table, issues);
      callTurn = table.isCalls(index) ? index : -1;
    } else {
      readUser(
        blocks,
        index,
        callTurn !== -1 && callTurn < index - 1 ? callTurn : -1,
        table,
        issues,
      );
      if (table.kinds[index] !== RESULTS_ENTRY) callTurn = -1;
    }
  }
  const problems = findToolTurnProblems(table, { scope: 'turn', uniqueCallIds: 'conversation' });
  for (const problem of problems) issues.push(issueOf(problem, messages.length));
  return {
    result: toValidationResult(issues.sort((a, b) => a.messageIndex - b.messageIndex)),
    table,
  };
}

/**
 * Throws when {@link validateAnthropic} finds any issue; shares its implementation.
 *
 * @throws {InvalidHistoryError} listing every issue, when the history has any.
 * @throws {ToolHistoryError} `invalid-input` on the same misuse as {@link validateAnthropic}.
 */
export function assertValidAnthropic(messages: readonly unknown[]): void {
  const result = validateAnthropic(messages);
  if (!result.ok) throw new InvalidHistoryError(result.issues);
}

const NO_BLOCKS: readonly JsonObject[] = [];

function contentBlocks(message: JsonObject, index: number): readonly JsonObject[] {
  if (message.role !== 'user' && message.role !== 'assistant') {
    throw invalidField(
      `messages[${index}].role`,
      message.role,
      "'user' or 'assistant' (the system prompt goes in the `system` field)",
    );
  }
  const content = message.content;
  if (typeof content === 'string') return NO_BLOCKS;
  if (!Array.isArray(content))
    throw invalidField(
      `messages[${index}].content`,
      content,
      'a string or an array of content blocks',
    );
  for (let partIndex = 0; partIndex < content.length; partIndex++) {
    const block: unknown = content[partIndex];
    if (!isObject(block) || typeof block.type !== 'string') {
      throw invalidField(
        `messages[${index}].content[${partIndex}]`,
        block,
        'a content block object with a string `type`',
      );
    }
  }
  // Checked above: every entry is an object with a string type.
  return content as readonly JsonObject[];
}

function readAssistant(
  blocks: readonly JsonObject[],
  index: number,
  length: number,
  table: ToolTurnTable,
  issues: HistoryIssue[],
): void {
  table.begin(index, 'calls');
  let textAfter: number | undefined;
  for (let partIndex = 0; partIndex < blocks.length; partIndex++) {
    const block = blocks[partIndex];
    if (block?.type === 'tool_use') {
      const id = block.id;
      if (typeof id !== 'string')
        throw invalidField(`messages[${index}].content[${partIndex}].id`, id, 'a string');
      table.add(id, partIndex);
      if (!isAnthropicId(id)) {
        const param = `messages.${index}.content.${partIndex}.tool_use.id`;
        issues.push({
          code: 'invalid-tool-call-id',
          messageIndex: index,
          partIndex,
          toolCallId: id,
          param,
          message: `${param}: String should match pattern '^[a-zA-Z0-9_-]+$'`,
        });
      }
    } else if (block?.type === 'text' && table.openSites() > 0) {
      textAfter ??= partIndex;
    }
  }
  table.end();
  if (textAfter !== undefined) {
    // A recorded 400 for [tool_use, text] followed by the matching tool_result names the next
    // message with the "immediately after" sentence (an obfuscated VCR cassette copy at
    // http://brick-house.org/db7905e3-cfa4-4f21-aff6-8f0082b0cc5b?page=7). Only text counts here:
    // server tool blocks may legitimately follow.
    const toolCallIds = table.idsOf(table.count - 1);
    const at = index + 1 < length ? index + 1 : index;
    issues.push({
      code: 'content-after-tool-call',
      messageIndex: index,
      partIndex: textAfter,
      toolCallIds,
      param: `messages.${at}`,
      message: missingSentence(at, toolCallIds),
    });
  }
}

/** Reads a user message; `callTurn` is the call turn it follows after other results messages, else -1. */
function readUser(
  blocks: readonly JsonObject[],
  index: number,
  callTurn: number,
  table: ToolTurnTable,
  issues: HistoryIssue[],
): void {
  // One turn per message: the turn before is the previous message's.
  const previousIsCalls = index > 0 && table.isCalls(index - 1);
  table.begin(index, 'results');
  let otherBefore = false;
  for (let partIndex = 0; partIndex < blocks.length; partIndex++) {
    const block = blocks[partIndex];
    if (block?.type !== 'tool_result') {
      otherBefore = true;
      continue;
    }
    const id = block.tool_use_id;
    if (typeof id !== 'string')
      throw invalidField(`messages[${index}].content[${partIndex}].tool_use_id`, id, 'a string');
    table.add(id, partIndex);
    if (
      callTurn !== -1 &&
      table.idsOf(callTurn).includes(id) &&
      !answeredSince(table, callTurn, id)
    ) {
      // A second user message of results: Anthropic looks for every result in the one message
      // right after the call turn, and reports the call as unanswered there.
      issues.push({
        code: 'misplaced-tool-result',
        messageIndex: index,
        partIndex,
        toolCallId: id,
        callMessageIndex: callTurn,
        param: `messages.${callTurn + 1}`,
        message: missingSentence(callTurn + 1, [id]),
      });
    } else if (otherBefore && previousIsCalls) {
      // Anthropic looks for the results at the start of the next message; with other content
      // first it reports the calls as unanswered. Wording inferred from that rule, not seen for
      // this exact case.
      issues.push({
        code: 'misplaced-tool-result',
        messageIndex: index,
        partIndex,
        toolCallId: id,
        callMessageIndex: index - 1,
        param: `messages.${index}`,
        message: missingSentence(index, [id]),
      });
    }
  }
  table.end();
}

/** True when a results message after `callTurn`, before the one being read, already answered `id` (a repeat is a duplicate, not misplaced). */
function answeredSince(table: ToolTurnTable, callTurn: number, id: string): boolean {
  const end = table.starts[table.count - 1] ?? 0;
  for (let slot = table.starts[callTurn + 1] ?? 0; slot < end; slot++)
    if (table.ids[slot] === id) return true;
  return false;
}

/**
 * "messages.33: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_….
 * Each `tool_use` block must have a corresponding `tool_result` block in the next message."
 * Several ids are joined by ", ": https://github.com/anthropics/claude-code/issues/5989,
 * https://github.com/Kilo-Org/kilocode/issues/5163.
 */
function missingSentence(at: number, ids: readonly string[]): string {
  return `messages.${at}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${ids.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
}

/**
 * "messages.12.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_….
 * Each `tool_result` block must have a corresponding `tool_use` block in the previous message."
 * https://github.com/router-for-me/CLIProxyAPI/issues/497, https://github.com/anthropics/claude-code/issues/13460.
 */
function unexpectedSentence(result: ToolSite): string {
  return `messages.${result.messageIndex}.content.${result.partIndex ?? 0}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${result.callId}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
}

function issueOf(problem: ToolTurnProblem, length: number): HistoryIssue {
  switch (problem.kind) {
    case 'orphan':
    case 'misplaced': {
      const { result } = problem;
      const base = {
        messageIndex: result.messageIndex,
        partIndex: result.partIndex,
        toolCallId: result.callId,
        param: `messages.${result.messageIndex}.content.${result.partIndex ?? 0}`,
        message: unexpectedSentence(result),
      };
      return problem.kind === 'orphan'
        ? { code: 'orphan-tool-result', ...base }
        : { code: 'misplaced-tool-result', ...base, callMessageIndex: problem.call.messageIndex };
    }
    case 'duplicate-result': {
      const { result, first } = problem;
      const param = `messages.${result.messageIndex}.content.${result.partIndex ?? 0}`;
      // No Anthropic wording was found for a second result to one call; ours.
      return {
        code: 'duplicate-tool-call-id',
        messageIndex: result.messageIndex,
        partIndex: result.partIndex,
        toolCallId: result.callId,
        param,
        message: `${param}: duplicate \`tool_result\` for \`tool_use_id\` ${result.callId}, already answered at messages.${first.messageIndex}.content.${first.partIndex ?? 0}. Each \`tool_use\` block must have exactly one \`tool_result\` block.`,
      };
    }
    case 'missing': {
      const at =
        problem.turnMessageIndex + 1 < length
          ? problem.turnMessageIndex + 1
          : problem.turnMessageIndex;
      const toolCallIds = problem.calls.map((call) => call.callId);
      return {
        code: 'missing-tool-result',
        messageIndex: problem.turnMessageIndex,
        toolCallIds,
        param: `messages.${at}`,
        message: missingSentence(at, toolCallIds),
      };
    }
    case 'duplicate-call': {
      // "messages.1.content.1: `tool_use` ids must be unique": https://github.com/trycua/cua/issues/524,
      // https://github.com/anthropics/anthropic-sdk-csharp/issues/53; also across responses
      // (https://github.com/NVIDIA-NeMo/Switchyard/issues/502).
      const { call } = problem;
      const param = `messages.${call.messageIndex}.content.${call.partIndex ?? 0}`;
      return {
        code: 'duplicate-tool-call-id',
        messageIndex: call.messageIndex,
        partIndex: call.partIndex,
        toolCallId: call.callId,
        param,
        message: `${param}: \`tool_use\` ids must be unique`,
      };
    }
  }
}

/** {@link ANTHROPIC_TOOL_USE_ID_PATTERN} without the regular expression: this runs once per call. */
function isAnthropicId(id: string): boolean {
  if (id.length === 0) return false;
  for (let index = 0; index < id.length; index++) {
    const code = id.charCodeAt(index);
    // 0-9, A-Z, a-z, '_', '-'
    if (!(
      (code >= 48 && code <= 57) ||
      (code >= 65 && code <= 90) ||
      (code >= 97 && code <= 122) ||
      code === 95 ||
      code === 45
    ))
      return false;
  }
  return true;
}
