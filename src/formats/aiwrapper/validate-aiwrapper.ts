import { invalidField, type JsonObject, typedEntries } from '../../core/input-guards.js';
import type { NeutralLayout } from '../../core/neutral-issue.js';

/** How aiwrapper `LangMessage`s (read structurally) are validated, with the rule every provider shares. */
export const AIWRAPPER_LAYOUT: NeutralLayout = {
  arrayShape: 'an aiwrapper `LangMessage`',
  messageShape: 'a LangMessage object with role and items',
  partsField: 'items',
  partsOf: aiwrapperItemsOf,
  calls: { role: 'assistant', partType: 'tool' },
  results: { role: 'tool-results', partType: 'tool-result' },
  idField: 'callId',
  missing: (ids, turnIndex) =>
    `The assistant message at messages[${turnIndex}] calls ${ids.map((id) => `"${id}"`).join(', ')}, but no tool-results message right after it answers ${ids.length > 1 ? 'them' : 'it'}. Add the results, or a placeholder result, before the next message.`,
};

/** Checks the role and returns the items. @throws {ToolHistoryError} `invalid-input` if malformed. */
export function aiwrapperItemsOf(message: JsonObject, index: number): readonly JsonObject[] {
  const role = message.role;
  if (role !== 'user' && role !== 'assistant' && role !== 'tool-results')
    throw invalidField(`messages[${index}].role`, role, "'user', 'assistant' or 'tool-results'");
  const items = message.items;
  if (!Array.isArray(items))
    throw invalidField(`messages[${index}].items`, items, 'an array of items');
  return typedEntries(items, index, 'items', 'an item');
}
