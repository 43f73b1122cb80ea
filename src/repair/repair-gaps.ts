import type { ConversionWarning } from '../core/conversion-result.js';
import type { MessageFormat } from '../core/format.js';
import type {
  AssistantMessage,
  HistoryMessage,
  ToolCallPart,
  ToolResult,
} from '../core/history.js';
import type { ToolTurnTable } from '../core/tool-turn-table.js';
import { adapterFor } from '../formats/index.js';
import { placeholderFix, synthesizedCallFix } from './fixes/gap-fixes.js';
import { missingResultCause, placeholderResult } from './fixes/placeholder-result.js';
import { guessedRecord, namedCall } from './fixes/synthesize-call.js';
import type { GapRange, Gaps } from './find-gaps.js';
import { NO_IDS, writeFormatResult } from './format-io.js';
import type { HistoryFix, MissingResultCause } from './history-fix.js';
import type { ResolvedPolicy } from './repair-policy.js';
import { newMessageIndex, newMessageSize, newPartIndex, type WireLayout } from './wire-places.js';
import { INHERENT } from './write-keeping.js';

/**
 * Gaps are filled this many at a time: each batch is written in one call (a call per gap costs
 * the writer's setup every time), and the neutral messages a batch builds are garbage before the
 * next one starts, so the collector never copies them.
 */
const BATCH = 256;

/** Where {@link repairGaps} writes: the output array, its fixes and warnings (indexes into it). */
export interface RepairOutput {
  readonly messages: unknown[];
  readonly fixes: HistoryFix[];
  readonly warnings: ConversionWarning[];
}

/**
 * Fills the {@link Gaps} of `range` of a history in its own format as the repair engine would
 * (the same messages and fixes: a property test holds the two equal) without reading any message:
 * the new call turns and placeholder results are built from the validator's turn table (ids,
 * names, places), and only they go through the format's writer, a batch at a time. The messages
 * of `range` are appended to `into` with the new ones between them: every other message is the
 * input's own object; the writer's warnings on new messages are reported as the engine reports
 * them. Returns false, with `into` as it was, when the writer did not lay the new messages out as
 * the format's layout says (the engine then repairs the range).
 */
export function repairGaps(
  messages: readonly unknown[],
  format: MessageFormat,
  table: ToolTurnTable,
  gaps: Gaps,
  range: GapRange,
  policy: ResolvedPolicy,
  into: RepairOutput,
): boolean {
  const { layout } = adapterFor(format);
  const separated = layout !== 'chat';
  const { starts, ends, calls } = gaps;
  const { messages: out, fixes, warnings } = into;
  const before = { messages: out.length, fixes: fixes.length, warnings: warnings.length };
  // Messages and fixes are written by index into room made up front (trimmed at the end): pushing
  // a long history's messages one at a time copies the growing array again and again. Each new
  // wire message holds a call or result of the range, and each gets at most one fix.
  const sites = (table.starts[range.end] ?? 0) - (table.starts[range.start] ?? 0);
  out.length = before.messages + range.end - range.start + sites;
  fixes.length = before.fixes + sites;
  let put = before.messages;
  let fixed = before.fixes;
  let next = range.start;
  for (let first = 0; first < starts.length; first += BATCH) {
    const last = Math.min(first + BATCH, starts.length);
    const batch: HistoryMessage[] = [];
    for (let gap = first; gap < last; gap++) {
      const start = starts[gap] ?? 0;
      const end = ends[gap] ?? 0;
      // A separator after each results message, so the writer does not join it to the next (a
      // format that holds results in the user turn); a format that writes each message alone
      // (`chat`: one wire message per neutral message, or per result) needs none. Writers join
      // no call turns; if one did, the count below would not match and the engine would repair.
      const calling = calls[gap] === 1;
      batch.push(calling ? placeholdersOf(table, start, end, policy) : callsFor(table, start, end));
      if (separated && calling) batch.push(ASSISTANT_SEPARATOR);
    }
    // What the writer could not carry over, reported as the engine reports it (see writeKeeping):
    // the warnings every new message gets (a placeholder's error flag) are not even built.
    const wire = writeFormatResult(batch, format, NO_IDS, INHERENT);
    const notes = wire.warnings;
    let written = 0;
    let note = 0;
    let held = 0;
    for (let gap = first; gap < last; gap++) {
      // Where the gap's message is in the batch, and in what the writer wrote of it.
      const position = held;
      const message = batch[position];
      if (message === undefined) break;
      const separator = separated && message.role === 'tool' ? 1 : 0;
      held += 1 + separator;
      const start = starts[gap] ?? 0;
      const end = ends[gap] ?? 0;
      const size = newMessageSize(message, layout);
      // Placeholders go right after their call turn; a synthesized call turn right before its orphans.
      const at = message.role === 'tool' ? end : start;
      for (; next < at; next++) out[put++] = messages[next];
      const landed = put;
      for (let index = 0; index < size; index++) out[put++] = wire.messages[written + index];
      written += size + separator;
      if (message.role === 'tool')
        fixed = reportPlaceholders(
          table,
          start,
          end,
          message.results,
          layout,
          landed,
          fixes,
          fixed,
        );
      else if (message.role === 'assistant')
        fixed = reportCalls(table, start, message.parts, layout, landed, fixes, fixed);
      for (let found = notes[note]; found?.messageIndex === position;) {
        warnings.push({ ...found, messageIndex: landed });
        found = notes[++note];
      }
    }
    if (written !== wire.messages.length || note !== notes.length) {
      out.length = before.messages;
      fixes.length = before.fixes;
      warnings.length = before.warnings;
      return false;
    }
  }
  for (; next < range.end; next++) out[put++] = messages[next];
  out.length = put;
  fixes.length = fixed;
  return true;
}

