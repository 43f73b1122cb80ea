import { CALLS_ENTRY } from '../core/pair-tool-turns.js';
import type { ToolTurnTable } from '../validate/rules/tool-turn-table.js';
import type { ProviderProfile } from './provider-profile.js';

/**
 * Whether a history its own format's validator accepted (read into `table`) also meets
 * `profile`, decided on the table alone: `undefined` when the profile has rules the table cannot
 * show (where text sits, result names, which role a message has). A valid history bound for a
 * provider such as OpenAI then costs its one validation pass and this walk over the call ids,
 * instead of a read and a repair.
 *
 * The table's own format pairs results with the call turn right before them, which also meets a
 * profile that pairs across the conversation; what is left are the profile's id rules.
 */
export function meetsProfileByTable(
  table: ToolTurnTable,
  profile: ProviderProfile,
): boolean | undefined {
  if (
    profile.textBeforeCalls ||
    profile.resultNamesMatchCalls ||
    profile.callTurnAfterUser ||
    profile.assistantAfterResults ||
    table.pairing?.scope !== 'turn'
  )
    return undefined;
  const inConversation = profile.uniqueCallIds === 'conversation' ? new Set<string>() : undefined;
  for (let turn = 0; turn < table.count; turn++) {
    if (table.kinds[turn] !== CALLS_ENTRY) continue;
    const start = table.starts[turn] ?? 0;
    const end = table.starts[turn + 1] ?? 0;
    for (let slot = start; slot < end; slot++) {
      const id = table.ids[slot] ?? '';
      if (!profile.callIds.accepts(id)) return false;
      if (inConversation !== undefined) {
        if (inConversation.has(id)) return false;
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
