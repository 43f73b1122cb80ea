import type { MessageFormat } from '../core/format.js';
import type { HistoryMessage, ToolHistory } from '../core/history.js';
import { fromFormat, toFormat, type ConvertedHistory } from '../convert/convert-history.js';
import type { GeminiContent } from '../formats/gemini/gemini-types.js';
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
  if (format !== 'gemini') return { history: fromFormat(messages, format).messages, generatedIds: new Set() };
  const generatedIds = new Set<string>();
  let count = 0;
  const generateId = (): string => {
    const id = hashCallId(`\u0000gemini:${count++}`);
    generatedIds.add(id);
    return id;
  };
  return { history: fromFormat(messages, format, { generateId }).messages, generatedIds };
}

/** Writes a neutral history back to `format` with its `to*` converter; Gemini ids in `generatedIds` are left out. */
export function writeFormat<F extends MessageFormat>(history: ToolHistory, format: F, generatedIds: ReadonlySet<string>): FormatMessages[F] {
  // Gemini pairs by name and order; ids the reader made up were never the user's. Call turns
  // without a thought signature get Google's documented placeholder, which Gemini 3 requires.
  if (format === 'gemini') return withoutIds(toFormat(history, 'gemini').messages, generatedIds) as FormatMessages[F];
  return write(history, format);
}

function write<F extends MessageFormat>(history: ToolHistory, format: F): FormatMessages[F] {
  return toFormat(history, format).messages as FormatMessages[F];
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
