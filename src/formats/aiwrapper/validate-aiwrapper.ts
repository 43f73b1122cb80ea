import {
  assertArray,
  invalidField,
  type JsonObject,
  typedEntries,
} from '../../core/input-guards.js';
import type { HistoryInspection, InspectionUse } from '../../core/history-inspection.js';
import { inspectNeutral, type NeutralLayout } from '../../core/neutral-issue.js';

/**
 * Validates aiwrapper `LangMessage`s (read structurally) with the rule every provider shares.
 * @throws {ToolHistoryError} `invalid-input` for a non-array, an unknown role, or a malformed item.
 */
export function inspectAiwrapper(
  messages: readonly unknown[],
  use: InspectionUse = 'validate',
): HistoryInspection {
  assertAiwrapperMessages(messages);
  return inspectNeutral(messages, AIWRAPPER_LAYOUT, use);
}

// The guards the validator and the reader (from-aiwrapper.ts) share, so both refuse in the same words.

/** What `objectAt` says a `LangMessage` must be. */
export const AIWRAPPER_MESSAGE_SHAPE = 'a LangMessage object with role and items';

const AIWRAPPER_LAYOUT: NeutralLayout = {
  messageShape: AIWRAPPER_MESSAGE_SHAPE,
  partsField: 'items',
  partsOf: (message, index) => aiwrapperItemsOf(message, index),
  calls: { role: 'assistant', partType: 'tool' },
  results: { role: 'tool-results', partType: 'tool-result' },
  callIdOf: (item, index, partIndex) => aiwrapperCallIdOf(item, index, partIndex),
  missing: (ids, turnIndex) =>
    `The assistant message at messages[${turnIndex}] calls ${ids.map((id) => `"${id}"`).join(', ')}, but no tool-results message right after it answers ${ids.length > 1 ? 'them' : 'it'}. Add the results, or a placeholder result, before the next message.`,
};

/** @throws {ToolHistoryError} `invalid-input` when `messages` is not an array. */
export function assertAiwrapperMessages(messages: unknown): asserts messages is readonly unknown[] {
  assertArray(messages, 'an aiwrapper `LangMessage`');
}

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

/** A tool item's `callId`. @throws {ToolHistoryError} `invalid-input` when not a string. */
export function aiwrapperCallIdOf(item: JsonObject, index: number, partIndex: number): string {
  const id = item.callId;
  if (typeof id !== 'string')
    throw invalidField(`messages[${index}].items[${partIndex}].callId`, id, 'a string');
  return id;
}
