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
    message: flat(
      `The result at messages[${from.fromIndex}] answered no call; a call of "${call.name}" was ${placement === 'new-turn' ? 'added in a new assistant turn' : 'added to the assistant message'} before it.`,
    ),
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
    message: flat(
      `Call "${call.callId}" (${call.name}, position ${callPosition} of its turn) had no result; a placeholder marked as an error was added (${cause}).`,
    ),
  };
}

/**
 * `text` as one flat string. A template literal is built as a tree of string pieces, one object
 * per join; reading a character makes the engine flatten it, so a fix kept in a long repair's
 * output holds one string instead of a tree the collector copies piece by piece.
 */
function flat(text: string): string {
  return text.charCodeAt(0) >= 0 ? text : text;
}
