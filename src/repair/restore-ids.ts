import type { MessageFormat } from '../core/format.js';
import type { HistoryMessage, ToolHistory } from '../core/history.js';
import { readFormat, writeFormat, type FormatMessages } from './format-io.js';
import type { HistoryFix } from './history-fix.js';
import { renameCallIds } from '../formats/shared/wire-repair.js';

/** Undoes the `rewrote-call-id` fixes of a repair: each id goes back to the one it replaced. */
export function restoreToolHistoryIds(
  history: ToolHistory,
  fixes: readonly HistoryFix[],
): HistoryMessage[] {
  const original = new Map<string, string>();
  for (const fix of fixes) if (fix.kind === 'rewrote-call-id') original.set(fix.to, fix.from);
  if (original.size === 0) return history.slice();
  return history.map((message) => renameCallIds(message, original));
}

/** Options of {@link restoreIds}. */
export interface RestoreIdsOptions<F extends MessageFormat> {
  /** The format `messages` are in. */
  readonly format: F;
}

/**
 * {@link restoreToolHistoryIds} for messages in a format: reads them (`from*`), restores the ids
 * the fixes of {@link repairHistory} rewrote, and writes them back (`to*`).
 *
 * @throws {ToolHistoryError} `invalid-input` when `messages` do not have the format's shape.
 * @example
 * const { messages: sent, fixes } = repairHistory(messages, { format: 'mistral' });
 * const ours = restoreIds(sent, fixes, { format: 'mistral' });
 */
export function restoreIds<F extends MessageFormat>(
  messages: readonly unknown[],
  fixes: readonly HistoryFix[],
  options: RestoreIdsOptions<F>,
): FormatMessages[F] {
  if (!fixes.some((fix) => fix.kind === 'rewrote-call-id'))
    return [...messages] as FormatMessages[F];
  const { history, idsAsRead } = readFormat(messages, options.format);
  const restored = restoreToolHistoryIds(history, fixes);
  return writeFormat(restored, options.format, idsAsRead.generated, idsAsRead.borrowed);
}
