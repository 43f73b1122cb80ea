import { toValidationResult } from '../../core/issue.js';
import type { HistoryIssue, ValidationResult } from '../../core/issue.js';
import { InvalidHistoryError } from '../../errors/invalid-history-error.js';
import { findToolTurnProblems, type ToolSite, type ToolTurn } from '../../validate/rules/find-tool-turn-problems.js';
import { assertArray, invalidField, isObject, objectAt, type JsonObject } from '../../validate/rules/input-guards.js';
import { neutralIssueOf } from '../../validate/rules/neutral-issue.js';

const ROLES: ReadonlySet<unknown> = new Set(['user', 'assistant', 'tool-results']);

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
  assertArray(messages, 'an aiwrapper `LangMessage`');
  const turns: ToolTurn[] = [];
  for (let index = 0; index < messages.length; index++) {
    const message = objectAt(messages, index, `messages[${index}]`, 'a LangMessage object with role and items');
    if (!ROLES.has(message.role)) throw invalidField(`messages[${index}].role`, message.role, "'user', 'assistant' or 'tool-results'");
    turns.push(turnOf(message, index));
  }
  const issues: HistoryIssue[] = findToolTurnProblems(turns, { scope: 'turn', uniqueCallIds: 'turn' }).map((problem) =>
    neutralIssueOf(problem, {
      path: (site) => `messages[${site.messageIndex}].items[${site.partIndex ?? 0}]`,
      missing: (ids, turnIndex) =>
        `The assistant message at messages[${turnIndex}] calls ${ids.map((id) => `"${id}"`).join(', ')}, but no tool-results message right after it answers ${ids.length > 1 ? 'them' : 'it'}. Add the results, or a placeholder result, before the next message.`,
    }),
  );
  return toValidationResult(issues);
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

function turnOf(message: JsonObject, index: number): ToolTurn {
  const items = message.items;
  if (!Array.isArray(items)) throw invalidField(`messages[${index}].items`, items, 'an array of items');
  if (message.role === 'user') return { kind: 'other', messageIndex: index };
  const wanted = message.role === 'assistant' ? 'tool' : 'tool-result';
  const sites: ToolSite[] = [];
  items.forEach((item: unknown, partIndex) => {
    if (!isObject(item) || typeof item.type !== 'string') throw invalidField(`messages[${index}].items[${partIndex}]`, item, 'an item object with a string `type`');
    if (item.type !== wanted) return;
    const id = item.callId;
    if (typeof id !== 'string') throw invalidField(`messages[${index}].items[${partIndex}].callId`, id, 'a string');
    sites.push({ callId: id, messageIndex: index, partIndex });
  });
  if (sites.length === 0) return { kind: 'other', messageIndex: index };
  return wanted === 'tool' ? { kind: 'calls', messageIndex: index, calls: sites } : { kind: 'results', messageIndex: index, results: sites };
}
