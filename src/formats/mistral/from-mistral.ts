import type { HistoryMessage } from '../../core/history.js';
import type { ConversionResult } from '../../core/conversion-result.js';
import type { ChatDialect } from '../openai-chat/chat-dialect.js';
import { readChatMessages } from '../openai-chat/from-openai-chat.js';
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
 * Converts a Mistral chat `messages` array to a neutral history.
 *
 * Reads like {@link fromOpenAIChat}, except that a `tool` message's own `name` is the result's
 * name (falling back to the call's name when absent). Extras go to `providerData.mistral`.
 *
 * @throws {ToolHistoryError} `invalid-input` when `messages` is not an array or a message does
 *   not have the Mistral shape (the error names the index and the field).
 * @example
 * const { messages: history } = fromMistral(request.messages);
 */
export function fromMistral(messages: readonly unknown[]): ConversionResult<HistoryMessage[]> {
  return readChatMessages(messages, MISTRAL_DIALECT);
}
