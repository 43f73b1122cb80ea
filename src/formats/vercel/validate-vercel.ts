import { byMessageIndex } from '../../core/issue.js';
import { toValidationResult } from '../../errors/history-issue.js';
import type { HistoryIssue, ValidationResult } from '../../errors/history-issue.js';
import { InvalidHistoryError } from '../../errors/invalid-history-error.js';
import { forEachToolTurnProblem } from '../../core/pair-tool-turns.js';
import { MessageStrings } from '../../core/message-strings.js';
import {
  assertArray,
  invalidField,
  objectAt,
  type JsonObject,
  typedEntries,
} from '../../core/input-guards.js';
import {
  wordsIssues,
  type HistoryInspection,
  type InspectionUse,
} from '../../core/history-inspection.js';
import { ToolTurnTable, siteName } from '../../core/tool-turn-table.js';
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
export function inspectVercel(
  messages: readonly unknown[],
  use: InspectionUse = 'validate',
): HistoryInspection {
  assertVercelMessages(messages);
  const table = new ToolTurnTable(messages.length);
  // Sites of calls with an empty id, noted as they are read.
  const emptyIds: number[] = [];
  for (let index = 0; index < messages.length; index++) {
    const message = objectAt(messages, index, 'messages', VERCEL_MESSAGE_SHAPE);
    readTurn(message, vercelPartsOf(message, index), index, table, emptyIds);
  }
  // A message's parts share their path prefix (`messages[3].content[`).
  const prefixes = new MessageStrings((index) => `messages[${index}].content[`);
  const wording: NeutralWording = {
    path: (site) => `${prefixes.of(site.messageIndex)}${site.partIndex ?? 0}]`,
    // `MissingToolResultsError` of the AI SDK (ai 6.0.326, convertToLanguageModelPrompt).
    missing: (ids) =>
      `Tool result${ids.length > 1 ? 's are' : ' is'} missing for tool call${ids.length > 1 ? 's' : ''} ${ids.join(', ')}.`,
  };
  const issues: HistoryIssue[] = [];
  const worded = wordsIssues(use);
  forEachToolTurnProblem(table, { scope: 'turn', uniqueCallIds: 'turn' }, (problem) =>
    issues.push(neutralIssueOf(problem, wording, worded)),
  );
  for (const issue of emptyCallIdIssues(table, emptyIds, wording)) issues.push(issue);
  return { result: toValidationResult(issues.sort(byMessageIndex)), table };
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
  parts: readonly JsonObject[] | undefined,
  index: number,
  table: ToolTurnTable,
  emptyIds: number[],
): void {
  if (parts === undefined || (message.role !== 'assistant' && message.role !== 'tool')) {
    table.other(index);
    return;
  }
  const wanted = message.role === 'assistant' ? 'tool-call' : 'tool-result';
  table.begin(index, wanted === 'tool-call' ? 'calls' : 'results');
  for (let partIndex = 0; partIndex < parts.length; partIndex++) {
    const part = parts[partIndex];
    if (part?.type !== wanted || part.providerExecuted === true) continue;
    const id = vercelToolCallIdOf(part, index, partIndex);
    if (id === '' && wanted === 'tool-call') emptyIds.push(table.ids.length);
    table.add(id, partIndex, siteName(part.toolName));
  }
  table.end();
}

// The one parse of the ModelMessage wire shape: the validator and the reader (from-vercel.ts)
// read messages, roles, content parts and call ids through these guards, so a malformed message
// is refused the same way, in the same words, by both.

/** What `objectAt` says a `ModelMessage` must be. */
export const VERCEL_MESSAGE_SHAPE = 'a ModelMessage object';

/**
 * Checks that `messages` is a `ModelMessage[]`.
 *
 * @throws {ToolHistoryError} `invalid-input` naming what was passed instead.
 */
export function assertVercelMessages(messages: unknown): asserts messages is readonly unknown[] {
  assertArray(messages, 'a `ModelMessage[]`');
}

/**
 * Checks the message's role and returns its content parts, each an object with a string `type`;
 * `undefined` for a string content and for a system message (whose content is its text).
 *
 * @throws {ToolHistoryError} `invalid-input` for a role `ModelMessage` does not have, a tool
 *   message whose content is not an array, a user or assistant content that is neither a string
 *   nor an array, or a part that is not an object with a string `type`.
 */
export function vercelPartsOf(
  message: JsonObject,
  index: number,
): readonly JsonObject[] | undefined {
  const role = message.role;
  if (!isRole(role))
    throw invalidField(`messages[${index}].role`, role, "'system', 'user', 'assistant' or 'tool'");
  const content = message.content;
  if (role === 'tool' && !Array.isArray(content))
    throw invalidField(`messages[${index}].content`, content, 'an array of tool-result parts');
  if (role === 'system' || typeof content === 'string') return undefined;
  if (!Array.isArray(content))
    throw invalidField(`messages[${index}].content`, content, 'a string or an array of parts');
  return typedEntries(content, index, 'content', 'a part');
}

/**
 * A `tool-call` or `tool-result` part's `toolCallId`.
 *
 * @throws {ToolHistoryError} `invalid-input` when it is not a string.
 */
export function vercelToolCallIdOf(part: JsonObject, index: number, partIndex: number): string {
  const id = part.toolCallId;
  if (typeof id !== 'string')
    throw invalidField(`messages[${index}].content[${partIndex}].toolCallId`, id, 'a string');
  return id;
}

/**
 * Any other string field of a part (`toolName`), or of a value inside it, at `path`.
 *
 * @throws {ToolHistoryError} `invalid-input` when it is not a string.
 */
export function vercelStringAt(value: unknown, path: string): string {
  if (typeof value !== 'string') throw invalidField(path, value, 'a string');
  return value;
}
