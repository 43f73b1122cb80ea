import type { ConversionWarning } from '../core/conversion-result.js';
import type { MessageFormat } from '../core/format.js';
import type {
  AssistantMessage,
  HistoryMessage,
  ToolCallPart,
  ToolResult,
} from '../core/history.js';
import { placeholderFix, synthesizedCallFix } from './fixes/gap-fixes.js';
import { missingResultCause, placeholderResult } from './fixes/placeholder-result.js';
import { synthesizeCall, type SynthesizedCall } from './fixes/synthesize-call.js';
import type { Gaps } from './find-gaps.js';
import { readFormat, writeFormatResult } from './format-io.js';
import type { HistoryFix, MissingResultCause } from './history-fix.js';
import type { ProviderProfile } from './provider-profile.js';
import type { WindowedRepair } from './repair-in-windows.js';
import type { ResolvedPolicy } from './repair-policy.js';
import { inputLocator, outputLocator } from './wire-places.js';
import { INHERENT } from './write-keeping.js';

/**
 * Gaps are filled this many at a time: each batch is read and written in one call (a call per
 * gap costs the readers' and writers' setup every time), and what a batch builds is garbage
 * before the next one starts, so the collector never copies it (a whole history's worth at once
 * would survive collections, and copying it was most of the time).
 */
const BATCH = 256;

/** One gap: a run of orphans (`end` > `start`) or an unanswered call turn (`end` = `start`). */
interface Gap {
  readonly start: number;
  readonly end: number;
}

/** A message to put before input message `at`, and what to report for it. */
interface Insert {
  readonly at: number;
  readonly message: HistoryMessage;
  readonly orphans: readonly Orphan[] | undefined;
  /** The calls made up for the orphans, one each. */
  readonly synthesized: readonly SynthesizedCall[] | undefined;
  readonly calls: readonly ToolCallPart[] | undefined;
  readonly cause: MissingResultCause;
}

/** An orphan result, and where it is in the input. */
interface Orphan {
  readonly result: ToolResult;
  readonly fromIndex: number;
  readonly fromPartIndex: number;
}

/**
 * Fills the {@link Gaps} of a history in its own format as the repair engine would (the same
 * messages and fixes: a property test holds the two equal) without reading the history into the
 * neutral model: only the orphan results and the unanswered call turns are read, and only the
 * new messages are written, by the format's own reader and writer. Every other message is the
 * input's own object; the writer's warnings on new messages are reported as the engine reports
 * them. `undefined` when what was read is not what the table promised (the engine then repairs).
 */
export function repairGaps(
  messages: readonly unknown[],
  format: MessageFormat,
  gaps: Gaps,
  profile: ProviderProfile,
  policy: ResolvedPolicy,
): WindowedRepair | undefined {
  const all = merged(gaps);
  const out: unknown[] = [];
  const fixes: HistoryFix[] = [];
  const warnings: ConversionWarning[] = [];
  let next = 0;
  for (let first = 0; first < all.length; first += BATCH) {
    const inserts = batchInserts(
      messages,
      format,
      all.slice(first, first + BATCH),
      profile,
      policy,
    );
    if (inserts === undefined) return undefined;
    const batch: HistoryMessage[] = [];
    for (const insert of inserts) {
      // A separator after each, so the writer neither joins two of them nor lets one shape the next.
      batch.push(insert.message, insert.calls ? ASSISTANT_SEPARATOR : USER_SEPARATOR);
    }
    const wire = writeFormatResult(batch, format, NO_IDS);
    // What the writer could not carry over, reported as the engine reports it (see writeKeeping).
    const notes = wire.warnings.filter((warning) => !INHERENT.has(warning.code));
    if (notes.some((warning) => warning.messageIndex % 2 === 1)) return undefined;
    let note = 0;
    const locate = outputLocator(batch, format);
    for (let index = 0; index < inserts.length; index++) {
      const insert = inserts[index];
      const start = locate(2 * index, undefined).messageIndex;
      const end = locate(2 * index + 1, undefined).messageIndex;
      if (insert === undefined || start < 0 || end <= start) return undefined;
      for (; next < insert.at; next++) out.push(messages[next]);
      const landed = out.length;
      for (let source = start; source < end; source++) out.push(wire.messages[source]);
      const place = (
        position: number,
      ): { messageIndex: number; partIndex?: number | undefined } => {
        const found = locate(2 * index, position);
        return { messageIndex: found.messageIndex - start + landed, partIndex: found.partIndex };
      };
      report(insert, place, landed - 1, policy, fixes);
      for (let found = notes[note]; found?.messageIndex === 2 * index; found = notes[++note]) {
        const at = locate(found.messageIndex, undefined).messageIndex - start + landed;
        warnings.push({ ...found, messageIndex: at });
      }
    }
  }
  for (; next < messages.length; next++) out.push(messages[next]);
  return { messages: out, fixes, warnings };
}

/** The fixes of one insert. */
function report(
  insert: Insert,
  place: (position: number) => { messageIndex: number; partIndex?: number | undefined },
  callMessageIndex: number,
  policy: ResolvedPolicy,
  fixes: HistoryFix[],
): void {
  const { message, orphans, synthesized, calls, cause } = insert;
  if (orphans !== undefined && message.role === 'assistant') {
    orphans.forEach((orphan, position) => {
      const call = message.parts[position];
      if (call?.type !== 'tool-call') return;
      const guessed = synthesized?.[position]?.guessed ?? { name: true, arguments: true };
      fixes.push(synthesizedCallFix(place(position), call, guessed, orphan, 'new-turn'));
    });
  }
  if (calls !== undefined && message.role === 'tool') {
    calls.forEach((call, position) => {
      const result = message.results[position] ?? placeholderResult(call, cause, policy);
      fixes.push(placeholderFix(place(position), call, result, cause, position, callMessageIndex));
    });
  }
}

