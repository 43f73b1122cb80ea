import type { ToolHistory } from '../../core/history.js';
import type { ConversionResult } from '../../core/conversion-result.js';
import { writeChatMessages } from '../openai-chat/to-openai-chat.js';
import type { WriterOptions } from '../shared/conversion-context.js';
import { MISTRAL_DIALECT } from './from-mistral.js';
import type { MistralMessage } from './mistral-types.js';

/**
 * Converts a neutral history to a Mistral chat `messages` array.
 *
 * Writes like {@link toOpenAIChat}, and each `tool` message carries the result's `name`, so
 * result names survive. Call ids are written unchanged: Mistral accepts only 9-character
 * alphanumeric ids, so run the repair pass first for histories from other providers.
 *
 * Losses, each with a warning: `dropped-error-flag` (no error flag on `tool` messages),
 * `reordered-parts` (text after calls moves before them), `dropped-content` and
 * `dropped-provider-data` (another format's parts and extras).
 *
 * @example
 * const { messages } = toMistral(history);
 */
export function toMistral(
  history: ToolHistory,
  options: WriterOptions = {},
): ConversionResult<MistralMessage[]> {
  const { messages, warnings } = writeChatMessages(history, MISTRAL_DIALECT, options);
  // The Mistral dialect writes `name` on every tool message.
  return { messages: messages as MistralMessage[], warnings };
}
