import { toValidationResult } from '../../errors/history-issue.js';
import type { HistoryIssue, ValidationResult } from '../../errors/history-issue.js';
import { InvalidHistoryError } from '../../errors/invalid-history-error.js';
import { findToolTurnProblems } from '../../core/find-tool-turn-problems.js';
import {
  assertArray,
  invalidField,
  isObject,
  objectAt,
  type JsonObject,
} from '../../core/input-guards.js';
import type { HistoryInspection } from '../../core/history-inspection.js';
import { ToolTurnTable } from '../../core/tool-turn-table.js';
import {
  emptyCallIdIssues,
  neutralIssueOf,
  type NeutralWording,
} from '../../core/neutral-issue.js';

/** The roles of the format; compared directly, as this runs once per message of long histories. */
function isRole(role: unknown): boolean {
  return role === 'system' || role === 'user' || role === 'assistant' || role === 'tool';
}

/**
 * Validates Vercel AI SDK (v5/v6) `ModelMessage[]` for tool-call history, with the rule every
 * provider shares: the tool messages right after an assistant message answer each of its
 * `tool-call` parts, once, and nothing else.
 *
 * That is stricter than the AI SDK itself, which only throws when a user or system message (or the
 * end) arrives with calls unanswered; unanswered calls use its wording ("Tool results are missing
 * for tool calls …", `MissingToolResultsError` in `ai` 6). Provider-executed calls
 * (`providerExecuted: true`) carry their results inline and are not paired; approval parts are
 * passed over.
 *
 * @throws {ToolHistoryError} `invalid-input` when `messages` is not an array, a message has a role
 *   `ModelMessage` does not have, a tool message's content is not an array, or a tool part has no
 *   string `toolCallId`.
 * @example
 * const result = validateVercel(messages);
 */
export function validateVercel(messages: readonly unknown[]): ValidationResult {
  return inspectVercel(messages).result;
}

/** {@link validateVercel}, with the turn table it read (for repair). */
export function inspectVercel(messages: readonly unknown[]): HistoryInspection {
  assertArray(messages, 'a `ModelMessage[]`');
  const table = new ToolTurnTable(messages.length);
  // Sites of calls with an empty id, noted as they are read.
  const emptyIds: number[] = [];
  for (let index = 0; index < messages.length; index++) {
    const message = objectAt(messages, index, 'messages', 'a ModelMessage object');
    if (!isRole(message.role))
      throw invalidField(
        `messages[${index}].role`,
        message.role,
        "'system', 'user', 'assistant' or 'tool'",
      );
    readTurn(message, index, table, emptyIds);
  }
  const wording: NeutralWording = {
    path: (site) => `messages[${site.messageIndex}].content[${site.partIndex ?? 0}]`,
    // `MissingToolResultsError` of the AI SDK (ai 6.0.326, convertToLanguageModelPrompt).
    missing: (ids) =>
      `Tool result${ids.length > 1 ? 's are' : ' is'} missing for tool call${ids.length > 1 ? 's' : ''} ${ids.join(', ')}.`,
  };
  const issues: HistoryIssue[] = [
    ...findToolTurnProblems(table, { scope: 'turn', uniqueCallIds: 'turn' }).map((problem) =>
      neutralIssueOf(problem, wording),
    ),
    ...emptyCallIdIssues(table, emptyIds, wording),
  ].sort((a, b) => a.messageIndex - b.messageIndex);
  return { result: toValidationResult(issues), table };
}

/**
 * Throws when {@link validateVercel} finds any issue; shares its implementation.
 *
 * @throws {InvalidHistoryError} listing every issue, when the history has any.
 * @throws {ToolHistoryError} `invalid-input` on the same misuse as {@link validateVercel}.
 */
export function assertValidVercel(messages: readonly unknown[]): void {
  const result = validateVercel(messages);
  if (!result.ok) throw new InvalidHistoryError(result.issues);
}

function readTurn(
  message: JsonObject,
  index: number,
  table: ToolTurnTable,
  emptyIds: number[],
): void {
  const content = message.content;
  if (message.role === 'tool' && !Array.isArray(content))
    throw invalidField(`messages[${index}].content`, content, 'an array of tool-result parts');
  if (!Array.isArray(content) || (message.role !== 'assistant' && message.role !== 'tool')) {
    table.other(index);
    return;
  }
  const wanted = message.role === 'assistant' ? 'tool-call' : 'tool-result';
  table.begin(index, wanted === 'tool-call' ? 'calls' : 'results');
  for (let partIndex = 0; partIndex < content.length; partIndex++) {
    const part: unknown = content[partIndex];
    if (!isObject(part) || typeof part.type !== 'string')
      throw invalidField(
        `messages[${index}].content[${partIndex}]`,
        part,
        'a part object with a string `type`',
      );
    if (part.type !== wanted || part.providerExecuted === true) continue;
    const id = part.toolCallId;
    if (typeof id !== 'string')
      throw invalidField(`messages[${index}].content[${partIndex}].toolCallId`, id, 'a string');
    if (id === '' && wanted === 'tool-call') emptyIds.push(table.ids.length);
    table.add(id, partIndex);
  }
  table.end();
}
