import type { ToolCallPart, ToolResult } from '../../core/history.js';
import type {
  InsertedPlaceholderFix,
  MissingResultCause,
  SynthesizedCallFix,
} from '../history-fix.js';

/*
 * The builders take places as numbers, not as objects: a repair where every turn is broken builds
 * a fix per call, and an object per place would be garbage made as often.
 */

/**
 * The fix for a call synthesized for an orphan result: at message `messageIndex`, part
 * `partIndex` (the call in its turn), the result having been at `fromIndex`/`fromPartIndex`.
 */
export function synthesizedCallFix(
  messageIndex: number,
  partIndex: number | undefined,
  call: ToolCallPart,
  guessed: SynthesizedCallFix['guessed'],
  fromIndex: number,
  fromPartIndex: number,
  placement: SynthesizedCallFix['placement'],
): SynthesizedCallFix {
  return {
    kind: 'synthesized-call',
    messageIndex,
    partIndex,
    callId: call.callId,
    fromIndex,
    fromPartIndex,
    name: call.name,
    arguments: call.arguments,
    placement,
    guessed,
    message: synthesizedMessage(call.name, placement),
  };
}

/**
 * The fix for the placeholder `result` of `call` (position `callPosition` of its turn, in the
 * message at `callMessageIndex`), put at message `messageIndex`, part `partIndex`.
 */
export function placeholderFix(
  messageIndex: number,
  partIndex: number | undefined,
  call: Pick<ToolCallPart, 'callId' | 'name'>,
  result: Pick<ToolResult, 'content'>,
  cause: MissingResultCause,
  callPosition: number,
  callMessageIndex: number,
): InsertedPlaceholderFix {
  return {
    kind: 'inserted-placeholder',
    messageIndex,
    partIndex,
    callId: call.callId,
    cause,
    callMessageIndex,
    content: result.content,
    message: placeholderMessage(call.name, callPosition, cause),
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
 * A message names neither the call id nor an index (the fix has them in its own fields, and
 * the CLI prints them before the message), only what varies little: a tool name, a position, a
 * cause. Each is made once per value, flat, and shared: a history where every turn is broken makes
 * a fix per call, and a string per fix would be as much to allocate (and for the collector to
 * copy) as the fix itself. Tool names come from the history: past TEXTS_KEPT of them, the kept
 * messages start over.
 */
const TEXTS_KEPT = 256;
const synthesizedMessages = {
  'new-turn': new Map<string, string>(),
  'existing-turn': new Map<string, string>(),
};
const placeholderMessages = {
  'end-of-history': new Map<string, string[]>(),
  'partial-turn': new Map<string, string[]>(),
  'not-recorded': new Map<string, string[]>(),
};

/** The message of a call synthesized for an orphan result. */
function synthesizedMessage(name: string, placement: SynthesizedCallFix['placement']): string {
  const texts = synthesizedMessages[placement];
  let text = texts.get(name);
  if (text === undefined) {
    if (texts.size === TEXTS_KEPT) texts.clear();
    text = flat(
      `The result with this call id answered no call; a call of "${name}" was ${placement === 'new-turn' ? 'added in a new assistant turn' : 'added to the assistant message'} before it.`,
    );
    texts.set(name, text);
  }
  return text;
}

/** The message of the placeholder for the call at `position` of its turn. */
function placeholderMessage(name: string, position: number, cause: MissingResultCause): string {
  const byName = placeholderMessages[cause];
  let texts = byName.get(name);
  if (texts === undefined) {
    if (byName.size === TEXTS_KEPT) byName.clear();
    texts = [];
    byName.set(name, texts);
  }
  let text = texts[position];
  if (text === undefined) {
    text = flat(
      `The call (tool "${name}", position ${String(position)} of its turn) had no result; a placeholder marked as an error was added (${cause}).`,
    );
    if (position < TEXTS_KEPT) texts[position] = text;
  }
  return text;
}
