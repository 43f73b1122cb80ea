import type { MessageFormat } from '../core/format.js';
import type { HistoryIssue } from '../core/issue.js';
import { isObject } from '../core/input-guards.js';
import {
  CALLS_ENTRY,
  OTHER_ENTRY,
  pairFlatTurnEntries,
  RESULTS_ENTRY,
} from '../core/pair-tool-turns.js';
import type { ToolTurnTable } from '../core/tool-turn-table.js';
import { adapterFor } from '../formats/index.js';
import type { FormatAdapter } from '../formats/shared/format-adapter.js';
import { isUserMessage } from './find-repair-windows.js';
import type { ProviderProfile } from './provider-profile.js';
import { clashingOrphanIds } from './orphan-ids.js';
import type { ResolvedPolicy } from './repair-policy.js';

/**
 * The two gaps a dense history is full of, where they are in the format's array: results no call
 * answers (a call turn is missing before them), and call turns none of whose calls has a result
 * (a results message is missing after them).
 */
export interface Gaps {
  /** Per gap, in message order: its first message. */
  readonly starts: readonly number[];
  /**
   * Per gap: its end (exclusive). A run of orphans is `[start, end)`; a call turn without results
   * is its messages (one, or in `items` layout the items the reader joins into one turn).
   */
  readonly ends: readonly number[];
  /** Per gap: 1 for a call turn without results, 0 for a run of orphans. */
  readonly calls: readonly number[];
}

/** A stretch of the format's array: `[start, end)`. */
export interface GapRange {
  readonly start: number;
  readonly end: number;
}

const GAP_ISSUES: ReadonlySet<string> = new Set(['orphan-tool-result', 'missing-tool-result']);

const ANSWERED = 0;
const UNANSWERED = 1;
const MIXED = 2;

/**
 * Finds the gaps of a history (or of one repair window of it) whose only issues are gaps that the
 * repair engine fills in the simplest way: a new call turn right before a run of orphan results
 * (named after the results, arguments `{}`, ids kept), and a placeholder results message right
 * after a call turn. {@link GapFinder.find} returns `undefined` for anything else (the engine
 * repairs it), so a stretch whose repair would do more, or would do it another way, never gets
 * filled:
 * - any other issue (but those the format's repair leaves), or a policy that turns orphans into text;
 * - a turn partly answered, two wire messages of results read as two results messages (`blocks`),
 *   or a table that is not one turn per message;
 * - an orphan whose id is empty, made up, refused by the profile, or used anywhere else (a call
 *   with it would lend its name and arguments, repeat an id, or take the result), or without a
 *   name where results must name their calls (the engine renames it); a call without results
 *   whose id is made up;
 * - orphans where the profile wants them joined to the model text before them or after a user
 *   bridge (alternating roles, call turns after user turns), and results the profile wants an
 *   assistant bridge after (a user message follows).
 */
export class GapFinder {
  private readonly messages: readonly unknown[];
  private readonly table: ToolTurnTable;
  private readonly wire: FormatAdapter<MessageFormat, unknown>;
  private readonly profile: ProviderProfile;
  /** False when no stretch can be filled: the policy, or a table not one turn per message. */
  private readonly usable: boolean;
  private match: Int32Array | undefined;
  /** The ids of orphans that some other site has too; made on first need. */
  private clashing: ReadonlySet<string> | undefined;
  /** What the latest {@link find} found: a range's issues are the same within one repair. */
  private last: { start: number; end: number; gaps: Gaps | undefined } | undefined;

  constructor(
    messages: readonly unknown[],
    format: MessageFormat,
    table: ToolTurnTable,
    profile: ProviderProfile,
    policy: ResolvedPolicy,
  ) {
    this.messages = messages;
    this.table = table;
    this.wire = adapterFor(format);
    this.profile = profile;
    this.usable = policy.orphanResults === 'synthesize-call' && oneTurnPerMessage(table, messages);
  }

