import { CALLS_ENTRY } from '../core/pair-tool-turns.js';
import type { ToolTurnTable } from '../core/tool-turn-table.js';
import type { ProviderProfile } from '../core/format.js';

/**
 * Decides the rules of `profile` that a turn table cannot show (where text sits, result names,
 * which role comes before a call turn or after results) for the messages the table was read from:
 * `true` when the repair would change nothing for them, `false` when it would, `undefined` when it
 * cannot tell.
 */
export type ShapeCheck = (profile: ProviderProfile) => boolean | undefined;

/**
 * Whether a history its own format's validator accepted (read into `table`) also meets `profile`,
 * decided on the table and, for the rules the table cannot show, on `shape`: `undefined` when the
 * profile has such rules and no `shape` decides them.
 */
export function meetsProfileByTable(
  table: ToolTurnTable,
  profile: ProviderProfile,
  shape?: ShapeCheck,
  taken?: ReadonlySet<string>,
): boolean | undefined {
  if (table.pairing?.scope !== 'turn') return undefined;
  if (
    profile.textBeforeCalls ||
    profile.resultNamesMatchCalls ||
    profile.callTurnAfterUser ||
    profile.assistantAfterResults
  ) {
    const met = shape?.(profile);
    if (met !== true) return met;
  }
  const inConversation = profile.uniqueCallIds === 'conversation' ? new Set<string>() : undefined;
  for (let turn = 0; turn < table.count; turn++) {
    if (table.kinds[turn] !== CALLS_ENTRY) continue;
    const start = table.starts[turn] ?? 0;
    const end = table.starts[turn + 1] ?? 0;
    for (let slot = start; slot < end; slot++) {
      const id = table.ids[slot] ?? '';
      if (!profile.callIds.accepts(id)) return false;
      if (inConversation !== undefined) {
        if (inConversation.has(id) || taken?.has(id) === true) return false;
        inConversation.add(id);
        continue;
      }
      // Unique within the turn: turns hold a few calls, a scan beats a set.
      for (let earlier = start; earlier < slot; earlier++)
        if (table.ids[earlier] === id) return false;
    }
  }
  return true;
}
