import type { MessageFormat } from '../core/format.js';
import { CALLS_ENTRY } from '../core/pair-tool-turns.js';
import type { ToolTurnTable } from '../validate/rules/tool-turn-table.js';
import { CallIdRewriter } from './fixes/call-id-rewriter.js';
import type { RepairWindow } from './find-repair-windows.js';
import { readFormat, writeFormat } from './format-io.js';
import type { HistoryFix } from './history-fix.js';
import { HistoryRepairer } from './history-repairer.js';
import { locateFix } from './locate-fix.js';
import type { ProviderProfile } from './provider-profile.js';
import type { ResolvedPolicy } from './repair-policy.js';
import { inputLocator, outputLocator } from './wire-places.js';

/** What {@link repairInWindows} returns: the new array and its fixes, indexes in the format's arrays. */
export interface WindowedRepair {
  readonly messages: unknown[];
  readonly fixes: HistoryFix[];
}

/**
 * Repairs only `windows` of `messages` (see `findRepairWindows`): each goes through the neutral
 * model and back, with one id rewriter for the whole history so new ids stay unique and repeat
 * as they would; every message outside them is kept as it is (the same object).
 */
export function repairInWindows(messages: readonly unknown[], format: MessageFormat, table: ToolTurnTable, windows: readonly RepairWindow[], profile: ProviderProfile, policy: ResolvedPolicy): WindowedRepair {
  const ids = new CallIdRewriter(profile, () => new Set(table.ids), policy.generateId);
  const out: unknown[] = [];
  const fixes: HistoryFix[] = [];
  let kept = 0;
  for (const window of windows) {
    keep(messages, kept, window.start, out);
    ids.keep(callIdsOf(table, kept, window.start));
    const stretch = messages.slice(window.start, window.end);
    const { history, generatedIds } = readFormat(stretch, format, window.start);
    const repaired = new HistoryRepairer(history, profile, policy, { ids, endsHistory: window.end === messages.length }).run();
    if (repaired.fixes.length === 0) {
      // Nothing the neutral model can repair: the stretch stays as it was.
      keep(messages, window.start, window.end, out);
    } else {
      const input = inputLocator(history, format);
      const output = outputLocator(repaired.history, format);
      const offsets = { input: window.start, output: out.length };
      for (const fix of repaired.fixes) fixes.push(locateFix(fix, input, output, offsets));
      for (const message of writeFormat(repaired.history, format, generatedIds) as readonly unknown[]) out.push(message);
    }
    kept = window.end;
  }
  keep(messages, kept, messages.length, out);
  return { messages: out, fixes };
}

function keep(messages: readonly unknown[], start: number, end: number, out: unknown[]): void {
  for (let index = start; index < end; index++) out.push(messages[index]);
}

function* callIdsOf(table: ToolTurnTable, start: number, end: number): Generator<string> {
  for (let turn = start; turn < end; turn++) {
    if (table.kinds[turn] !== CALLS_ENTRY) continue;
    const slotEnd = table.starts[turn + 1] ?? 0;
    for (let slot = table.starts[turn] ?? 0; slot < slotEnd; slot++) yield table.ids[slot] ?? '';
  }
}
