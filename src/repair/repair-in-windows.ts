import type { MessageFormat, ProviderProfile } from '../core/format.js';
import { CALLS_ENTRY, OTHER_ENTRY, RESULTS_ENTRY } from '../core/pair-tool-turns.js';
import { isObject } from '../core/input-guards.js';
import type { ToolTurnTable } from '../core/tool-turn-table.js';
import { CallIdRewriter } from './fixes/call-id-rewriter.js';
import type { RepairWindow } from './find-repair-windows.js';
import { readFormat } from './format-io.js';
import type { ConversionWarning } from '../core/history.js';
import type { HistoryFix } from './history-fix.js';
import { HistoryRepairer, type AddCallsOnly } from './history-repairer.js';
import type { ResolvedPolicy } from './repair-policy.js';
import { inputLocator, locateFix } from './wire-places.js';
import { writeKeeping } from './write-keeping.js';

/** What {@link repairInWindows} returns: the new array and its fixes, indexes in the format's arrays. */
export interface WindowedRepair {
  readonly messages: unknown[];
  readonly fixes: HistoryFix[];
  readonly warnings: ConversionWarning[];
}

/**
 * Repairs only `windows` of `messages` (see `findRepairWindows`; the whole history when
 * `undefined`) through the neutral model and back (read, `HistoryRepairer`, `writeKeeping`), with
 * one id rewriter for all windows so new ids stay unique and repeat as they would; every message
 * outside them is kept as it is.
 */
export function repairInWindows(
  messages: readonly unknown[],
  format: MessageFormat,
  table: ToolTurnTable,
  windows: readonly RepairWindow[] | undefined,
  profile: ProviderProfile,
  policy: ResolvedPolicy,
  only?: AddCallsOnly,
): WindowedRepair {
  const output: WindowedRepair = { messages: [], fixes: [], warnings: [] };
  const { messages: out, fixes, warnings } = output;
  // The id rewriter the windows share, made at the first of them. Where ids are unique in the
  // conversation it learns the kept calls whose ids a window's may repeat.
  let rewriter: CallIdRewriter | undefined;
  const rewriterFrom = (start: number): CallIdRewriter => {
    if (rewriter === undefined) {
      const inputIds = (): string[] => table.idsIn(0, table.sites);
      rewriter = new CallIdRewriter(
        profile,
        inputIds,
        policy.generateId,
        suspectIds(table, profile),
      );
      if (rewriter.uniqueInConversation) keepCallIds(table, 0, start, rewriter);
    }
    return rewriter;
  };
  const keep = (start: number, end: number): void => {
    if (rewriter?.uniqueInConversation) keepCallIds(table, start, end, rewriter);
    for (let index = start; index < end; index++) out.push(messages[index]);
  };
  let kept = 0;
  for (const window of windows ?? [{ start: 0, end: messages.length }]) {
    keep(kept, window.start);
    kept = window.end;
    // Whole: the repairer's own rewriter, which knows the ids the reader made up.
    const part = windows && {
      ids: rewriterFrom(window.start),
      endsHistory: window.end === messages.length,
      afterUser: profile.callTurnAfterUser && followsUserTurn(messages, table, window.start),
    };
    // No `slice` of the whole: on aiwrapper's LangMessages (an Array subclass) it is slow.
    const slice = windows ? messages.slice(window.start, window.end) : messages;
    const { history, idsAsRead } = readWindow(messages, slice, format, window.start);
    const repaired = new HistoryRepairer(
      history,
      profile,
      policy,
      part,
      only,
      idsAsRead.sent,
    ).run();
    if (repaired.fixes.length === 0) {
      // Nothing the neutral model can repair: the stretch stays as it was.
      keep(window.start, window.end);
      continue;
    }
    // Inside the window too, what the repair left alone keeps its bytes.
    const written = writeKeeping(slice, history, repaired.history, format, idsAsRead);
    const input = inputLocator(history, format);
    const offsets = { input: window.start, output: out.length };
    for (const fix of repaired.fixes) fixes.push(locateFix(fix, input, written.locate, offsets));
    for (const warning of written.warnings)
      warnings.push({ ...warning, messageIndex: warning.messageIndex + out.length });
    for (const message of written.messages) out.push(message);
  }
  keep(kept, messages.length);
  return output;
}

/**
 * True when the message before `start`, system messages aside, is a user message or results: what
 * a call turn must follow in Gemini. Reads the table by message index: only for a profile with that
 * rule, whose windows come from a table of one turn per message.
 */
function followsUserTurn(
  messages: readonly unknown[],
  table: ToolTurnTable,
  start: number,
): boolean {
  for (let index = start - 1; index >= 0; index--) {
    if (table.kinds[index] === RESULTS_ENTRY) return true;
    const message = messages[index];
    const role = isObject(message) ? message.role : undefined;
    if (role !== 'system' && role !== 'developer')
      return role === 'user' || (role === undefined && table.kinds[index] === OTHER_ENTRY);
  }
  return false;
}

/**
 * The ids a repair may find repeated where they must be unique (see `CallIdRewriter`), from the
 * pairing the validator recorded; `undefined` when it checked ids by another rule than `profile`'s.
 */
function suspectIds(table: ToolTurnTable, profile: ProviderProfile): Set<string> | undefined {
  const { pairing } = table;
  if (pairing?.uniqueCallIds !== profile.uniqueCallIds) return undefined;
  const ids = new Set(pairing.repeatedCallIds);
  for (let slot = 0; slot < table.sites; slot++)
    if (pairing.match[slot] === -1 && table.kinds[table.siteTurns[slot] ?? 0] === RESULTS_ENTRY)
      ids.add(table.idAt(slot));
  return ids;
}

/** Tells the rewriter of the calls kept outside the windows in messages `[start, end)`. */
function keepCallIds(table: ToolTurnTable, start: number, end: number, ids: CallIdRewriter): void {
  for (let turn = start; turn < end; turn++) {
    if (table.kinds[turn] !== CALLS_ENTRY) continue;
    const slotEnd = table.starts[turn + 1] ?? 0;
    for (let slot = table.starts[turn] ?? 0; slot < slotEnd; slot++) ids.keep(table.idAt(slot));
  }
}

/** Reads one window; on error, reads the whole array so the error names the caller's index. */
function readWindow(
  messages: readonly unknown[],
  slice: readonly unknown[],
  format: MessageFormat,
  start: number,
): ReturnType<typeof readFormat> {
  try {
    return readFormat(slice, format, start, messages);
  } catch (error) {
    if (start > 0) readFormat(messages, format);
    throw error;
  }
}
