import type { MessageFormat, ProviderProfile } from '../core/format.js';
import type { HistoryIssue } from '../errors/history-issue.js';
import {
  CALLS_ENTRY,
  OTHER_ENTRY,
  pairFlatTurnEntries,
  RESULTS_ENTRY,
} from '../core/pair-tool-turns.js';
import { isObject } from '../core/input-guards.js';
import type { ToolTurnTable } from '../core/tool-turn-table.js';
import { adapterFor } from '../formats/index.js';
import type { FormatAdapter } from '../formats/shared/format-adapter.js';

/** A stretch of a format's array, `start` to `end` (exclusive), that repair reads and rewrites as a whole. */
export interface RepairWindow {
  readonly start: number;
  readonly end: number;
}

/**
 * Finds the stretches of a long history that need repair, so the rest is kept as it is: segments
 * with an issue, grown over every segment repair may read or write with them (partners, and the
 * calls an orphan's id points to); where results sit in their calls' messages, the messages with
 * issues. `undefined` when the table does not hold one turn per message.
 */
export function findRepairWindows(
  messages: readonly unknown[],
  format: MessageFormat,
  table: ToolTurnTable,
  issues: readonly HistoryIssue[],
  profile: ProviderProfile,
): RepairWindow[] | undefined {
  const count = messages.length;
  const wire = adapterFor(format);
  if (wire.resultsInCallMessage === true) return messagesWithIssues(issues, count);
  if (table.count !== count) return undefined;
  for (let turn = 0; turn < count; turn++)
    if (table.messageIndexes[turn] !== turn) return undefined;

  // Segments: starts[s] is the first message of segment s; segmentOf[m] the segment of message m.
  // Typed arrays: a JS array of one entry per message would land in V8's large-object space.
  const cuts = new Int32Array(count + 2);
  const segmentOf = new Int32Array(count);
  let segments = 1;
  for (let index = 1; index < count; index++) {
    if (isCut(messages, wire, table, index, profile)) cuts[segments++] = index;
    segmentOf[index] = segments - 1;
  }
  cuts[segments] = count;
  const starts = cuts.subarray(0, segments + 1);

  const match =
    table.pairing?.scope === profile.scope
      ? table.pairing.match
      : pairFlatTurnEntries(table, profile.scope).match;
  // Windows as ranges of segments, [first, last], kept sorted and disjoint.
  let ranges: [number, number][] = [];
  const isDirty = new Uint8Array(starts.length);
  for (const issue of issues)
    isDirty[segmentOf[Math.min(Math.max(issue.messageIndex, 0), count - 1)] ?? 0] = 1;
  const dirty: number[] = [];
  for (let segment = 0; segment < isDirty.length; segment++)
    if (isDirty[segment] === 1) {
      dirty.push(segment);
      ranges.push([segment, segment]);
    }
  // Misplaced results may pair with another call in repair: they count as unanswered.
  const loose = new Set<number>();
  for (const issue of issues)
    if (issue.code === 'misplaced-tool-result') loose.add(issue.messageIndex);
  // Every result no call answers holds an issue, so its segment is among these.
  const wanted = unansweredResultIds(
    table,
    match,
    loose,
    dirty.map((segment) => [starts[segment] ?? 0, starts[segment + 1] ?? count]),
  );
  const reach = new ReachFinder(
    table,
    match,
    loose,
    wanted,
    profile.uniqueCallIds === 'conversation',
  );
  const scanned = new Uint8Array(starts.length);
  for (let changed = true; changed;) {
    changed = false;
    for (const range of ranges) {
      for (let segment = range[0]; segment <= range[1]; segment++) {
        if (scanned[segment] === 1) continue;
        scanned[segment] = 1;
        const { first, last } = reach.of(starts[segment] ?? 0, starts[segment + 1] ?? 0);
        const from = first === -1 ? segment : (segmentOf[first] ?? 0);
        const to = last === -1 ? segment : (segmentOf[last] ?? 0);
        if (from < range[0] || to > range[1]) {
          range[0] = Math.min(range[0], from);
          range[1] = Math.max(range[1], to);
          changed = true;
        }
      }
    }
    ranges = merged(ranges);
  }
  return ranges.map(([first, last]) => ({
    start: starts[first] ?? 0,
    end: starts[last + 1] ?? count,
  }));
}

/** One window per run of adjacent messages with an issue (`issues` in message order). */
function messagesWithIssues(issues: readonly HistoryIssue[], count: number): RepairWindow[] {
  const windows: { start: number; end: number }[] = [];
  for (const { messageIndex } of issues) {
    const index = Math.min(Math.max(messageIndex, 0), count - 1);
    const last = windows.at(-1);
    if (last !== undefined && index < last.end) continue;
    if (last?.end === index) last.end = index + 1;
    else windows.push({ start: index, end: index + 1 });
  }
  return windows;
}

/** The wire facts that say where a cut may go. */
type CutFacts = Pick<FormatAdapter<MessageFormat, unknown>, 'layout' | 'roleOptionalForUser'>;

/**
 * True when a cut may go before `messages[index]`: a call turn, a user message after neither calls
 * nor results, or the answer right after results (a user message after results stays with them).
 */
