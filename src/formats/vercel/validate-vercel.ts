import {
  assertArray,
  invalidField,
  type JsonObject,
  typedEntries,
} from '../../core/input-guards.js';
import type { HistoryInspection, InspectionUse } from '../../core/history-inspection.js';
import { inspectNeutral, type NeutralLayout } from '../../core/neutral-issue.js';

/**
 * Validates Vercel AI SDK (v5/v6) `ModelMessage[]` with the rule every provider shares, stricter
 * than the SDK itself (whose wording unanswered calls use); approval parts are passed over.
 * @throws {ToolHistoryError} `invalid-input` for a non-array, an unknown role, or a malformed part.
 */
export function inspectVercel(
  messages: readonly unknown[],
  use: InspectionUse = 'validate',
): HistoryInspection {
  assertVercelMessages(messages);
  return inspectNeutral(messages, VERCEL_LAYOUT, use);
}

/** What `objectAt` says a `ModelMessage` must be. */
export const VERCEL_MESSAGE_SHAPE = 'a ModelMessage object';

const VERCEL_LAYOUT: NeutralLayout = {
  messageShape: VERCEL_MESSAGE_SHAPE,
  partsField: 'content',
  partsOf: (message, index) => vercelPartsOf(message, index),
  calls: { role: 'assistant', partType: 'tool-call' },
  results: { role: 'tool', partType: 'tool-result' },
  callIdOf: (part, index, partIndex) => vercelToolCallIdOf(part, index, partIndex),
  // `MissingToolResultsError` of the AI SDK (ai 6.0.326, convertToLanguageModelPrompt).
  missing: (ids) =>
    `Tool result${ids.length > 1 ? 's are' : ' is'} missing for tool call${ids.length > 1 ? 's' : ''} ${ids.join(', ')}.`,
};

// The guards the validator and the reader (from-vercel.ts) share, so both refuse in the same words.

/** @throws {ToolHistoryError} `invalid-input` when `messages` is not an array. */
export function assertVercelMessages(messages: unknown): asserts messages is readonly unknown[] {
  assertArray(messages, 'a `ModelMessage[]`');
}

/** The content parts (`undefined` for string or system content). @throws {ToolHistoryError} if malformed. */
export function vercelPartsOf(
  message: JsonObject,
  index: number,
): readonly JsonObject[] | undefined {
  const role = message.role;
  if (role !== 'system' && role !== 'user' && role !== 'assistant' && role !== 'tool')
    throw invalidField(`messages[${index}].role`, role, "'system', 'user', 'assistant' or 'tool'");
  const content = message.content;
  if (role === 'tool' && !Array.isArray(content))
    throw invalidField(`messages[${index}].content`, content, 'an array of tool-result parts');
  if (role === 'system' || typeof content === 'string') return undefined;
  if (!Array.isArray(content))
    throw invalidField(`messages[${index}].content`, content, 'a string or an array of parts');
  return typedEntries(content, index, 'content', 'a part');
}

/** A tool part's `toolCallId`. @throws {ToolHistoryError} `invalid-input` when not a string. */
export function vercelToolCallIdOf(part: JsonObject, index: number, partIndex: number): string {
  const id = part.toolCallId;
  if (typeof id !== 'string')
    throw invalidField(`messages[${index}].content[${partIndex}].toolCallId`, id, 'a string');
  return id;
}

/** The string field at `path`. @throws {ToolHistoryError} `invalid-input` when not a string. */
export function vercelStringAt(value: unknown, path: string): string {
  if (typeof value !== 'string') throw invalidField(path, value, 'a string');
  return value;
}
