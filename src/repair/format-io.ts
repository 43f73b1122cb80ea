import { assertNever } from '../core/assert-never.js';
import type { MessageFormat } from '../core/format.js';
import type { HistoryMessage, ToolHistory } from '../core/history.js';
import type { ConvertedHistory } from '../convert/convert-history.js';
import { fromAiwrapper } from '../formats/aiwrapper/from-aiwrapper.js';
import { toAiwrapper } from '../formats/aiwrapper/to-aiwrapper.js';
import { fromAnthropic } from '../formats/anthropic/from-anthropic.js';
import { toAnthropic } from '../formats/anthropic/to-anthropic.js';
import { fromGemini } from '../formats/gemini/from-gemini.js';
import type { GeminiContent } from '../formats/gemini/gemini-types.js';
import { toGemini } from '../formats/gemini/to-gemini.js';
import { fromMistral } from '../formats/mistral/from-mistral.js';
import { toMistral } from '../formats/mistral/to-mistral.js';
import { fromOpenAIChat } from '../formats/openai-chat/from-openai-chat.js';
import { toOpenAIChat } from '../formats/openai-chat/to-openai-chat.js';
import { fromOpenAIResponses } from '../formats/openai-responses/from-openai-responses.js';
import { toOpenAIResponses } from '../formats/openai-responses/to-openai-responses.js';
import { fromVercel } from '../formats/vercel/from-vercel.js';
import { toVercel } from '../formats/vercel/to-vercel.js';
import { hashCallId } from './fixes/call-id-rewriter.js';

/** The messages array of each format. */
export type FormatMessages = { readonly [F in MessageFormat]: ConvertedHistory[F]['messages'] };

/** A neutral history read from a format, with the ids the reader had to make up. */
export interface ReadHistory {
  readonly history: HistoryMessage[];
  /** Ids the reader generated (Gemini calls and responses without ids). */
  readonly generatedIds: ReadonlySet<string>;
}

/**
 * Reads `messages` of `format` into the neutral model with the format's `from*` converter.
 * Gemini ids, which are optional, are generated deterministically (so a repair is repeatable)
 * and remembered, so {@link writeFormat} can leave them out again.
 */
export function readFormat(messages: readonly unknown[], format: MessageFormat): ReadHistory {
  switch (format) {
    case 'openai-chat':
      return plain(fromOpenAIChat(messages).messages);
    case 'openai-responses':
      return plain(fromOpenAIResponses(messages).messages);
    case 'anthropic':
      return plain(fromAnthropic(messages).messages);
    case 'mistral':
      return plain(fromMistral(messages).messages);
    case 'aiwrapper':
      return plain(fromAiwrapper(messages).messages);
    case 'vercel':
      return plain(fromVercel(messages).messages);
    case 'gemini': {
      const generatedIds = new Set<string>();
      let count = 0;
      const generateId = (): string => {
        const id = hashCallId(`\u0000gemini:${count++}`);
        generatedIds.add(id);
        return id;
      };
      return { history: fromGemini(messages, { generateId }).messages, generatedIds };
    }
    default:
      return assertNever(format, 'message format');
  }
}

/** Writes a neutral history back to `format` with its `to*` converter; Gemini ids in `generatedIds` are left out. */
export function writeFormat<F extends MessageFormat>(history: ToolHistory, format: F, generatedIds: ReadonlySet<string>): FormatMessages[F] {
  return writers[format](history, generatedIds);
}

const writers: { readonly [F in MessageFormat]: (history: ToolHistory, generatedIds: ReadonlySet<string>) => FormatMessages[F] } = {
  'openai-chat': (history) => toOpenAIChat(history).messages,
  'openai-responses': (history) => toOpenAIResponses(history).messages,
  anthropic: (history) => toAnthropic(history).messages,
  mistral: (history) => toMistral(history).messages,
  aiwrapper: (history) => toAiwrapper(history).messages,
  vercel: (history) => toVercel(history).messages,
  // Gemini pairs by name and order; ids the reader made up were never the user's. Call turns
  // without a thought signature get Google's documented placeholder, which Gemini 3 requires.
  gemini: (history, generatedIds) => withoutIds(toGemini(history).messages, generatedIds),
};

function plain(history: HistoryMessage[]): ReadHistory {
  return { history, generatedIds: new Set() };
}

function withoutIds(contents: GeminiContent[], ids: ReadonlySet<string>): GeminiContent[] {
  if (ids.size === 0) return contents;
  return contents.map((content) => {
    if (!content.parts.some((part) => (part.functionCall?.id !== undefined && ids.has(part.functionCall.id)) || (part.functionResponse?.id !== undefined && ids.has(part.functionResponse.id)))) return content;
    return {
      ...content,
      parts: content.parts.map((part) => {
        if (part.functionCall?.id !== undefined && ids.has(part.functionCall.id)) return { ...part, functionCall: withoutId(part.functionCall) };
        if (part.functionResponse?.id !== undefined && ids.has(part.functionResponse.id)) return { ...part, functionResponse: withoutId(part.functionResponse) };
        return part;
      }),
    };
  });
}

function withoutId<T extends { readonly id?: string }>(value: T): Omit<T, 'id'> {
  const copy: Record<string, unknown> = { ...value };
  delete copy.id;
  return copy as Omit<T, 'id'>;
}
