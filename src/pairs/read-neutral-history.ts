import { assertNever } from '../core/assert-never.js';
import type { MessageFormat } from '../core/format.js';
import type { ToolHistory } from '../core/history.js';
import { fromAiwrapper } from '../formats/aiwrapper/from-aiwrapper.js';
import { fromAnthropic } from '../formats/anthropic/from-anthropic.js';
import { fromGemini } from '../formats/gemini/from-gemini.js';
import { fromMistral } from '../formats/mistral/from-mistral.js';
import { fromOpenAIChat } from '../formats/openai-chat/from-openai-chat.js';
import { fromOpenAIResponses } from '../formats/openai-responses/from-openai-responses.js';
import { fromVercel } from '../formats/vercel/from-vercel.js';

/**
 * Reads `messages` in `format` into the neutral model with the format's `from*` converter; every
 * message and result carries the `sourceIndex` of the element it came from, which is all that
 * pairing and trimming need to point back into `messages`.
 */
export function readNeutralHistory(messages: readonly unknown[], format: MessageFormat): ToolHistory {
  switch (format) {
    case 'openai-chat':
      return fromOpenAIChat(messages).messages;
    case 'openai-responses':
      return fromOpenAIResponses(messages).messages;
    case 'anthropic':
      return fromAnthropic(messages).messages;
    case 'gemini':
      return fromGemini(messages).messages;
    case 'mistral':
      return fromMistral(messages).messages;
    case 'vercel':
      return fromVercel(messages).messages;
    case 'aiwrapper':
      return fromAiwrapper(messages).messages;
    default:
      return assertNever(format, 'message format');
  }
}
