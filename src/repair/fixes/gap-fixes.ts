import type { ToolCallPart, ToolResult } from '../../core/history.js';
import type {
  InsertedPlaceholderFix,
  MissingResultCause,
  SynthesizedCallFix,
} from '../history-fix.js';

/** Where a fix points: a message and, inside it, a part. */
export interface FixPlace {
  readonly messageIndex: number;
  readonly partIndex?: number | undefined;
}

/**
 * The fix for a call synthesized for an orphan result: at `place` (the call in its turn), the
 * result having been at `fromIndex`/`fromPartIndex` (the message text cites `fromIndex`).
 */
export function synthesizedCallFix(
  place: FixPlace,
  call: ToolCallPart,
  guessed: SynthesizedCallFix['guessed'],
  from: { readonly fromIndex: number; readonly fromPartIndex: number },
  placement: SynthesizedCallFix['placement'],
): SynthesizedCallFix {
  return {
    kind: 'synthesized-call',
    messageIndex: place.messageIndex,
    partIndex: place.partIndex,
    callId: call.callId,
    fromIndex: from.fromIndex,
    fromPartIndex: from.fromPartIndex,
    name: call.name,
    arguments: call.arguments,
    placement,
    guessed,
    message: `The result at messages[${from.fromIndex}${synthesizedTail(call.name, placement)}`,
  };
}

/**
 * The fix for the placeholder `result` of `call` (position `callPosition` of its turn, in the
 * message at `callMessageIndex`), put at `place`.
 */
export function placeholderFix(
  place: FixPlace,
  call: Pick<ToolCallPart, 'callId' | 'name'>,
  result: Pick<ToolResult, 'content'>,
  cause: MissingResultCause,
  callPosition: number,
  callMessageIndex: number,
): InsertedPlaceholderFix {
  return {
    kind: 'inserted-placeholder',
    messageIndex: place.messageIndex,
    partIndex: place.partIndex,
    callId: call.callId,
    cause,
    callMessageIndex,
    content: result.content,
    message: `Call "${call.callId}${placeholderTail(call.name, callPosition, cause)}`,
  };
}

/**
 * `text` as one flat string: a template literal is built as a tree of string pieces, one object
 * per join, until a read flattens it.
 */
function flat(text: string): string {
  return text.charCodeAt(0) >= 0 ? text : text;
}

/*
 * The end of each message, from the first piece that varies little (a tool name, a position, a
 * cause) on, is made once per value, flat, and shared: a dense history makes thousands of fixes
 * with the same few endings, and each message is then two joins (a small tree of three pieces the
 * collector copies cheaply) instead of a join per piece flattened into a copy. Tool names come
 * from the history: past TAILS_KEPT of them, the kept endings start over.
 */
const TAILS_KEPT = 256;
const synthesizedTails = {
  'new-turn': new Map<string, string>(),
  'existing-turn': new Map<string, string>(),
};
const placeholderTails = {
  'end-of-history': new Map<string, string[]>(),
  'partial-turn': new Map<string, string[]>(),
  'not-recorded': new Map<string, string[]>(),
};

/** `] answered no call; … before it.`: the part of a synthesized call's message after its index. */
function synthesizedTail(name: string, placement: SynthesizedCallFix['placement']): string {
  const tails = synthesizedTails[placement];
  let tail = tails.get(name);
  if (tail === undefined) {
    if (tails.size === TAILS_KEPT) tails.clear();
    tail = flat(
      `] answered no call; a call of "${name}" was ${placement === 'new-turn' ? 'added in a new assistant turn' : 'added to the assistant message'} before it.`,
    );
    tails.set(name, tail);
  }
  return tail;
}

/** `" (name, position …) had no result; … (cause).`: the part of a placeholder's message after its call id. */
function placeholderTail(name: string, position: number, cause: MissingResultCause): string {
  const byName = placeholderTails[cause];
  let tails = byName.get(name);
  if (tails === undefined) {
    if (byName.size === TAILS_KEPT) byName.clear();
    tails = [];
    byName.set(name, tails);
  }
  let tail = tails[position];
  if (tail === undefined) {
    tail = flat(
      `" (${name}, position ${String(position)} of its turn) had no result; a placeholder marked as an error was added (${cause}).`,
    );
    if (position < TAILS_KEPT) tails[position] = tail;
  }
  return tail;
}
