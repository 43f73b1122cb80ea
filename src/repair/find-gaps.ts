import type { MessageFormat } from '../core/format.js';
import type { HistoryIssue } from '../core/issue.js';
import {
  CALLS_ENTRY,
  OTHER_ENTRY,
  pairFlatTurnEntries,
  RESULTS_ENTRY,
} from '../core/pair-tool-turns.js';
import type { ToolTurnTable } from '../core/tool-turn-table.js';
import { adapterFor } from '../formats/index.js';
import { isUserMessage } from './find-repair-windows.js';
import type { ProviderProfile } from './provider-profile.js';
import type { ResolvedPolicy } from './repair-policy.js';

/**
 * The two gaps a dense history is full of, where they are in the format's array: results no call
 * answers (a call turn is missing before them), and call turns none of whose calls has a result
 * (a results message is missing after them).
 */
export interface Gaps {
  /** Per gap, in message order: its first message (a run of orphans, or a call turn without results). */
  readonly starts: readonly number[];
  /** Per gap: the end (exclusive) of its run of orphans; its start for a call turn without results. */
  readonly ends: readonly number[];
}

const GAP_ISSUES: ReadonlySet<string> = new Set(['orphan-tool-result', 'missing-tool-result']);

const ANSWERED = 0;
const UNANSWERED = 1;
const MIXED = 2;

/**
 * Finds the gaps of a history whose only issues are gaps that the repair engine fills in the
 * simplest way: a new call turn right before a run of orphan results (named after the results,
 * arguments `{}`, ids kept), and a placeholder results message right after a call turn. Returns
 * `undefined` for anything else (the engine repairs it), so a history whose repair would do more,
 * or would do it another way, never gets here:
 * - any other issue, or a policy that turns orphans into text;
 * - a format where the reader joins several items into one turn (`items`), where two wire
 *   messages of results are read as two results messages (`blocks`), a turn partly answered,
 *   or a table that is not one turn per message;
 * - an orphan whose id is empty, refused by the profile, or used anywhere else (a call with it
 *   would lend its name and arguments, repeat an id, or take the result);
 * - orphans where the profile wants them joined to the model text before them or after a user
 *   bridge (alternating roles, call turns after user turns), and results the profile wants an
 *   assistant bridge after (a user message follows).
 */
export function findGaps(
  messages: readonly unknown[],
  format: MessageFormat,
  table: ToolTurnTable,
  issues: readonly HistoryIssue[],
  profile: ProviderProfile,
  policy: ResolvedPolicy,
): Gaps | undefined {
  const wire = adapterFor(format);
  const count = messages.length;
  if (policy.orphanResults !== 'synthesize-call' || wire.layout === 'items') return undefined;
  if (table.count !== count || issues.length === 0) return undefined;
  // Issues the format's repair leaves as they are (Mistral's last role) stay for its step after.
  const leaves = wire.repairWire?.leaves;
  for (const issue of issues)
    if (!GAP_ISSUES.has(issue.code) && leaves?.has(issue.code) !== true) return undefined;
  const match =
    table.pairing?.scope === profile.scope
      ? table.pairing.match
      : pairFlatTurnEntries(table, profile.scope).match;
  const starts: number[] = [];
  const ends: number[] = [];
  const orphanIds = new Set<string>();
  const userFirst = profile.alternatingRoles || profile.callTurnAfterUser;
  // Whether the latest gap is a run of orphans that the next results may join.
  let run = false;
  for (let turn = 0; turn < count; turn++) {
    if (table.messageIndexes[turn] !== turn) return undefined;
    const kind = table.kinds[turn];
    if (kind === OTHER_ENTRY) {
      run = false;
      continue;
    }
    const state = answeredState(table, match, turn);
    if (state === MIXED) return undefined;
    const previous = table.kinds[turn - 1];
    if (kind === CALLS_ENTRY) {
      run = false;
      if (state === ANSWERED) continue;
      // Results after it (other ids) or a user message the profile wants a bridge before: the engine's.
      if (table.kinds[turn + 1] === RESULTS_ENTRY) return undefined;
      if (profile.assistantAfterResults && isUserMessage(messages[turn + 1], wire))
        return undefined;
      // A placeholder takes its call's id: the call must have one of its own.
      for (let slot = table.starts[turn] ?? 0; slot < (table.starts[turn + 1] ?? 0); slot++)
        if (madeUp(table.ids[slot] ?? '')) return undefined;
      starts.push(turn);
      ends.push(turn);
      continue;
    }
    if (state === ANSWERED) {
      if (run) return undefined;
      continue;
    }
    if (run && wire.layout === 'chat') {
      ends[ends.length - 1] = turn + 1;
    } else {
      if (previous === RESULTS_ENTRY) return undefined;
      if (userFirst && !(previous === OTHER_ENTRY && isUserMessage(messages[turn - 1], wire)))
        return undefined;
      run = true;
      starts.push(turn);
      ends.push(turn + 1);
    }
    if (
      profile.assistantAfterResults &&
      table.kinds[turn + 1] !== RESULTS_ENTRY &&
      isUserMessage(messages[turn + 1], wire)
    )
      return undefined;
    if (!addOrphanIds(table, turn, profile, orphanIds)) return undefined;
  }
  if (orphanIds.size > 0 && !idsOnlyInOrphans(table, match, orphanIds)) return undefined;
  return starts.length > 0 && issuesAreGaps(issues, count, starts, ends)
    ? { starts, ends }
    : undefined;
}

