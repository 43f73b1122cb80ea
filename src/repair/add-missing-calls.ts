import type { CallIdGenerator } from '../core/call-id.js';
import type {
  HistoryMessage,
  JsonValue,
  ToolCallPart,
  ToolHistory,
  ToolResultsMessage,
  ToolResult,
} from '../core/history.js';
import { pairToolTurns, toTurnEntries, type PairingScope } from '../core/pair-tool-turns.js';
import { CallIdRewriter, idsOf } from './fixes/call-id-rewriter.js';
import type { HistoryFix, RepairResult } from './history-fix.js';
import type { ProviderProfile } from '../core/format.js';

/** The tool name a synthesized call gets when neither its result nor any known call names the tool. */
export const UNKNOWN_TOOL_NAME = 'unknown_tool';

/** A call seen elsewhere (e.g. in a part of the conversation trimmed away), for names and arguments. */
export interface KnownCall {
  readonly callId: string;
  readonly name: string;
  readonly arguments: JsonValue;
}

/** Finds a call seen elsewhere by id and name. */
export type CallLookup = (
  callId: string,
  name: string,
) => { readonly name: string; readonly arguments: unknown } | undefined;

/** Options of {@link addMissingCalls}. */
export interface AddMissingCallsOptions {
  readonly profile: ProviderProfile;
  readonly scope: PairingScope;
  /** Calls known from elsewhere, by id (the latest of each id). */
  readonly known?: ReadonlyMap<string, KnownCall> | undefined;
  /** Finds a call by id and name elsewhere (the aiwrapper helpers' memory), before `knownCalls`. */
  readonly lookupCall?: CallLookup | undefined;
  readonly generateId?: CallIdGenerator | undefined;
  /** Results read from wire messages at or before this index are left alone. @defaultValue -1 */
  readonly leaveThrough?: number | undefined;
  /** `providerData` for synthesized assistant turns (aiwrapper marks them in `meta`). */
  readonly markTurn?: HistoryMessage['providerData'];
}

/**
 * The `add-missing-calls` preset: after each run of results holding orphans, inserts a call turn
 * for them followed by the orphans, and changes nothing else (an orphan's bad id is rewritten).
 */
export function addMissingCalls(
  history: ToolHistory,
  options: AddMissingCallsOptions,
): RepairResult {
  const pairing = pairToolTurns(toTurnEntries(history), { scope: options.scope });
  const orphanAt = new Map<number, Set<number>>();
  for (const result of pairing.results) {
    if (result.call !== undefined) continue;
    const set = orphanAt.get(result.entryIndex);
    if (set) set.add(result.position);
    else orphanAt.set(result.entryIndex, new Set([result.position]));
  }
  const out: HistoryMessage[] = [];
  const fixes: HistoryFix[] = [];
  if (orphanAt.size === 0) return { history: history.slice(), fixes };
  const ids = new CallIdRewriter(options.profile, () => idsOf(history), options.generateId);
  const latest = new Map<string, ToolCallPart>();
  const leaveThrough = options.leaveThrough ?? -1;
  for (let index = 0; index < history.length; index++) {
    const message = history[index];
    if (message === undefined) continue;
    if (message.role === 'assistant')
      for (const part of message.parts)
        if (part.type === 'tool-call') latest.set(part.callId, part);
    if (message.role !== 'tool') {
      out.push(message);
      continue;
    }
    // The new turn and the orphans follow the whole run: answered results stay by their calls.
    let end = index + 1;
    while (history[end]?.role === 'tool') end++;
    const orphaned: OrphanedResults[] = [];
    for (let at = index; at < end; at++) {
      const current = history[at] as ToolResultsMessage;
      const orphans = orphanAt.get(at);
      if (orphans === undefined || covered(current.results, leaveThrough)) {
        out.push(current);
        continue;
      }
      const paired = current.results.filter((_, position) => !orphans.has(position));
      if (paired.length > 0) out.push({ ...current, results: paired });
      orphaned.push({ message: current, index: at, orphans });
    }
    if (orphaned.length > 0) addTurn(orphaned, out, fixes, { ids, latest, options });
    index = end - 1;
  }
  // In message order; within a message, in the order made.
  return { history: out, fixes: fixes.sort((a, b) => a.messageIndex - b.messageIndex) };
}

