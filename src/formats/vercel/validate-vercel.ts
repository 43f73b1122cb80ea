import { invalidField, type JsonObject, typedEntries } from '../../core/input-guards.js';
import type { NeutralLayout } from '../../core/neutral-issue.js';
import { approvalAnswers } from './vercel-approvals.js';

/**
 * How Vercel AI SDK (v5/v6) `ModelMessage[]` is validated, with the rule every provider shares,
 * stricter than the SDK itself (whose wording unanswered calls use); an approval response in the
 * last message answers its call, as `generateText` runs or denies it (other approvals: passed over).
 */
export const VERCEL_LAYOUT: NeutralLayout = {
  arrayShape: 'a `ModelMessage[]`',
  messageShape: 'a ModelMessage object',
  partsField: 'content',
  partsOf: vercelPartsOf,
  calls: { role: 'assistant', partType: 'tool-call' },
  results: { role: 'tool', partType: 'tool-result' },
  idField: 'toolCallId',
  // `MissingToolResultsError` of the AI SDK (ai 6.0.326, convertToLanguageModelPrompt).
  missing: (ids) =>
    `Tool result${ids.length > 1 ? 's are' : ' is'} missing for tool call${ids.length > 1 ? 's' : ''} ${ids.join(', ')}.`,
  answers: approvalAnswers,
  // `convertToLanguageModelPrompt` (ai 6.0.326): a tool message left empty (approvals only) is dropped.
  emptyResultsJoin: true,
};

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
