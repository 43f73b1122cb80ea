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
  return role === 'user' || role === 'assistant' || role === 'tool-results';
}

/**
 * Validates aiwrapper `LangMessage`s (any array of `{ role, items }`, a `LangMessages` included)
 * for tool-call history, with the rule every provider shares: the `tool-results` messages right
 * after an assistant message answer each of its `tool` items, once, and nothing else.
 *
 * aiwrapper sends these histories on to a provider, which refuses what this reports; the
 * sentences are ours. Read structurally: nothing here imports aiwrapper.
 *
 * @throws {ToolHistoryError} `invalid-input` when `messages` is not an array, a message has a role
 *   aiwrapper does not have or no `items` array, or a tool item has no string `callId`.
 * @example
 * const result = validateAiwrapper(langMessages);
 */
export function validateAiwrapper(messages: readonly unknown[]): ValidationResult {
  return inspectAiwrapper(messages).result;
}

/** {@link validateAiwrapper}, with the turn table it read (for repair). */
export function inspectAiwrapper(
  messages: readonly unknown[],
  use: InspectionUse = 'validate',
): HistoryInspection {
  assertAiwrapperMessages(messages);
  const table = new ToolTurnTable(messages.length);
  // Sites of calls with an empty id, noted as they are read.
  const emptyIds: number[] = [];
  for (let index = 0; index < messages.length; index++) {
    const message = objectAt(messages, index, 'messages', AIWRAPPER_MESSAGE_SHAPE);
    readTurn(message, aiwrapperItemsOf(message, index), index, table, emptyIds);
  }
  // A message's parts share their path prefix (`messages[3].items[`).
  const prefixes = new MessageStrings((index) => `messages[${index}].items[`);
  const wording: NeutralWording = {
    path: (site) => `${prefixes.of(site.messageIndex)}${site.partIndex ?? 0}]`,
    missing: (ids, turnIndex) =>
      `The assistant message at messages[${turnIndex}] calls ${ids.map((id) => `"${id}"`).join(', ')}, but no tool-results message right after it answers ${ids.length > 1 ? 'them' : 'it'}. Add the results, or a placeholder result, before the next message.`,
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
 * Throws when {@link validateAiwrapper} finds any issue; shares its implementation.
 *
 * @throws {InvalidHistoryError} listing every issue, when the history has any.
 * @throws {ToolHistoryError} `invalid-input` on the same misuse as {@link validateAiwrapper}.
 */
export function assertValidAiwrapper(messages: readonly unknown[]): void {
  const result = validateAiwrapper(messages);
  if (!result.ok) throw new InvalidHistoryError(result.issues);
}

function readTurn(
  message: JsonObject,
  items: readonly JsonObject[],
  index: number,
  table: ToolTurnTable,
  emptyIds: number[],
): void {
  if (message.role === 'user') {
    table.other(index);
    return;
  }
  const wanted = message.role === 'assistant' ? 'tool' : 'tool-result';
  table.begin(index, wanted === 'tool' ? 'calls' : 'results');
  for (let partIndex = 0; partIndex < items.length; partIndex++) {
    const item = items[partIndex];
    if (item?.type !== wanted) continue;
    const id = aiwrapperCallIdOf(item, index, partIndex);
    if (id === '' && wanted === 'tool') emptyIds.push(table.ids.length);
    table.add(id, partIndex, siteName(item.name));
  }
  table.end();
}

// The one parse of the LangMessage shape: the validator and the reader (from-aiwrapper.ts) read
// messages, roles, items and call ids through these guards, so a malformed message is refused
// the same way, in the same words, by both.

/** What `objectAt` says a `LangMessage` must be. */
export const AIWRAPPER_MESSAGE_SHAPE = 'a LangMessage object with role and items';

/**
 * Checks that `messages` is an array of `LangMessage`s.
 *
 * @throws {ToolHistoryError} `invalid-input` naming what was passed instead.
 */
export function assertAiwrapperMessages(messages: unknown): asserts messages is readonly unknown[] {
  assertArray(messages, 'an aiwrapper `LangMessage`');
}

/**
 * Checks the message's role and returns its items, each an object with a string `type`.
 *
 * @throws {ToolHistoryError} `invalid-input` for a role aiwrapper does not have, `items` that is
 *   not an array, or an item that is not an object with a string `type`.
 */
export function aiwrapperItemsOf(message: JsonObject, index: number): readonly JsonObject[] {
  if (!isRole(message.role))
    throw invalidField(
      `messages[${index}].role`,
      message.role,
      "'user', 'assistant' or 'tool-results'",
    );
  const items = message.items;
  if (!Array.isArray(items))
    throw invalidField(`messages[${index}].items`, items, 'an array of items');
  return typedEntries(items, index, 'items', 'an item');
}

/**
 * A `tool` or `tool-result` item's `callId`.
 *
 * @throws {ToolHistoryError} `invalid-input` when it is not a string.
 */
export function aiwrapperCallIdOf(item: JsonObject, index: number, partIndex: number): string {
  const id = item.callId;
  if (typeof id !== 'string')
    throw invalidField(`messages[${index}].items[${partIndex}].callId`, id, 'a string');
  return id;
}
