import type { MessageFormat } from '../core/format.js';
import type {
  HistoryMessage,
  ToolHistory,
  ConversionResult,
  ConversionWarning,
} from '../core/history.js';
import { deepEqual } from '../core/json-text.js';
import { adapterFor } from '../formats/index.js';
import type { IdsAsRead } from '../formats/shared/wire-repair.js';
import { inputLocator, outputLocator, type WireLocator } from './wire-places.js';

/** What {@link writeKeeping} returns: the wire array, and where each repaired message landed in it. */
export interface KeptWrite {
  readonly messages: unknown[];
  /** Places of the repaired (neutral) history in `messages`. */
  readonly locate: WireLocator;
  /** What the writer could not carry over in the stretches it wrote, indexes into `messages`. */
  readonly warnings: ConversionWarning[];
}

/** Neutral messages `[first, end)` read from wire messages `[wireStart, wireEnd)` alone. */
interface Group {
  readonly first: number;
  readonly end: number;
  readonly wireStart: number;
  readonly wireEnd: number;
}

/** Where one output stretch sits: written by the writer, or the input's own wire messages of a group. */
interface Piece {
  /** First repaired (neutral) message of the stretch. */
  readonly from: number;
  /** First wire message of the stretch in the output. */
  readonly wireAt: number;
  /** The group kept, or the neutral messages written. */
  readonly kept: Group | undefined;
  readonly written: readonly HistoryMessage[] | undefined;
}

/**
 * Writes `repaired` back to `format`, keeping the input's own wire messages wherever the repair
 * left every neutral message read from them as the same objects, so they keep their bytes.
 */
export function writeKeeping(
  wire: readonly unknown[],
  history: ToolHistory,
  repaired: ToolHistory,
  format: MessageFormat,
  idsAsRead: IdsAsRead,
): KeptWrite {
  // No groups when sources go back: everything is written.
  const groups = groupsOf(history, wire.length) ?? [];
  const out: unknown[] = [];
  const pieces: Piece[] = [];
  const warnings: ConversionWarning[] = [];
  let pending: HistoryMessage[] = [];
  let pendingFrom = 0;
  const flush = (): void => {
    if (pending.length === 0) return;
    const written = writeWith(pending, format, idsAsRead);
    if (written.warnings.length > 0)
      placed(written.warnings, outputLocator(pending, format), out.length, warnings);
    if (adapterFor(format).layout === 'items')
      keepUnchangedItems(written.messages, pending, groups, wire, history, format, idsAsRead);
    pieces.push({ from: pendingFrom, wireAt: out.length, kept: undefined, written: pending });
    for (const message of written.messages) out.push(message);
    pending = [];
  };
  for (let at = 0; at < repaired.length;) {
    const message = repaired[at];
    const group = groupAt(groups, message?.sourceIndex);
    if (
      group !== undefined &&
      history[group.first] === message &&
      sameRun(repaired, at, history, group) &&
      !joinsNewResults(repaired[at + group.end - group.first], history[group.end], format)
    ) {
      flush();
      pieces.push({ from: at, wireAt: out.length, kept: group, written: undefined });
      for (let source = group.wireStart; source < group.wireEnd; source++) out.push(wire[source]);
      at += group.end - group.first;
      continue;
    }
    if (pending.length === 0) pendingFrom = at;
    if (message !== undefined) pending.push(message);
    at++;
  }
  flush();
  return { messages: out, locate: mixedLocator(pieces, history, format), warnings };
}

/**
 * Where items stand for one neutral message (Responses), a written item equal to what the
 * input's message writes again is replaced by the input's own item, keeping its bytes.
 */
function keepUnchangedItems(
  written: unknown[],
  pending: readonly HistoryMessage[],
  groups: readonly Group[],
  wire: readonly unknown[],
  history: ToolHistory,
  format: MessageFormat,
  idsAsRead: IdsAsRead,
): void {
  const locate = outputLocator(pending, format);
  const used = new Set<number>();
  pending.forEach((message, at) => {
    // A results message the repair rebuilt says where it came from through its results.
    const source =
      message.sourceIndex ??
      (message.role === 'tool' ? message.results[0]?.sourceIndex : undefined);
    const group = groupAt(groups, source);
    const original = group === undefined ? undefined : history[group.first];
    if (group === undefined || group.end - group.first !== 1) return;
    if (original?.role !== message.role || original === message) return;
    const start = locate(at, undefined).messageIndex;
    const end = at + 1 < pending.length ? locate(at + 1, undefined).messageIndex : written.length;
    const before = writeWith([original], format, idsAsRead).messages;
    const size = group.wireEnd - group.wireStart;
    if (before.length !== size) return;
    // In order, a few items ahead at most; each input item used once.
    let next = 0;
    for (let index = start; index < end && next < size; index++) {
      const stop = Math.min(size, next + LOOK_AHEAD);
      for (let offset = next; offset < stop; offset++) {
        const source = group.wireStart + offset;
        if (used.has(source) || !deepEqual(written[index], before[offset])) continue;
        written[index] = wire[source];
        used.add(source);
        next = offset + 1;
        break;
      }
    }
  });
}

