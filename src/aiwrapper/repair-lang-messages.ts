import { LangMessage, type LangMessageItem, type LangMessages } from 'aiwrapper';
import type { ConversionWarning } from '../core/history.js';
import type { MessageFormat } from '../core/format.js';
import type { HistoryFix } from '../repair/history-fix.js';
import type { RepairPolicy } from '../repair/repair-policy.js';
import {
  repairFormatHistory,
  type RepairHistoryOptions,
  type RepairPreset,
} from '../repair/repair-history.js';

/** Options of {@link repairLangMessages}: whose rules to meet, the preset, and the {@link RepairPolicy} fields. */
export interface RepairLangMessagesOptions extends RepairPolicy {
  /** The provider whose rules to meet (default `'aiwrapper'`: the rule every provider shares). */
  readonly provider?: MessageFormat | undefined;
  /** See {@link repairHistory}'s `preset`. @defaultValue 'all' */
  readonly preset?: RepairPreset | undefined;
  /** See {@link repairHistory}'s `knownCalls`. */
  readonly knownCalls?: RepairHistoryOptions['knownCalls'];
}

/** The outcome of {@link repairLangMessages}. */
export interface RepairLangMessagesResult {
  /** Every change made, indexes into the collection as it is now. Empty when nothing needed fixing. */
  readonly fixes: readonly HistoryFix[];
  readonly warnings: readonly ConversionWarning[];
}

/**
 * Repairs an aiwrapper collection in place so that `options.provider` accepts it; untouched
 * messages stay the same objects. Returns every change made.
 * @throws {ToolHistoryError} `invalid-input` when a message is not of aiwrapper's shape.
 * @throws {UnsupportedFormatError} when `options.provider` names no known format.
 * @example
 * const { fixes } = repairLangMessages(messages, { provider: 'mistral' }); // a Gemini conversation, continued on Mistral
 */
export function repairLangMessages(
  collection: LangMessages,
  // The package's own callers may pass the InternalRepairOptions too.
  options: RepairLangMessagesOptions = {},
): RepairLangMessagesResult {
  const { messages, fixes, warnings } = repairFormatHistory(collection, {
    ...options,
    format: 'aiwrapper',
  });
  if (fixes.length === 0) return { fixes, warnings };
  // In place, one message at a time: no spread or splice of a long array.
  const length = messages.length;
  for (let index = 0; index < length; index++) {
    const message = messages[index];
    if (message === undefined || collection[index] === message) continue;
    collection[index] =
      message instanceof LangMessage
        ? message
        : new LangMessage(message.role, message.items as LangMessageItem[], message.meta);
  }
  collection.length = length;
  return { fixes, warnings };
}
