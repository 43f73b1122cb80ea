import type { MessageFormat } from '../core/format.js';
import type {
  AssistantMessage,
  HistoryMessage,
  ToolHistory,
  UserMessage,
} from '../core/history.js';
import { adapterFor } from '../formats/index.js';
import type { FormatAdapter } from '../formats/shared/format-adapter.js';
import type { HistoryFix } from './history-fix.js';

/** A place in a format's own array: the message (or item, or content) and the part inside it. */
export interface WirePlace {
  readonly messageIndex: number;
  readonly partIndex?: number | undefined;
}

/** Maps a place of the neutral history (message, part or result position) to the format's array. */
export type WireLocator = (messageIndex: number, partIndex: number | undefined) => WirePlace;

/** Locates places of a history read from `format` in the input array, by the readers' `sourceIndex`. */
export function inputLocator(history: ToolHistory, format: MessageFormat): WireLocator {
  const { layout } = adapterFor(format);
  // Per neutral message: the block index of its first part in its wire message.
  const firstBlock = layout === 'chat' ? [] : firstBlocks(history);
  const ordinals = new Map<number, Uint32Array>();
  const callOrdinals: CallOrdinals = new Map();
  return (messageIndex, partIndex) => {
    const message = history[messageIndex];
    if (message === undefined) return { messageIndex };
    const source = message.sourceIndex ?? messageIndex;
    if (partIndex === undefined) return { messageIndex: source };
    if (message.role === 'tool') {
      const result = message.results[partIndex];
      if (layout !== 'blocks') return { messageIndex: result?.sourceIndex ?? source + partIndex };
      // Readers join consecutive results messages into one: a result may come from a later one.
      const wire = result?.sourceIndex ?? source;
      if (wire !== source) {
        let found = ordinals.get(messageIndex);
        if (found === undefined) ordinals.set(messageIndex, (found = sourceOrdinals(message)));
        return { messageIndex: wire, partIndex: found[partIndex] ?? 0 };
      }
    }
    if (layout === 'items' && message.role === 'assistant')
      return { messageIndex: source + partIndex };
    if (layout === 'chat')
      return { messageIndex: source, partIndex: chatPartIndex(message, partIndex, callOrdinals) };
    return { messageIndex: source, partIndex: (firstBlock[messageIndex] ?? 0) + partIndex };
  };
}

/** Locates places of a history in the array the writer of `format` makes of it. */
export function outputLocator(history: ToolHistory, format: MessageFormat): WireLocator {
  const { layout, systemField, mergesResultsIntoUser, dropsEmptyText, joinsPrevious } =
    adapterFor(format);
  const writes = { format, dropsEmptyText };
  const base: number[] = [];
  const offset: number[] = [];
  let next = 0;
  let openResults: { index: number; blocks: number } | undefined;
  for (const message of history) {
    // A system prompt the format keeps outside the array has no place in it.
    if (message.role === 'system' && systemField !== undefined) {
      base.push(-1);
      offset.push(0);
      continue;
    }
    if (
      mergesResultsIntoUser &&
      openResults !== undefined &&
      (message.role === 'tool' || message.role === 'user')
    ) {
      base.push(openResults.index);
      offset.push(openResults.blocks);
      openResults.blocks += writtenSize(message, writes);
      if (message.role === 'user') openResults = undefined;
      continue;
    }
    if (next > 0 && joinsPrevious?.(message) === true) {
      base.push(next - 1);
      offset.push(0);
      continue;
    }
    base.push(next);
    offset.push(0);
    if (mergesResultsIntoUser && message.role === 'tool')
      openResults = { index: next, blocks: message.results.length };
    else openResults = undefined;
    next += wireSize(message, layout, writes);
  }
  // Counted once per message, not per place (else quadratic).
  const counts = new Map<number, Uint32Array>();
  const callOrdinals: CallOrdinals = new Map();
  const before = (messageIndex: number, message: HistoryMessage, partIndex: number): number => {
    if (message.role === 'tool' || message.role === 'system') return partIndex;
    let found = counts.get(messageIndex);
    if (found === undefined) counts.set(messageIndex, (found = writtenCounts(message, writes)));
    return found[Math.min(partIndex, found.length - 1)] ?? 0;
  };
  return (messageIndex, partIndex) => {
    const message = history[messageIndex];
    const start = base[messageIndex] ?? messageIndex;
    if (message === undefined || partIndex === undefined) return { messageIndex: start };
    if (layout === 'chat') {
      return message.role === 'tool'
        ? { messageIndex: start + partIndex }
        : { messageIndex: start, partIndex: chatPartIndex(message, partIndex, callOrdinals) };
    }
    if (layout === 'items' && message.role !== 'user')
      return { messageIndex: start + before(messageIndex, message, partIndex) };
    return {
      messageIndex: start,
      partIndex: (offset[messageIndex] ?? 0) + before(messageIndex, message, partIndex),
    };
  };
}

/** How many wire messages the writer of a format with `layout` makes of `message` (written alone). */
function wireSize(
  message: HistoryMessage,
  layout: FormatAdapter<MessageFormat, unknown>['layout'],
  writes: WriterSkips,
): number {
  if (layout === 'blocks') return 1;
  if (layout === 'chat') return message.role === 'tool' ? message.results.length : 1;
  return message.role === 'user' || message.role === 'system' ? 1 : writtenSize(message, writes);
}

