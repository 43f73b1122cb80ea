import type { MessageFormat } from '../core/format.js';
import { adapterFor } from '../formats/index.js';
import type { HistoryMessage, ToolHistory } from '../core/history.js';
import { fromFormat, toFormat, type ConvertedHistory } from '../convert/convert-history.js';
import type { ConversionResult, ConversionWarningCode } from '../core/conversion-result.js';
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
 * Gemini ids, which are optional, are generated from where the part sits (`offset` is the index
 * of `messages[0]` in the whole history), so a repair is repeatable and reading part of a history
 * gives the ids reading all of it gives; they are remembered, so {@link writeFormat} can leave
 * them out again.
 */
export function readFormat(
  messages: readonly unknown[],
  format: MessageFormat,
  offset = 0,
): ReadHistory {
  if (!adapterFor(format).generatesIds)
    return { history: fromFormat(messages, format).messages, generatedIds: new Set() };
  let count = 0;
  const { messages: history, warnings } = fromFormat(messages, format, {
    generateId: () => `${TEMPORARY_ID}${count++}`,
  });
  if (count === 0) return { history, generatedIds: new Set() };
  // The k-th id made up in content m becomes a hash of (m, k).
  const finalIds = new Map<string, string>();
  const madeUpIn = new Map<number, number>();
  for (const warning of warnings) {
    if (
      warning.code !== 'generated-call-id' ||
      warning.callId === undefined ||
      !warning.callId.startsWith(TEMPORARY_ID) ||
      finalIds.has(warning.callId)
    )
      continue;
    const made = madeUpIn.get(warning.messageIndex) ?? 0;
    madeUpIn.set(warning.messageIndex, made + 1);
    finalIds.set(
      warning.callId,
      hashCallId(`\u0000gemini:${warning.messageIndex + offset}:${made}`),
    );
  }
  return {
    history: history.map((message) => withFinalIds(message, finalIds)),
    generatedIds: new Set(finalIds.values()),
  };
}

const TEMPORARY_ID = '\u0000generated:';

function withFinalIds(
  message: HistoryMessage,
  finalIds: ReadonlyMap<string, string>,
): HistoryMessage {
  if (message.role === 'assistant') {
    if (!message.parts.some((part) => part.type === 'tool-call' && finalIds.has(part.callId)))
      return message;
    return {
      ...message,
      parts: message.parts.map((part) =>
        part.type === 'tool-call' && finalIds.has(part.callId)
          ? { ...part, callId: finalIds.get(part.callId) ?? part.callId }
          : part,
      ),
    };
  }
  if (message.role !== 'tool' || !message.results.some((result) => finalIds.has(result.callId)))
    return message;
  return {
    ...message,
    results: message.results.map((result) =>
      finalIds.has(result.callId)
        ? { ...result, callId: finalIds.get(result.callId) ?? result.callId }
        : result,
    ),
  };
}

/** Writes a neutral history back to `format` with its `to*` converter; Gemini ids in `generatedIds` are written as read. */
export function writeFormat<F extends MessageFormat>(
  history: ToolHistory,
  format: F,
  generatedIds: ReadonlySet<string>,
): FormatMessages[F] {
  return writeFormatResult(history, format, generatedIds).messages as FormatMessages[F];
}

/**
 * {@link writeFormat} with the writer's warnings (indexes into `history`), but those of the codes
 * `omitWarnings` names, which the writer does not build.
 */
export function writeFormatResult(
  history: ToolHistory,
  format: MessageFormat,
  generatedIds: ReadonlySet<string>,
  omitWarnings?: ReadonlySet<ConversionWarningCode>,
): ConversionResult<unknown[]> {
  // A format whose reader makes ids up (Gemini) pairs by name and order; ids the reader made up
  // were never the user's, so each part gets back the id it had when read.
  return toFormat(history, format, { omitWarnings, omitIds: generatedIds });
}
