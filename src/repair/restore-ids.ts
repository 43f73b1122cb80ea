import type { MessageFormat } from '../core/format.js';
import type { HistoryMessage, ToolHistory } from '../core/history.js';
import { readFormat, writeFormat, type FormatMessages } from './format-io.js';
import type { HistoryFix } from './history-fix.js';

/**
 * Undoes the id rewrites of a repair: every call and result id that a `rewrote-call-id` fix
 * introduced goes back to the id it replaced (provider data carried in ids comes back whole).
 * @example
 * const { history: sent, fixes } = repairToolHistory(history, { profile: 'mistral' });
 * const ours = restoreToolHistoryIds([...sent, ...reply], fixes);
 */
export function restoreToolHistoryIds(
  history: ToolHistory,
  fixes: readonly HistoryFix[],
): HistoryMessage[] {
  const original = new Map<string, string>();
  for (const fix of fixes) if (fix.kind === 'rewrote-call-id') original.set(fix.to, fix.from);
  if (original.size === 0) return history.slice();
  return history.map((message): HistoryMessage => {
    if (message.role === 'assistant') {
      if (!message.parts.some((part) => part.type === 'tool-call' && original.has(part.callId)))
        return message;
      return {
        ...message,
        parts: message.parts.map((part) =>
          part.type === 'tool-call' && original.has(part.callId)
            ? { ...part, callId: original.get(part.callId) ?? part.callId }
            : part,
        ),
      };
    }
    if (message.role === 'tool') {
      if (!message.results.some((result) => original.has(result.callId))) return message;
      return {
        ...message,
        results: message.results.map((result) =>
          original.has(result.callId)
            ? { ...result, callId: original.get(result.callId) ?? result.callId }
            : result,
        ),
      };
    }
    return message;
  });
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