/** The gaps in order: orphan runs and unanswered call turns merged. */
function merged(gaps: Gaps): Gap[] {
  const all: Gap[] = [];
  let run = 0;
  for (const turn of gaps.unanswered) {
    for (; (gaps.orphanRuns[run]?.[0] ?? Infinity) < turn; run++) {
      const [start, end] = gaps.orphanRuns[run] ?? [0, 0];
      all.push({ start, end });
    }
    all.push({ start: turn, end: turn });
  }
  for (; run < gaps.orphanRuns.length; run++) {
    const [start, end] = gaps.orphanRuns[run] ?? [0, 0];
    all.push({ start, end });
  }
  return all;
}

/** The inserts of a batch of gaps: its orphans read in one call, its call turns in another. */
function batchInserts(
  messages: readonly unknown[],
  format: MessageFormat,
  gaps: readonly Gap[],
  profile: ProviderProfile,
  policy: ResolvedPolicy,
): Insert[] | undefined {
  const orphanSources: number[] = [];
  const turnSources: number[] = [];
  for (const { start, end } of gaps) {
    if (end === start) turnSources.push(start);
    for (let index = start; index < end; index++) orphanSources.push(index);
  }
  const orphans = readOrphans(messages, format, orphanSources);
  const turns = readCallTurns(messages, format, turnSources, profile);
  if (orphans === undefined || turns === undefined) return undefined;
  const inserts: Insert[] = [];
  let orphan = 0;
  let turn = 0;
  for (const { start, end } of gaps) {
    if (end === start) {
      const calls = turns[turn++] ?? [];
      const cause = missingResultCause([], start === messages.length - 1);
      const results = calls.map((call) => placeholderResult(call, cause, policy));
      const message: HistoryMessage = { role: 'tool', results };
      inserts.push({
        at: start + 1,
        message,
        orphans: undefined,
        synthesized: undefined,
        calls,
        cause,
      });
      continue;
    }
    const run: Orphan[] = [];
    for (let found = orphans[orphan]; found !== undefined && found.fromIndex < end;) {
      run.push(found);
      found = orphans[++orphan];
    }
    if (run.length === 0) return undefined;
    // No call has an orphan's id (findGaps): the call takes its name from the result, or guesses.
    const synthesized = run.map(({ result }) => synthesizeCall(result, result.callId, undefined));
    const message: HistoryMessage = {
      role: 'assistant',
      parts: synthesized.map(({ call }) => call),
    };
    inserts.push({
      at: start,
      message,
      orphans: run,
      synthesized,
      calls: undefined,
      cause: 'not-recorded',
    });
  }
  return orphan === orphans.length ? inserts : undefined;
}

/** The orphan results of messages `sources`, in order, with their places in the input. */
function readOrphans(
  messages: readonly unknown[],
  format: MessageFormat,
  sources: readonly number[],
): Orphan[] | undefined {
  if (sources.length === 0) return [];
  const { history, generatedIds } = readFormat(
    sources.map((index) => messages[index]),
    format,
  );
  if (generatedIds.size > 0) return undefined;
  const input = inputLocator(history, format);
  const orphans: Orphan[] = [];
  for (let at = 0; at < history.length; at++) {
    const message = history[at];
    if (message?.role !== 'tool') return undefined;
    message.results.forEach((result, position) => {
      const from = input(at, position);
      orphans.push({
        result,
        fromIndex: sources[from.messageIndex] ?? -1,
        fromPartIndex: from.partIndex ?? 0,
      });
    });
  }
  return orphans;
}

/** The calls of each call turn of `sources`, read in one call. */
function readCallTurns(
  messages: readonly unknown[],
  format: MessageFormat,
  sources: readonly number[],
  profile: ProviderProfile,
): ToolCallPart[][] | undefined {
  if (sources.length === 0) return [];
  const { history, generatedIds } = readFormat(
    sources.map((index) => messages[index]),
    format,
  );
  if (generatedIds.size > 0 || history.length !== sources.length) return undefined;
  const turns: ToolCallPart[][] = [];
  for (let at = 0; at < history.length; at++) {
    const message = history[at];
    if (message?.role !== 'assistant' || message.sourceIndex !== at) return undefined;
    // Text after the calls: the engine would move it (Anthropic).
    if (profile.textBeforeCalls && textAfterCalls(message)) return undefined;
    turns.push(message.parts.filter((part): part is ToolCallPart => part.type === 'tool-call'));
  }
  return turns;
}

function textAfterCalls(message: AssistantMessage): boolean {
  let call = false;
  for (const part of message.parts) {
    if (part.type === 'tool-call') call = true;
    else if (part.type === 'text' && call) return true;
  }
  return false;
}

const NO_IDS: ReadonlySet<string> = new Set();
const USER_SEPARATOR: HistoryMessage = { role: 'user', parts: [{ type: 'text', text: '-' }] };
const ASSISTANT_SEPARATOR: HistoryMessage = {
  role: 'assistant',
  parts: [{ type: 'text', text: '-' }],
};
