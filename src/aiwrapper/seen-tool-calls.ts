import type { LangMessage, LangMessages } from 'aiwrapper';
import type { ToolCall } from '../core/tool-call.js';

/**
 * Calls this package has seen per collection, through the helpers or in `chat()` responses, so a
 * synthesized call turn can carry the real arguments even after the user trimmed the original
 * turn away. Ids repeat across turns in practice, so a later call with the same id replaces an
 * earlier one.
 */
const seen = new WeakMap<LangMessages, Map<string, ToolCall>>();

/** Records calls as seen in `messages`. */
export function rememberToolCalls(messages: LangMessages, calls: readonly ToolCall[]): void {
  let known = seen.get(messages);
  if (!known) {
    known = new Map();
    seen.set(messages, known);
  }
  for (const call of calls) known.set(call.callId, call);
}

/**
 * Records the calls of the assistant turns from `messages[from]` on: what a `chat()` response
 * added, so a request costs the package only the messages it added, not a walk of the history.
 */
export function rememberAddedCalls(messages: LangMessages, from: number): void {
  for (let index = Math.max(0, from); index < messages.length; index++) {
    const message = messages[index];
    if (message?.role !== 'assistant') continue;
    const calls: ToolCall[] = [];
    for (const item of message.items)
      if (item.type === 'tool')
        calls.push({ callId: item.callId, name: item.name, arguments: item.arguments });
    if (calls.length > 0) rememberToolCalls(messages, calls);
  }
}

/** The call seen in `messages` with this id and name, if any. */
export function seenToolCall(
  messages: LangMessages,
  callId: string,
  name: string,
): ToolCall | undefined {
  const call = seen.get(messages)?.get(callId);
  return call?.name === name ? call : undefined;
}

/**
 * The ids the user gave the calls of a turn the helpers wrote, where they replaced some (a
 * missing or repeated id), so results the user keys by the ids they hold still find their call.
 */
const givenIds = new WeakMap<LangMessage, readonly (string | undefined)[]>();

/** Records the given ids of a turn's calls. */
export function rememberGivenIds(turn: LangMessage, ids: readonly (string | undefined)[]): void {
  givenIds.set(turn, ids);
}

/** The given ids of a turn's calls, if the helpers wrote it. */
export function givenIdsOf(turn: LangMessage): readonly (string | undefined)[] | undefined {
  return givenIds.get(turn);
}