  /** The gaps of `range` when `issues` (those of the range) are all gaps; else `undefined`. */
  find(range: GapRange, issues: readonly HistoryIssue[]): Gaps | undefined {
    const last = this.last;
    if (last?.start === range.start && last.end === range.end) return last.gaps;
    const gaps = this.search(range, issues);
    this.last = { start: range.start, end: range.end, gaps };
    return gaps;
  }

  private search(range: GapRange, issues: readonly HistoryIssue[]): Gaps | undefined {
    if (!this.usable || issues.length === 0) return undefined;
    // Issues the format's repair leaves as they are (Mistral's last role) stay for its step after.
    const leaves = this.wire.repairWire?.leaves;
    // An indexed loop: this runs once per issue of a long history.
    // eslint-disable-next-line @typescript-eslint/prefer-for-of
    for (let at = 0; at < issues.length; at++) {
      const code = issues[at]?.code;
      if (code !== undefined && !GAP_ISSUES.has(code) && leaves?.has(code) !== true)
        return undefined;
    }
    const gaps = this.gapsIn(range);
    return gaps !== undefined && gaps.starts.length > 0 && issuesAreGaps(issues, range, gaps)
      ? gaps
      : undefined;
  }

  private gapsIn({ start, end }: GapRange): Gaps | undefined {
    const { messages, table, wire, profile } = this;
    const match = (this.match ??=
      table.pairing?.scope === profile.scope
        ? table.pairing.match
        : pairFlatTurnEntries(table, profile.scope).match);
    const starts: number[] = [];
    const ends: number[] = [];
    const calls: number[] = [];
    const userFirst = profile.alternatingRoles || profile.callTurnAfterUser;
    const items = wire.layout === 'items';
    // Whether the latest gap is a run of orphans that the next results may join.
    let run = false;
    for (let turn = start; turn < end; turn++) {
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
        // The reader joins assistant-side items into one turn (`items`): the placeholders go after all of them.
        const first = items ? this.assistantTurnStart(turn, match) : turn;
        const last = items ? this.assistantTurnEnd(turn, match) : turn + 1;
        if (first < start || last > end || first === -1 || last === -1) return undefined;
        // Results after it (other ids) or a user message the profile wants a bridge before: the engine's.
        if (table.kinds[last] === RESULTS_ENTRY) return undefined;
        if (profile.assistantAfterResults && isUserMessage(messages[last], wire)) return undefined;
        // A placeholder takes its call's id: the call must have one of its own.
        for (let slot = table.starts[first] ?? 0; slot < (table.starts[last] ?? 0); slot++)
          if (madeUp(table.ids[slot] ?? '')) return undefined;
        starts.push(first);
        ends.push(last);
        calls.push(1);
        turn = last - 1;
        continue;
      }
      if (state === ANSWERED) {
        if (run) return undefined;
        continue;
      }
      if (run && wire.layout !== 'blocks') {
        ends[ends.length - 1] = turn + 1;
      } else {
        if (previous === RESULTS_ENTRY) return undefined;
        if (userFirst && !(previous === OTHER_ENTRY && isUserMessage(messages[turn - 1], wire)))
          return undefined;
        run = true;
        starts.push(turn);
        ends.push(turn + 1);
        calls.push(0);
      }
      if (
        profile.assistantAfterResults &&
        table.kinds[turn + 1] !== RESULTS_ENTRY &&
        isUserMessage(messages[turn + 1], wire)
      )
        return undefined;
      if (!this.orphansFit(turn, match)) return undefined;
    }
    return { starts, ends, calls };
  }

  /** True when the orphans of `turn` can keep their ids in a call of their own. */
  private orphansFit(turn: number, match: Int32Array): boolean {
    const { table, profile } = this;
    const clashing = (this.clashing ??= clashingOrphanIds(table, match));
    const first = table.starts[turn] ?? 0;
    const end = table.starts[turn + 1] ?? 0;
    for (let slot = first; slot < end; slot++) {
      // Results after other blocks of their message (text): the reader splits the message, and
      // the call turn goes between the two halves; the engine's.
      const part = table.partIndexes[slot] ?? -1;
      if (part !== -1 && part !== slot - first) return false;
      const id = table.ids[slot] ?? '';
      if (madeUp(id) || clashing.has(id) || !profile.callIds.accepts(id)) return false;
      // A nameless result gets a call named `unknown_tool`; where names must match, the engine renames it.
      if (profile.resultNamesMatchCalls && table.names[slot] === '') return false;
    }
    return true;
  }

  /** The first item of the assistant turn the reader makes of the items around call `turn` (`-1`: a call in it is answered). */
  private assistantTurnStart(turn: number, match: Int32Array): number {
    let first = turn;
    while (first > 0 && this.joinsAssistantTurn(first - 1)) {
      first--;
      if (
        this.table.kinds[first] === CALLS_ENTRY &&
        answeredState(this.table, match, first) !== UNANSWERED
      )
        return -1;
    }
    return first;
  }

  /** The end (exclusive) of that turn (`-1`: a call in it is answered). */
  private assistantTurnEnd(turn: number, match: Int32Array): number {
    let last = turn + 1;
    while (last < this.table.count && this.joinsAssistantTurn(last)) {
      if (
        this.table.kinds[last] === CALLS_ENTRY &&
        answeredState(this.table, match, last) !== UNANSWERED
      )
        return -1;
      last++;
    }
    return last;
  }

  /**
   * True for an item the reader joins into the assistant turn beside it (`items` layout): calls
   * and items without a role or with the assistant's; results and other roles' messages end it.
   */
  private joinsAssistantTurn(index: number): boolean {
    const kind = this.table.kinds[index];
    if (kind === CALLS_ENTRY) return true;
    if (kind === RESULTS_ENTRY) return false;
    const item = this.messages[index];
    return isObject(item) && (item.role === undefined || item.role === 'assistant');
  }
}