/** Per neutral message, how many blocks of its wire message earlier neutral messages hold. */
function firstBlocks(history: ToolHistory): Int32Array {
  const firstBlock = new Int32Array(history.length);
  const seen = new Map<number, number>();
  history.forEach((message, index) => {
    const source = message.sourceIndex ?? index;
    const count = seen.get(source) ?? 0;
    firstBlock[index] = count;
    seen.set(source, count + sizeOf(message));
  });
  return firstBlock;
}

/** Per assistant message asked about, how many tool calls precede each part (kept per locator). */
type CallOrdinals = Map<HistoryMessage, Uint32Array>;

/** In Chat Completions, a call's index in `tool_calls`; a user part's index in `content`; nothing for assistant text. */
function chatPartIndex(
  message: HistoryMessage,
  partIndex: number,
  ordinals: CallOrdinals,
): number | undefined {
  if (message.role !== 'assistant') return partIndex;
  if (message.parts[partIndex]?.type !== 'tool-call') return undefined;
  let found = ordinals.get(message);
  if (found === undefined) {
    found = new Uint32Array(message.parts.length);
    let calls = 0;
    for (let index = 0; index < message.parts.length; index++) {
      found[index] = calls;
      if (message.parts[index]?.type === 'tool-call') calls++;
    }
    ordinals.set(message, found);
  }
  return found[partIndex];
}

function sizeOf(message: HistoryMessage): number {
  return message.role === 'tool'
    ? message.results.length
    : message.role === 'system'
      ? 1
      : message.parts.length;
}

/** What a format's writer leaves out of a message: other formats' opaque parts, and perhaps empty text. */
interface WriterSkips {
  readonly format: MessageFormat;
  readonly dropsEmptyText?: boolean | undefined;
}

function writtenSize(message: HistoryMessage, writes: WriterSkips): number {
  if (message.role === 'tool' || message.role === 'system') return sizeOf(message);
  return writtenCounts(message, writes)[message.parts.length] ?? 0;
}

/** Per part, and one past the last: how many parts before it the writer of `format` writes. */
function writtenCounts(message: UserMessage | AssistantMessage, writes: WriterSkips): Uint32Array {
  const { parts } = message;
  const counts = new Uint32Array(parts.length + 1);
  let count = 0;
  for (let index = 0; index < parts.length; index++) {
    counts[index] = count;
    const part = parts[index];
    if (part === undefined) continue;
    if (part.type === 'opaque' && part.format !== writes.format) continue;
    if (part.type === 'text' && part.text === '' && writes.dropsEmptyText) continue;
    count++;
  }
  counts[parts.length] = count;
  return counts;
}

/** Per result of a results message: how many results before it came from the same wire message. */
function sourceOrdinals(message: HistoryMessage & { readonly role: 'tool' }): Uint32Array {
  const ordinals = new Uint32Array(message.results.length);
  const seen = new Map<number | undefined, number>();
  message.results.forEach((result, position) => {
    const count = seen.get(result.sourceIndex) ?? 0;
    ordinals[position] = count;
    seen.set(result.sourceIndex, count + 1);
  });
  return ordinals;
}

/** Where a stretch repaired on its own sits: its first message in the input and in the output. */
export interface StretchOffsets {
  readonly input: number;
  readonly output: number;
}

const AT_START: StretchOffsets = { input: 0, output: 0 };

/**
 * Puts a fix's neutral indexes into the format's arrays: `output` places what the repaired
 * history holds, `input` what the input held; `offsets` shift both when the fix came from a
 * stretch of a longer history.
 */
export function locateFix(
  fix: HistoryFix,
  input: WireLocator,
  output: WireLocator,
  offsets: StretchOffsets = AT_START,
): HistoryFix {
  const at = output(fix.messageIndex, fix.partIndex);
  const placed = {
    ...fix,
    messageIndex: at.messageIndex + offsets.output,
    partIndex: at.partIndex,
  };
  switch (placed.kind) {
    case 'inserted-placeholder':
      return {
        ...placed,
        callMessageIndex: output(placed.callMessageIndex, undefined).messageIndex + offsets.output,
      };
    case 'synthesized-call':
    case 'moved-result':
      return { ...placed, ...fromPlace(placed, input, offsets) };
    case 'result-to-text':
    case 'dropped-duplicate-result': {
      const from = fromPlace(placed, input, offsets);
      // The result keeps where the reader found it, in the input as a whole.
      const result =
        placed.result.sourceIndex === undefined
          ? placed.result
          : { ...placed.result, sourceIndex: from.fromIndex };
      return { ...placed, ...from, result };
    }
    case 'moved-reasoning':
    case 'dropped-reasoning':
    case 'dropped-approval':
    case 'stripped-item-id':
    case 'inserted-output':
    case 'dropped-item':
      // Made on the wire messages (formats/shared/wire-repair.ts): already in the format's arrays.
      return fix;
    default:
      return placed;
  }
}

/** Where in the input a fix's result was, and its message citing that place. */
function fromPlace(
  fix: { readonly fromIndex: number; readonly fromPartIndex: number; readonly message: string },
  input: WireLocator,
  offsets: StretchOffsets,
): { fromIndex: number; fromPartIndex: number; message: string } {
  const from = input(fix.fromIndex, fix.fromPartIndex);
  const fromIndex = from.messageIndex + offsets.input;
  return {
    fromIndex,
    fromPartIndex: from.partIndex ?? 0,
    message: citing(fix.message, fix.fromIndex, fromIndex),
  };
}

/** The repairer cites the input by neutral index (`messages[3]`); the user's array has its own. */
function citing(message: string, neutralIndex: number, index: number): string {
  return message.replace(`messages[${neutralIndex}]`, `messages[${index}]`);
}
