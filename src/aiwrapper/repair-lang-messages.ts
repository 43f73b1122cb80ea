import { LangMessage, type LangMessageItem, type LangMessages } from 'aiwrapper';
import { deepEqual } from '../core/deep-equal.js';
import type { ProviderFormat } from '../core/format.js';
import type { HistoryFix } from '../repair/history-fix.js';
import type { RepairPolicy } from '../repair/repair-policy.js';
import { repairHistory } from '../repair/repair-history.js';

/**
 * Repairs an aiwrapper collection in place so that `provider` accepts it once aiwrapper has
 * converted it, and returns every change made ({@link repairHistory} with
 * `{ format: 'aiwrapper', profile: provider }`). Messages the repair left as they were stay the
 * same objects; the collection is untouched when nothing needs fixing.
 *
 * @throws {ToolHistoryError} `invalid-input` when a message is not of aiwrapper's shape.
 * @example
 * const fixes = repairLangMessages(messages, 'mistral'); // a Gemini conversation, continued on Mistral
 */
export function repairLangMessages(messages: LangMessages, provider: ProviderFormat, policy: RepairPolicy = {}): readonly HistoryFix[] {
  const { messages: repaired, fixes } = repairHistory(Array.from(messages), { ...policy, format: 'aiwrapper', profile: provider });
  if (fixes.length === 0) return fixes;
  const originals = Array.from(messages);
  const next = repaired.map((message) => {
    const same = originals.find((original) => original.role === message.role && deepEqual(original.items, message.items) && deepEqual(original.meta, message.meta));
    return same ?? new LangMessage(message.role, message.items as LangMessageItem[], message.meta);
  });
  messages.splice(0, messages.length, ...next);
  return fixes;
}
