import {
  LangMessage,
  type LangMessageItemTool,
  type LangMessageItemToolResult,
  type LangMessages,
} from 'aiwrapper';
import { uniqueCallIds, type CallIdGenerator } from '../core/call-id.js';
import {
  findOrphanRuns,
  pairToolTurns,
  type PairingScope,
  type ResultPairing,
  type TurnEntry,
} from '../core/pair-tool-turns.js';
import { ToolHistoryError } from '../errors/tool-history-error.js';
import { seenToolCall } from './seen-tool-calls.js';

/** The `meta` key that marks an assistant turn this package synthesized. */
export const SYNTHESIZED_META_KEY = 'synthesizedToolCalls';

/** Options of {@link synthesizeMissingToolCalls}. */
export interface SynthesizeOptions {
  /**
   * Where results find their calls: `turn` for Chat Completions, Anthropic and Gemini;
   * `conversation` for the Responses API.
   * @defaultValue 'turn'
   */
  readonly scope?: PairingScope | undefined;
  /**
   * Results at or before this message index are left alone (they are covered by a Responses
   * `previous_response_id` and not sent).
   * @defaultValue -1
   */
  readonly coveredThrough?: number | undefined;
  readonly generateId?: CallIdGenerator | undefined;
}

/** One synthesized assistant turn. */
export interface SynthesizedTurn {
  /** Index of the synthesized assistant message after the pass. */
  readonly messageIndex: number;
  readonly calls: readonly LangMessageItemTool[];
}

function entryOf(message: LangMessage): TurnEntry {
  if (message.role === 'tool-results')
    return { kind: 'results', callIds: message.toolResults.map((item) => item.callId) };
  if (message.role === 'assistant') {
    const callIds = message.toolRequests.map((item) => item.callId);
    if (callIds.length > 0) return { kind: 'calls', callIds };
  }
  return { kind: 'other' };
}

/**
 * Inserts, directly before each run of tool results that no call turn answers, an assistant turn
 * holding those calls, and returns what it inserted. The call's name comes from the result; its
 * arguments from the call as this package saw it (through the helpers or earlier responses of the
 * same collection, else an earlier turn with the same id), or `{}`. Synthesized messages carry
 * `meta.synthesizedToolCalls = true`. Changes `messages` in place.
 */
export function synthesizeMissingToolCalls(
  messages: LangMessages,
  options: SynthesizeOptions = {},
): SynthesizedTurn[] {
  const entries = Array.from(messages, entryOf);
  const runs = findOrphanRuns(entries, pairToolTurns(entries, { scope: options.scope }));
  const coveredThrough = options.coveredThrough ?? -1;
  const taken = new Set<string>();
  for (const entry of entries)
    if (entry.kind !== 'other') for (const id of entry.callIds) taken.add(id);
  const nextId = uniqueCallIds(taken, options.generateId);
  const inserted: SynthesizedTurn[] = [];
  let shift = 0;
  for (const run of runs) {
    if (run.lastEntry <= coveredThrough) continue;
    const first = run.firstEntry + shift;
    const count = run.lastEntry - run.firstEntry + 1;
    const itemAt = (pairing: ResultPairing): LangMessageItemToolResult => {
      const item = messages[pairing.entryIndex + shift]?.toolResults[pairing.position];
      if (!item)
        throw new ToolHistoryError(
          'unreachable',
          `No tool result at messages[${pairing.entryIndex + shift}]`,
        );
      return item;
    };
    const paired = run.paired.map(itemAt);
    const seenIds = new Set<string>();
    const orphans = run.orphans.map((orphan) => {
      const original = itemAt(orphan);
      // An orphan without an id, or repeating one within the run, gets a fresh id for call and result alike.
      const callId =
        original.callId === '' || seenIds.has(original.callId) ? nextId() : original.callId;
      seenIds.add(callId);
      const item = callId === original.callId ? original : { ...original, callId };
      return {
        original,
        item,
        call: synthesizedCall(messages, original, callId, orphan.entryIndex + shift),
      };
    });
    const calls = orphans.map((orphan) => orphan.call);
    const turn = new LangMessage('assistant', calls, { [SYNTHESIZED_META_KEY]: true });
    const rewritten =
      paired.length > 0 || orphans.some((orphan) => orphan.item !== orphan.original);
    const replacement = rewritten
      ? [
          ...(paired.length > 0
            ? [new LangMessage('tool-results', paired, messages[first]?.meta)]
            : []),
          turn,
          new LangMessage(
            'tool-results',
            orphans.map((orphan) => orphan.item),
          ),
        ]
      : [turn, ...messages.slice(first, first + count)];
    messages.splice(first, count, ...replacement);
    inserted.push({ messageIndex: first + replacement.indexOf(turn), calls });
    shift += replacement.length - count;
  }
  return inserted;
}

function synthesizedCall(
  messages: LangMessages,
  result: LangMessageItemToolResult,
  callId: string,
  before: number,
): LangMessageItemTool {
  const known =
    seenToolCall(messages, result.callId, result.name) ?? earlierCall(messages, result, before);
  return { type: 'tool', callId, name: result.name, arguments: { ...(known?.arguments ?? {}) } };
}

function earlierCall(
  messages: LangMessages,
  result: LangMessageItemToolResult,
  before: number,
): LangMessageItemTool | undefined {
  for (let index = before - 1; index >= 0; index--) {
    const call = messages[index]?.toolRequests.find(
      (item) => item.callId === result.callId && item.name === result.name,
    );
    if (call) return call;
  }
  return undefined;
}
