import type { ValidationResult } from '../../errors/history-issue.js';
import { InvalidHistoryError } from '../../errors/invalid-history-error.js';
import {
  assertArray,
  invalidField,
  type JsonObject,
  typedEntries,
} from '../../core/input-guards.js';
import type { HistoryInspection, InspectionUse } from '../../core/history-inspection.js';
import { inspectNeutral, type NeutralLayout } from '../../core/neutral-issue.js';

/**
 * Validates Vercel AI SDK (v5/v6) `ModelMessage[]` with the rule every provider shares: the tool
 * messages right after an assistant message answer each of its `tool-call` parts, once, and
 * nothing else. Stricter than the AI SDK, which throws only when a user or system message (or the
 * end) comes with calls unanswered; unanswered calls use its wording. Approval parts are passed
 * over.
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
  return inspectNeutral(messages, VERCEL_LAYOUT, use);
}

/**
 * {@link validateVercel} that throws.
 * @throws {InvalidHistoryError} listing every issue, when the history has any.
 */
export function assertValidVercel(messages: readonly unknown[]): void {
  const result = validateVercel(messages);
  if (!result.ok) throw new InvalidHistoryError(result.issues);
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
  nameField: 'toolName',
  // `MissingToolResultsError` of the AI SDK (ai 6.0.326, convertToLanguageModelPrompt).
  missing: (ids) =>
    `Tool result${ids.length > 1 ? 's are' : ' is'} missing for tool call${ids.length > 1 ? 's' : ''} ${ids.join(', ')}.`,
};

// The guards the validator and the reader (from-vercel.ts) share, so both refuse in the same words.

/** @throws {ToolHistoryError} `invalid-input` when `messages` is not an array. */
export function assertVercelMessages(messages: unknown): asserts messages is readonly unknown[] {
  assertArray(messages, 'a `ModelMessage[]`');
}

/**
 * Checks the role and returns the content parts (`undefined` for string or system content).
 * @throws {ToolHistoryError} `invalid-input` for an unknown role or a malformed content or part.
 */
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
