import type { MessageFormat } from '../core/format.js';
import { adapterFor } from '../formats/index.js';
import type { HistoryMessage, ToolHistory, ToolResult } from '../core/history.js';
import { fromFormat, toFormat, type ConvertedHistory } from '../convert/convert-history.js';
import type { ConversionResult, ConversionWarningCode } from '../core/conversion-result.js';
import { hashCallId } from './fixes/call-id-rewriter.js';

/** The messages array of each format. */
export type FormatMessages = { readonly [F in MessageFormat]: ConvertedHistory[F]['messages'] };

/** Ids the reader gave Gemini parts that had none of their own, so the writer can leave them out again. */
export interface IdsAsRead {
  /** Ids it generated, for calls and responses. */
  readonly generated: ReadonlySet<string>;
  /** Responses without an id of their own (or with an empty one) given the id of the call they answer. */
  readonly borrowed: ReadonlySet<ToolResult>;
}

/** A neutral history read from a format, with the ids the reader had to make up. */
export interface ReadHistory {
  readonly history: HistoryMessage[];
  readonly idsAsRead: IdsAsRead;
}

/** No id made up: every id is written. */
export const NO_IDS: IdsAsRead = { generated: new Set(), borrowed: new Set() };

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
    return { history: fromFormat(messages, format).messages, idsAsRead: NO_IDS };
  let count = 0;
  const { messages: history, warnings } = fromFormat(messages, format, {
    generateId: () => `${TEMPORARY_ID}${count++}`,
  });
  if (warnings.length === 0) return { history, idsAsRead: NO_IDS };
  // The k-th id made up in content m becomes a hash of (m, k).
  const finalIds = new Map<string, string>();
  const madeUpIn = new Map<number, number>();
  // Per content and call id, how many responses were given the id of the call they answer.
  const borrowedIn = new Map<string, number>();
  for (const warning of warnings) {
    if (warning.code !== 'generated-call-id' || warning.callId === undefined) continue;
    if (!warning.callId.startsWith(TEMPORARY_ID)) {
      const key = placeKey(warning.messageIndex, warning.callId);
      borrowedIn.set(key, (borrowedIn.get(key) ?? 0) + 1);
      continue;
    }
    if (finalIds.has(warning.callId)) continue;
    const made = madeUpIn.get(warning.messageIndex) ?? 0;
    madeUpIn.set(warning.messageIndex, made + 1);
    finalIds.set(
      warning.callId,
      hashCallId(`\u0000gemini:${warning.messageIndex + offset}:${made}`),
    );
  }
  const read =
    finalIds.size === 0 ? history : history.map((message) => withFinalIds(message, finalIds));
  return {
    history: read,
    idsAsRead: {
      generated: new Set(finalIds.values()),
      borrowed: borrowedResults(read, borrowedIn),
    },
  };
}

function placeKey(messageIndex: number, callId: string): string {
  return `${String(messageIndex)}\u0000${callId}`;
}

/**
 * The results `borrowedIn` counts. A content with both a response that carried the id and one
 * that was given it (two calls of one id) does not say which is which: its responses keep the id.
 */
function borrowedResults(
  history: readonly HistoryMessage[],
  borrowedIn: ReadonlyMap<string, number>,
): Set<ToolResult> {
  const borrowed = new Set<ToolResult>();
  if (borrowedIn.size === 0) return borrowed;
  const candidates = new Map<string, ToolResult[]>();
  for (const message of history) {
    if (message.role !== 'tool') continue;
    for (const result of message.results) {
      if (result.sourceIndex === undefined) continue;
      const key = placeKey(result.sourceIndex, result.callId);
      if (!borrowedIn.has(key)) continue;
      const list = candidates.get(key);
      if (list === undefined) candidates.set(key, [result]);
      else list.push(result);
    }
  }
  for (const [key, results] of candidates)
    if (results.length === borrowedIn.get(key)) for (const result of results) borrowed.add(result);
  return borrowed;
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

/**
 * Writes a neutral history back to `format` with its `to*` converter; Gemini ids in
 * `generatedIds`, and the results in `responsesAsRead`, are written as read (see {@link IdsAsRead}).
 */
export function writeFormat<F extends MessageFormat>(
  history: ToolHistory,
  format: F,
  generatedIds: ReadonlySet<string>,
  responsesAsRead: ReadonlySet<ToolResult> = NO_IDS.borrowed,
): FormatMessages[F] {
  const idsAsRead = { generated: generatedIds, borrowed: responsesAsRead };
  return writeFormatResult(history, format, idsAsRead).messages as FormatMessages[F];
}

/**
 * {@link writeFormat} with the writer's warnings (indexes into `history`), but those of the codes
 * `omitWarnings` names, which the writer does not build.
 */
export function writeFormatResult(
  history: ToolHistory,
  format: MessageFormat,
  idsAsRead: IdsAsRead,
  omitWarnings?: ReadonlySet<ConversionWarningCode>,
): ConversionResult<unknown[]> {
  // A format whose reader makes ids up (Gemini) pairs by name and order; ids the reader made up
  // were never the user's, so each part gets back the id it had when read.
  return toFormat(history, format, {
    omitWarnings,
    omitIds: idsAsRead.generated,
    responsesAsRead: idsAsRead.borrowed,
  });
}
