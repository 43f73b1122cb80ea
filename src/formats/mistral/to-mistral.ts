import type { ToolHistory } from '../../core/history.js';
import type { ConversionResult } from '../../core/conversion-result.js';
import { writeChatMessages } from '../openai-chat/to-openai-chat.js';
import type { WriterOptions } from '../shared/conversion-context.js';
import { MISTRAL_DIALECT } from './from-mistral.js';
import type { MistralMessage } from './mistral-types.js';

/**
 * Writes a neutral history as Mistral `messages`, each `tool` message with the result's `name`.
 */
export function toMistral(
  history: ToolHistory,
  options: WriterOptions = {},
): ConversionResult<MistralMessage[]> {
  const { messages, warnings } = writeChatMessages(history, MISTRAL_DIALECT, options);
  // The Mistral dialect writes `name` on every tool message.
  return { messages: messages as MistralMessage[], warnings };
}