/** Writes with the format's writer, ids the reader made up left out again (see {@link IdsAsRead}). */
function writeWith(
  history: ToolHistory,
  format: MessageFormat,
  { generated, borrowed }: IdsAsRead,
): ConversionResult<unknown[]> {
  return adapterFor(format).write(history, {
    omitWarnings: INHERENT,
    omitIds: generated,
    responsesAsRead: borrowed,
  });
}

/** Warnings about what the format itself cannot hold say nothing of the input: not built. */
const INHERENT: ReadonlySet<ConversionWarning['code']> = new Set<ConversionWarning['code']>([
  'dropped-result-name',
  'dropped-error-flag',
  'moved-system-message',
  'generated-call-id',
]);

/** The writer's warnings worth reporting, indexes moved from the neutral stretch written to the output array. */
function placed(
  warnings: readonly ConversionWarning[],
  locate: WireLocator,
  wireAt: number,
  into: ConversionWarning[],
): void {
  for (const warning of warnings) {
    const at = locate(warning.messageIndex, undefined).messageIndex + wireAt;
    into.push({ ...warning, messageIndex: at });
  }
}

const LOOK_AHEAD = 4;

/** True when `repaired[at…]` holds the group's input messages, the same objects in order. */
function sameRun(repaired: ToolHistory, at: number, history: ToolHistory, group: Group): boolean {
  for (let index = group.first; index < group.end; index++)
    if (repaired[at + index - group.first] !== history[index]) return false;
  return true;
}

/** A message the repair made or moved, which the format writes into the wire message before it. */
function joinsNewResults(
  next: HistoryMessage | undefined,
  original: HistoryMessage | undefined,
  format: MessageFormat,
): boolean {
  return (
    next !== undefined && next !== original && adapterFor(format).joinsPrevious?.(next) === true
  );
}

/**
 * Splits the input into groups of neutral messages that share wire messages; wire messages that
 * gave none join the group before.
 */
function groupsOf(history: ToolHistory, wireLength: number): Group[] | undefined {
  const groups: Group[] = [];
  let first = 0;
  let wireStart = 0;
  let reach = -1;
  for (let index = 0; index < history.length; index++) {
    const message = history[index];
    const source = message?.sourceIndex;
    if (message === undefined || source === undefined || source < reach) return undefined;
    if (index > 0 && source > reach) {
      groups.push({ first, end: index, wireStart, wireEnd: source });
      first = index;
      wireStart = source;
    }
    reach = Math.max(reach, lastSourceOf(message, source));
  }
  if (history.length > 0)
    groups.push({ first, end: history.length, wireStart, wireEnd: wireLength });
  return groups;
}

function lastSourceOf(message: HistoryMessage, source: number): number {
  if (message.role !== 'tool') return source;
  let last = source;
  for (const result of message.results)
    if (result.sourceIndex !== undefined && result.sourceIndex > last) last = result.sourceIndex;
  return last;
}

/** Locates repaired messages in an output made of kept groups and written stretches. */
function mixedLocator(
  pieces: readonly Piece[],
  history: ToolHistory,
  format: MessageFormat,
): WireLocator {
  let input: WireLocator | undefined;
  const writtenLocators = new Map<Piece, WireLocator>();
  return (messageIndex, partIndex) => {
    const piece = lastUpTo(pieces, messageIndex, (each) => each.from);
    if (piece === undefined) return { messageIndex };
    if (piece.kept !== undefined) {
      input ??= inputLocator(history, format);
      const place = input(piece.kept.first + messageIndex - piece.from, partIndex);
      return { ...place, messageIndex: place.messageIndex - piece.kept.wireStart + piece.wireAt };
    }
    let locate = writtenLocators.get(piece);
    if (locate === undefined) {
      locate = outputLocator(piece.written ?? [], format);
      writtenLocators.set(piece, locate);
    }
    const place = locate(messageIndex - piece.from, partIndex);
    return { ...place, messageIndex: place.messageIndex + piece.wireAt };
  };
}

/** The group holding wire message `source`. */
function groupAt(groups: readonly Group[], source: number | undefined): Group | undefined {
  return source === undefined ? undefined : lastUpTo(groups, source, (group) => group.wireStart);
}

/** The last of `items` (in order of `key`) whose key is at most `at` (binary search). */
function lastUpTo<T>(items: readonly T[], at: number, key: (item: T) => number): T | undefined {
  let low = 0;
  let high = items.length - 1;
  let found: T | undefined;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const item = items[middle];
    if (item === undefined) break;
    if (key(item) <= at) {
      found = item;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}
