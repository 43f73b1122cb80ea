import type { ToolCallPart, ToolResult } from '../../core/history.js';
import type {
  InsertedPlaceholderFix,
  MissingResultCause,
  SynthesizedCallFix,
} from '../history-fix.js';

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

/** The message of a call synthesized for an orphan result. */
function synthesizedMessage(name: string, placement: SynthesizedCallFix['placement']): string {
  const where =
    placement === 'new-turn' ? 'added in a new assistant turn' : 'added to the assistant message';
  return `The result with this call id answered no call; a call of "${name}" was ${where} before it.`;
}

/** The message of the placeholder for the call at `position` of its turn. */
function placeholderMessage(name: string, position: number, cause: MissingResultCause): string {
  return `The call (tool "${name}", position ${String(position)} of its turn) had no result; a placeholder marked as an error was added (${cause}).`;
}