/** {@link GapFinder.find} over the whole history. */
export function findGaps(
  messages: readonly unknown[],
  format: MessageFormat,
  table: ToolTurnTable,
  issues: readonly HistoryIssue[],
  profile: ProviderProfile,
  policy: ResolvedPolicy,
): Gaps | undefined {
  return new GapFinder(messages, format, table, profile, policy).find(
    { start: 0, end: messages.length },
    issues,
  );
}

function oneTurnPerMessage(table: ToolTurnTable, messages: readonly unknown[]): boolean {
  if (table.count !== messages.length) return false;
  for (let turn = 0; turn < table.count; turn++)
    if (table.messageIndexes[turn] !== turn) return false;
  return true;
}

/**
 * True when every gap issue names a gap of its kind: the validator may see what the pairing does
 * not (Gemini counts the responses of a turn), and then the engine repairs.
 */
function issuesAreGaps(issues: readonly HistoryIssue[], range: GapRange, gaps: Gaps): boolean {
  const gapAt = new Uint8Array(range.end - range.start);
  for (let gap = 0; gap < gaps.starts.length; gap++) {
    const from = (gaps.starts[gap] ?? 0) - range.start;
    const to = (gaps.ends[gap] ?? 0) - range.start;
    gapAt.fill(gaps.calls[gap] === 1 ? CALLS_GAP : ORPHAN_GAP, from, to);
  }
  // An indexed loop: this runs once per issue of a long history.
  // eslint-disable-next-line @typescript-eslint/prefer-for-of
  for (let at = 0; at < issues.length; at++) {
    const issue = issues[at];
    if (issue === undefined || !GAP_ISSUES.has(issue.code)) continue;
    const wanted = issue.code === 'orphan-tool-result' ? ORPHAN_GAP : CALLS_GAP;
    if (gapAt[issue.messageIndex - range.start] !== wanted) return false;
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