/**
 * True when every issue names a gap of its kind: the validator may see what the pairing does not
 * (Gemini counts the responses of a turn), and then the engine repairs.
 */
function issuesAreGaps(
  issues: readonly HistoryIssue[],
  count: number,
  starts: readonly number[],
  ends: readonly number[],
): boolean {
  const gapAt = new Uint8Array(count);
  for (let gap = 0; gap < starts.length; gap++) {
    const start = starts[gap] ?? 0;
    const end = ends[gap] ?? 0;
    if (end === start) gapAt[start] = CALLS_GAP;
    else gapAt.fill(ORPHAN_GAP, start, end);
  }
  for (const issue of issues) {
    if (!GAP_ISSUES.has(issue.code)) continue;
    const wanted = issue.code === 'orphan-tool-result' ? ORPHAN_GAP : CALLS_GAP;
    if (gapAt[issue.messageIndex] !== wanted) return false;
  }
  return true;
}

const ORPHAN_GAP = 1;
const CALLS_GAP = 2;

/**
 * True for an empty id, or one the validator made up for a part without one (Gemini: it starts
 * with U+0000); the engine's reader makes up another, so the gap is the engine's.
 */
function madeUp(id: string): boolean {
  return id === '' || id.startsWith('\u0000');
}

/** Whether the sites of `turn` are all paired, none, or some. */
function answeredState(table: ToolTurnTable, match: Int32Array, turn: number): number {
  const start = table.starts[turn] ?? 0;
  const end = table.starts[turn + 1] ?? 0;
  let paired = 0;
  for (let slot = start; slot < end; slot++) if ((match[slot] ?? -1) !== -1) paired++;
  return paired === end - start ? ANSWERED : paired === 0 ? UNANSWERED : MIXED;
}

/** Adds the ids of the orphans of `turn`; false when one is empty, refused, or repeated. */
function addOrphanIds(
  table: ToolTurnTable,
  turn: number,
  profile: ProviderProfile,
  ids: Set<string>,
): boolean {
  const end = table.starts[turn + 1] ?? 0;
  for (let slot = table.starts[turn] ?? 0; slot < end; slot++) {
    const id = table.ids[slot] ?? '';
    if (madeUp(id) || ids.has(id) || !profile.callIds.accepts(id)) return false;
    ids.add(id);
  }
  return true;
}

/** True when no site but the orphans themselves has an orphan's id. */
function idsOnlyInOrphans(
  table: ToolTurnTable,
  match: Int32Array,
  orphanIds: ReadonlySet<string>,
): boolean {
  for (let slot = 0; slot < table.ids.length; slot++) {
    const turn = table.siteTurns[slot] ?? 0;
    const orphan = table.kinds[turn] === RESULTS_ENTRY && (match[slot] ?? -1) === -1;
    if (!orphan && orphanIds.has(table.ids[slot] ?? '')) return false;
  }
  return true;
}