/** A results message with results no call answers: its index and their positions. */
interface OrphanedResults {
  readonly message: ToolResultsMessage;
  readonly index: number;
  readonly orphans: ReadonlySet<number>;
}

interface TurnContext {
  readonly ids: CallIdRewriter;
  readonly latest: ReadonlyMap<string, ToolCallPart>;
  readonly options: AddMissingCallsOptions;
}

/** Adds the assistant turn with the orphans' calls, then each message's orphans. */
function addTurn(
  orphaned: readonly OrphanedResults[],
  out: HistoryMessage[],
  fixes: HistoryFix[],
  { ids, latest, options }: TurnContext,
): void {
  const turnIndex = out.length;
  const calls: ToolCallPart[] = [];
  const seen = new Set<string>();
  const answered: HistoryMessage[] = [];
  for (const { message, index, orphans } of orphaned) {
    const messageIndex = turnIndex + 1 + answered.length;
    const answers: ToolResult[] = [];
    message.results.forEach((result, position) => {
      if (!orphans.has(position)) return;
      let callId = result.callId;
      if (callId === '' || seen.has(callId)) {
        const cause = callId === '' ? 'empty' : 'duplicate';
        callId = ids.fresh(callId, cause);
        fixes.push({
          kind: 'rewrote-call-id',
          messageIndex,
          partIndex: answers.length,
          callId,
          from: result.callId,
          to: callId,
          cause,
          message: `An orphan result ${cause === 'empty' ? 'had no call id' : `repeated call id "${result.callId}" of its message`}; it became "${callId}" in the result and its synthesized call.`,
        });
      }
      seen.add(callId);
      const { call, guessed } = synthesized(result, callId, latest, options);
      fixes.push({
        kind: 'synthesized-call',
        messageIndex: turnIndex,
        partIndex: calls.length,
        callId,
        fromIndex: index,
        fromPartIndex: position,
        name: call.name,
        arguments: call.arguments,
        placement: 'new-turn',
        guessed,
        message: `The result at messages[${index}] answered no call; a call of "${call.name}" was added in a new assistant turn before it.`,
      });
      calls.push(call);
      answers.push(callId === result.callId ? result : { ...result, callId });
    });
    const unchanged =
      answers.length === message.results.length &&
      answers.every((answer, at) => answer === message.results[at]);
    answered.push(unchanged ? message : { ...message, results: answers });
  }
  out.push(
    options.markTurn === undefined
      ? { role: 'assistant', parts: calls }
      : { role: 'assistant', parts: calls, providerData: options.markTurn },
  );
  for (const message of answered) out.push(message);
}

function covered(results: readonly ToolResult[], leaveThrough: number): boolean {
  if (leaveThrough < 0) return false;
  const last = results.at(-1)?.sourceIndex;
  return last !== undefined && last <= leaveThrough;
}

/** The call synthesized for `result`: named after it, else after a known call; arguments from a known call of that name. */
function synthesized(
  result: ToolResult,
  callId: string,
  latest: ReadonlyMap<string, ToolCallPart>,
  options: AddMissingCallsOptions,
): { call: ToolCallPart; guessed: { name: boolean; arguments: boolean } } {
  const known: { readonly name: string; readonly arguments: unknown } | undefined =
    result.callId === ''
      ? undefined
      : (options.lookupCall?.(result.callId, result.name) ??
        latest.get(result.callId) ??
        options.known?.get(result.callId));
  const name = result.name !== '' ? result.name : known?.name;
  const args =
    known !== undefined && (name === undefined || known.name === name)
      ? argumentsOf(known.arguments)
      : undefined;
  return {
    call: {
      type: 'tool-call',
      callId,
      name: name ?? UNKNOWN_TOOL_NAME,
      arguments: args ?? {},
    },
    guessed: { name: name === undefined, arguments: args === undefined },
  };
}

function argumentsOf(value: unknown): Readonly<Record<string, unknown>> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Readonly<Record<string, unknown>>)
    : undefined;
}
