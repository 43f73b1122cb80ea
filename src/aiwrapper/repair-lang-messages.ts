import { LangMessage, type LangMessageItem, type LangMessages } from 'aiwrapper';
import { deepEqual } from '../core/deep-equal.js';
import type { ProviderFormat } from '../core/format.js';
import type { HistoryFix } from '../repair/history-fix.js';
import type { RepairPolicy } from '../repair/repair-policy.js';
import { repairHistory } from '../repair/repair-history.js';

/** How far past the last reused message an unchanged original is looked for. */
const REUSE_WINDOW = 8;

/**
 * Repairs an aiwrapper collection in place so that `provider` accepts it once aiwrapper has
 * converted it, and returns every change made ({@link repairHistory} with
 * `{ format: 'aiwrapper', profile: provider }`). The collection is untouched when nothing needs
 * fixing. Otherwise messages the repair left as they were stay the same objects when they are
 * found in order, at most {@link REUSE_WINDOW} originals past the last one kept (so matching stays
 * linear); any other message is a new `LangMessage` with the repaired content.
 *
 * @throws {ToolHistoryError} `invalid-input` when a message is not of aiwrapper's shape.
 * @example
 * const fixes = repairLangMessages(messages, 'mistral'); // a Gemini conversation, continued on Mistral
 */
export function repairLangMessages(
  messages: LangMessages,
  provider: ProviderFormat,
  policy: RepairPolicy = {},
): readonly HistoryFix[] {
  const { messages: repaired, fixes } = repairHistory(Array.from(messages), {
    ...policy,
    format: 'aiwrapper',
    profile: provider,
  });
  if (fixes.length === 0) return fixes;
  const originals = Array.from(messages);
  // Repair keeps the order of what it leaves alone: look for each message's original just ahead
  // of the last one reused (linear, and an original is never reused twice).
  let cursor = 0;
  const next = repaired.map((message) => {
    const end = Math.min(originals.length, cursor + REUSE_WINDOW);
    for (let look = cursor; look < end; look++) {
      const original = originals[look];
      if (
        original?.role === message.role &&
        deepEqual(original.items, message.items) &&
        deepEqual(original.meta, message.meta)
      ) {
        cursor = look + 1;
        return original;
      }
    }
    return new LangMessage(message.role, message.items as LangMessageItem[], message.meta);
  });
  messages.splice(0, messages.length, ...next);
  return fixes;
}