function isCut(
  messages: readonly unknown[],
  wire: CutFacts,
  table: ToolTurnTable,
  index: number,
  profile: ProviderProfile,
): boolean {
  const kind = table.kinds[index];
  const previous = table.kinds[index - 1];
  if (kind === CALLS_ENTRY) {
    // Not where a call turn needs a user turn before it (Gemini: only a repair of both can place
    // the bridge), nor after other items in Responses (the reader joins them with the calls).
    if (profile.callTurnAfterUser) return false;
    return previous === RESULTS_ENTRY || (previous === OTHER_ENTRY && wire.layout !== 'items');
  }
  if (kind !== OTHER_ENTRY) return false;
  // The answer after results: nothing it holds depends on them.
  if (previous === RESULTS_ENTRY) return !isUserMessage(messages[index], wire);
  return previous === OTHER_ENTRY && isUserMessage(messages[index], wire);
}

/** True for a message that opens a user turn (results were told apart by the table). */
function isUserMessage(message: unknown, wire: CutFacts): boolean {
  if (!isObject(message)) return false;
  // Gemini's role is optional and means `user` when left out.
  return (
    message.role === 'user' || (message.role === undefined && wire.roleOptionalForUser === true)
  );
}

/** The ids of the results in messages `[start, end)` of `stretches` that no call answers (or that are `loose`). */
function unansweredResultIds(
  table: ToolTurnTable,
  match: Int32Array,
  loose: ReadonlySet<number>,
  stretches: readonly (readonly [number, number])[],
): Set<string> {
  const ids = new Set<string>();
  for (const [start, end] of stretches) {
    for (let turn = start; turn < end; turn++) {
      if (table.kinds[turn] !== RESULTS_ENTRY) continue;
      const slotEnd = table.starts[turn + 1] ?? 0;
      for (let slot = table.starts[turn] ?? 0; slot < slotEnd; slot++)
        if (match[slot] === -1 || loose.has(turn)) ids.add(table.idAt(slot));
    }
  }
  return ids;
}

/** Sorts ranges and joins the ones that overlap or touch. */
function merged(ranges: [number, number][]): [number, number][] {
  const sorted = ranges.slice().sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const range of sorted) {
    const last = out.at(-1);
    if (last && range[0] <= last[1] + 1) last[1] = Math.max(last[1], range[1]);
    else out.push([range[0], range[1]]);
  }
  return out;
}

/** Which messages the calls and results of a stretch reach: their partners, and for unanswered results the earlier calls with their id. */
class ReachFinder {
  private callSlots: Map<string, number[]> | undefined;

  /** `loose`: messages whose results count as unanswered; `wanted`: the ids of unanswered results. */
  constructor(
    private readonly table: ToolTurnTable,
    private readonly match: Int32Array,
    private readonly loose: ReadonlySet<number>,
    private readonly wanted: ReadonlySet<string>,
    private readonly uniqueInConversation: boolean,
  ) {}

  /** The first and last message (`-1`: none) that the calls and results of messages `start` to `end` reach. */
  of(start: number, end: number): { first: number; last: number } {
    const { table, match } = this;
    let first = -1;
    let last = -1;
    const reachTo = (slot: number): void => {
      const messageIndex = table.messageIndexOf(slot);
      if (first === -1 || messageIndex < first) first = messageIndex;
      if (messageIndex > last) last = messageIndex;
    };
    for (let turn = start; turn < end; turn++) {
      const kind = table.kinds[turn];
      if (kind !== CALLS_ENTRY && kind !== RESULTS_ENTRY) continue;
      const slotEnd = table.starts[turn + 1] ?? 0;
      for (let slot = table.starts[turn] ?? 0; slot < slotEnd; slot++) {
        const partner = match[slot] ?? -1;
        if (partner !== -1) reachTo(partner);
        if (kind === RESULTS_ENTRY && (partner === -1 || this.loose.has(turn)))
          for (const call of this.callsFor(slot)) reachTo(call);
      }
    }
    return { first, last };
  }

  /** For an unanswered result: the latest earlier call with its id, the earliest earlier one left unanswered and, where ids are unique in the conversation, the next later one. */
  private callsFor(result: number): number[] {
    const id = this.table.idAt(result);
    const slots = (this.callSlots ??= this.indexCalls()).get(id);
    if (slots === undefined) return [];
    const found: number[] = [];
    const unanswered = slots.find((slot) => this.match[slot] === -1);
    if (unanswered !== undefined && unanswered < result) found.push(unanswered);
    let latest = -1;
    for (const slot of slots) {
      if (slot > result) {
        if (this.uniqueInConversation) found.push(slot);
        break;
      }
      latest = slot;
    }
    if (latest !== -1) found.push(latest);
    return found;
  }

  /** Call slots by id, for the ids of unanswered results only. */
  private indexCalls(): Map<string, number[]> {
    const { table, wanted } = this;
    const slots = new Map<string, number[]>();
    for (let turn = 0; turn < table.count; turn++) {
      if (table.kinds[turn] !== CALLS_ENTRY) continue;
      const slotEnd = table.starts[turn + 1] ?? 0;
      for (let slot = table.starts[turn] ?? 0; slot < slotEnd; slot++) {
        const id = table.idAt(slot);
        if (!wanted.has(id)) continue;
        const list = slots.get(id);
        if (list) list.push(slot);
        else slots.set(id, [slot]);
      }
    }
    return slots;
  }
}
