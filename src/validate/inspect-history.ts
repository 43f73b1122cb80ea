import { assertNever } from '../core/assert-never.js';
import type { MessageFormat } from '../core/format.js';
import { inspectAiwrapper } from '../formats/aiwrapper/validate-aiwrapper.js';
import { inspectAnthropic } from '../formats/anthropic/validate-anthropic.js';
import { inspectGemini } from '../formats/gemini/validate-gemini.js';
import { inspectMistral } from '../formats/mistral/validate-mistral.js';
import { inspectOpenAIChat } from '../formats/openai-chat/validate-openai-chat.js';
import { inspectOpenAIResponses } from '../formats/openai-responses/validate-openai-responses.js';
import { inspectVercel } from '../formats/vercel/validate-vercel.js';
import type { HistoryInspection } from '../core/history-inspection.js';

/** Runs the validator of `format`, returning its result and the turn table it read. */
export function inspectHistory(
  messages: readonly unknown[],
  format: MessageFormat,
): HistoryInspection {
  switch (format) {
    case 'openai-chat':
      return inspectOpenAIChat(messages);
    case 'openai-responses':
      return inspectOpenAIResponses(messages);
    case 'anthropic':
      return inspectAnthropic(messages);
    case 'gemini':
      return inspectGemini(messages);
    case 'mistral':
      return inspectMistral(messages);
    case 'vercel':
      return inspectVercel(messages);
    case 'aiwrapper':
      return inspectAiwrapper(messages);
    default:
      return assertNever(format, 'message format');
  }
}
