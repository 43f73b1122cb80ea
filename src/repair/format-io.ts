import type { MessageFormat } from '../core/format.js';
import { adapterFor } from '../formats/index.js';
import type { ToolHistory, ToolResult } from '../core/history.js';
import { fromFormat, toFormat, type ConvertedHistory } from '../convert/convert-history.js';
import type { ConversionResult, ConversionWarningCode } from '../core/conversion-result.js';
import type { IdsAsRead, RepairRead } from '../formats/shared/wire-repair.js';

/** The messages array of each format. */
export type FormatMessages = { readonly [F in MessageFormat]: ConvertedHistory[F]['messages'] };

/** No id made up: every id is written. */
export const NO_IDS: IdsAsRead = { generated: new Set(), borrowed: new Set() };

/**
 * Reads `messages` of `format` into the neutral model, with the ids the reader made up (Gemini's
 * are optional; `offset` is the index of `messages[0]` in the whole history).
 */
export function readFormat(
  messages: readonly unknown[],
  format: MessageFormat,
  offset = 0,
): RepairRead {
  return (
    adapterFor(format).repairWire?.read?.(messages, offset) ?? {
      history: fromFormat(messages, format).messages,
      idsAsRead: NO_IDS,
    }
  );
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
  // Ids the reader made up were never the user's: each part gets back the id it had when read.
  return toFormat(history, format, {
    omitWarnings,
    omitIds: idsAsRead.generated,
    responsesAsRead: idsAsRead.borrowed,
  });
}
