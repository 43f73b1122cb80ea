import type { MessageFormat } from '../core/format.js';
import { adapterFor, type WrittenHistory } from '../formats/index.js';
import type { ToolHistory, ToolResult } from '../core/history.js';
import type { IdsAsRead, RepairRead } from '../formats/shared/wire-repair.js';

/** The messages array of each format. */
export type FormatMessages = { readonly [F in MessageFormat]: WrittenHistory[F]['messages'] };

/** No id made up: every id is written. */
export const NO_IDS: IdsAsRead = { generated: new Set(), borrowed: new Set() };

/**
 * Reads `messages` of `format` into the neutral model, with the ids the reader made up (Gemini's
 * are optional; `offset` is the index of `messages[0]` in `whole`, the whole history).
 */
export function readFormat(
  messages: readonly unknown[],
  format: MessageFormat,
  offset = 0,
  whole: readonly unknown[] = messages,
): RepairRead {
  return (
    adapterFor(format).repairWire?.read?.(messages, offset, whole) ?? {
      history: adapterFor(format).read(messages).messages,
      idsAsRead: NO_IDS,
    }
  );
}

/**
 * Writes a neutral history back to `format`; ids the reader made up (`generatedIds`) and ids
 * responses borrowed (`responsesAsRead`) are left out again, as read.
 */
export function writeFormat<F extends MessageFormat>(
  history: ToolHistory,
  format: F,
  generatedIds: ReadonlySet<string>,
  responsesAsRead: ReadonlySet<ToolResult> = NO_IDS.borrowed,
): FormatMessages[F] {
  const options = { omitIds: generatedIds, responsesAsRead };
  return adapterFor(format).write(history, options).messages as FormatMessages[F];
}
