import type { HistoryMessage } from '../../core/history.js';
import type { ConversionResult } from '../../core/conversion-result.js';
import { readChatMessages, type ChatDialect } from '../openai-chat/from-openai-chat.js';
import { assertMistralMessages, mistralMessageAt } from './validate-mistral.js';

/** The Mistral dialect of the Chat Completions shape: `tool` messages carry `name`. */
export const MISTRAL_DIALECT: ChatDialect = {
  format: 'mistral',
  formatName: 'Mistral',
  resultName: true,
  assertMessages: assertMistralMessages,
  messageAt: mistralMessageAt,
};

/**
 * Reads a Mistral `messages` array: as {@link readChatMessages}, with the `tool` message's own `name`.
 *
 * @throws {ToolHistoryError} `invalid-input` naming the index and field of a malformed message.
 */
export function fromMistral(messages: readonly unknown[]): ConversionResult<HistoryMessage[]> {
  return readChatMessages(messages, MISTRAL_DIALECT);
}