/** Why the calls of the call turn ending before `end` lack results (see `missingResultCause`). */
function causeAt(end: number, count: number): MissingResultCause {
  return missingResultCause([], end === count);
}

/** The placeholder results of the call turn of messages `[start, end)`, in a results message of their own. */
function placeholdersOf(
  table: ToolTurnTable,
  start: number,
  end: number,
  policy: ResolvedPolicy,
): HistoryMessage {
  const cause = causeAt(end, table.count);
  const first = table.starts[start] ?? 0;
  // Only call turns lie in the range, but in `items` layout the reader's turn may hold other items.
  const results = new Array<ToolResult>((table.starts[end] ?? 0) - first);
  for (let at = 0; at < results.length; at++)
    results[at] = placeholderResult(siteCall(table, first + at), cause, policy);
  return { role: 'tool', results };
}

/** The call turn made up for the orphans of messages `[start, end)`: one call per orphan, named after it. */
function callsFor(table: ToolTurnTable, start: number, end: number): HistoryMessage {
  const first = table.starts[start] ?? 0;
  const parts = new Array<ToolCallPart>((table.starts[end] ?? 0) - first);
  // No call has an orphan's id (findGaps): the call takes its name from the result, or guesses.
  for (let at = 0; at < parts.length; at++)
    parts[at] = namedCall(table.names[first + at] ?? '', table.ids[first + at] ?? '', undefined);
  return { role: 'assistant', parts };
}

/** The call at site `slot`, as a placeholder needs it. */
function siteCall(table: ToolTurnTable, slot: number): Pick<ToolCallPart, 'callId' | 'name'> {
  return { callId: table.ids[slot] ?? '', name: table.names[slot] ?? '' };
}

/** Puts the fixes of the placeholders of the call turn of messages `[start, end)`, written at output index `landed`, in `fixes` from `fixed` on; returns where they end. */
function reportPlaceholders(
  table: ToolTurnTable,
  start: number,
  end: number,
  results: readonly ToolResult[],
  layout: WireLayout,
  landed: number,
  fixes: HistoryFix[],
  fixed: number,
): number {
  const first = table.starts[start] ?? 0;
  const cause = causeAt(end, table.count);
  let at = fixed;
  // The call turn's first message is the message `end - start` before the placeholders.
  const callMessageIndex = landed - (end - start);
  for (let position = 0; position < results.length; position++) {
    const result = results[position];
    if (result === undefined) continue;
    fixes[at++] = placeholderFix(
      newMessageIndex('tool', layout, landed, position),
      newPartIndex('tool', layout, position),
      siteCall(table, first + position),
      result,
      cause,
      position,
      callMessageIndex,
    );
  }
  return at;
}

/** Puts the fixes of the calls synthesized for the orphans from message `start` on, written at `landed`, in `fixes` from `fixed` on; returns where they end. */
function reportCalls(
  table: ToolTurnTable,
  start: number,
  parts: AssistantMessage['parts'],
  layout: WireLayout,
  landed: number,
  fixes: HistoryFix[],
  fixed: number,
): number {
  const first = table.starts[start] ?? 0;
  let at = fixed;
  for (let position = 0; position < parts.length; position++) {
    const call = parts[position];
    if (call?.type !== 'tool-call') continue;
    const slot = first + position;
    const guessed = guessedRecord((table.names[slot] ?? '') === '', true);
    fixes[at++] = synthesizedCallFix(
      newMessageIndex('assistant', layout, landed, position),
      newPartIndex('assistant', layout, position),
      call,
      guessed,
      table.messageIndexOf(slot),
      // A site without a part index (a Chat `tool` message) is the whole message: part 0.
      Math.max(table.partIndexes[slot] ?? 0, 0),
      'new-turn',
    );
  }
  return at;
}

const ASSISTANT_SEPARATOR: HistoryMessage = {
  role: 'assistant',
  parts: [{ type: 'text', text: '-' }],
};
