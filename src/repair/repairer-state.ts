import type { HistoryMessage, ToolCallPart, ToolHistory, ToolResult } from '../core/history.js';
import { CallIdRewriter, idsOf } from './fixes/call-id-rewriter.js';
import { placeholderFix, synthesizedCallFix } from './fixes/call-fixes.js';
import { placeholderResult } from './fixes/placeholder-result.js';
import {
  resolveResults,
  resultAt,
  type Place,
  type ResolvedResults,
} from './fixes/resolve-results.js';
import { synthesizeCall } from './fixes/synthesize-call.js';
import type { MissingResultCause } from './history-fix.js';
import { followsUser, HistoryWriter, type PendingOrphan } from './history-writer.js';
import type { ProviderProfile } from './provider-profile.js';
import type { ResolvedPolicy } from './repair-policy.js';

/** How a part of a long history is repaired on its own (see {@link RepairerState}). */
export interface RepairPart {
  readonly ids: CallIdRewriter;
  readonly endsHistory: boolean;
  readonly afterUser: boolean;
}

/**
 * The state of one repair and the writes that answer results: kept answers, placeholders, calls
 * synthesized for orphans, dropped duplicates. {@link HistoryRepairer} walks the history with it.
 */
export class RepairerState extends HistoryWriter {
  protected readonly history: ToolHistory;
  protected readonly resolved: ResolvedResults;
  protected readonly ids: CallIdRewriter;
  /** Per input message with calls: the id each call got. */
  protected readonly newIds: (readonly string[] | undefined)[] = [];
  /** Per input message with calls: the calls as they went out. */
  protected readonly outCalls: (readonly ToolCallPart[] | undefined)[] = [];
  /** `messageIndex:position` of a call → where its result went out. */
  protected readonly keptAt: Map<string, Place> = new Map<string, Place>();
  protected readonly dropped: Place[] = [];
  /** The latest call with each (original) id, for the name and arguments of synthesized calls. */
  protected readonly latestCall: Map<string, ToolCallPart> = new Map<string, ToolCallPart>();
  protected pending: PendingOrphan[] = [];

  /** False when `history` is a stretch that more messages follow. */
  protected readonly endsHistory: boolean;
  /** True when `history` is a stretch after a user message or results. */
  protected readonly afterUser: boolean;

  /**
   * `part` is for repairing a stretch of a longer history: `ids` decides call ids (share one
   * between the stretches of a history), `endsHistory` says whether the stretch is its end, and
   * `afterUser` whether a user message or results come right before it.
   */
  constructor(
    history: ToolHistory,
    profile: ProviderProfile,
    policy: ResolvedPolicy,
    part?: RepairPart,
  ) {
    super(profile, policy);
    this.history = history;
    this.endsHistory = part?.endsHistory ?? true;
    this.afterUser = part?.afterUser ?? false;
    this.resolved = resolveResults(history, profile.scope, policy.duplicateResults);
    this.ids = part?.ids ?? new CallIdRewriter(profile, () => idsOf(history), policy.generateId);
  }

  /** The kept result at `place` as it goes out: with its call's new id and, where needed, its call's name. */
  protected answer(place: Place, call: Place, outIndex: number, position: number): ToolResult {
    const result = resultAt(this.history, place);
    const outCall = this.outCalls[call.messageIndex]?.[call.position];
    if (this.resolved.duplicates)
      this.keptAt.set(`${call.messageIndex}:${call.position}`, {
        messageIndex: outIndex,
        position,
      });
    if (result === undefined || outCall === undefined)
      throw new Error(`No result at ${place.messageIndex}:${place.position}`);
    let answer = result.callId === outCall.callId ? result : { ...result, callId: outCall.callId };
    if (this.profile.resultNamesMatchCalls && answer.name !== outCall.name) {
      this.fix({
        kind: 'renamed-result',
        messageIndex: outIndex,
        partIndex: position,
        callId: outCall.callId,
        from: answer.name,
        to: outCall.name,
        message: `${this.profile.name} pairs results with calls by name; the result named "${answer.name}" answers a call of "${outCall.name}" and was renamed.`,
      });
      answer = { ...answer, name: outCall.name };
    }
    return answer;
  }

  protected placeholder(
    call: ToolCallPart,
    callIndex: number,
    cause: MissingResultCause,
    callPosition: number,
    outIndex: number,
    position: number,
  ): ToolResult {
    const result = placeholderResult(call, cause, this.policy);
    this.fix(placeholderFix(outIndex, position, call, result, cause, callPosition, callIndex));
    return result;
  }

  /** Gives orphans their calls: added to the assistant text message right before them, else in a new turn. */
  protected synthesize(orphans: readonly PendingOrphan[]): void {
    const { out, profile } = this;
    let placement: 'new-turn' | 'existing-turn' = 'new-turn';
    const last = out.at(-1);
    // Repair adds a message rather than edit an earlier one, which would change the bytes of a
    // prefix providers cache. Only where two model turns in a row are refused (Gemini, Mistral's
    // templates) do the calls join the model text right before them.
    if (
      profile.alternatingRoles &&
      last?.role === 'assistant' &&
      !last.parts.some((part) => part.type === 'tool-call') &&
      (!profile.callTurnAfterUser || followsUser(out, out.length - 1, this.afterUser))
    ) {
      placement = 'existing-turn';
    } else if (profile.callTurnAfterUser && !followsUser(out, out.length, this.afterUser)) {
      this.userBridge(orphans[0]?.result.callId ?? '');
    }
    const previous = out.at(-1);
    const turnIndex = placement === 'new-turn' ? out.length : out.length - 1;
    const offset =
      placement === 'existing-turn' && previous?.role === 'assistant' ? previous.parts.length : 0;
    const resultsIndex = turnIndex + 1;
    this.ids.startTurn();
    const calls: ToolCallPart[] = [];
    const results: ToolResult[] = [];
    for (const { result, place } of orphans) {
      const decision = this.ids.decide(result.callId);
      const { call, guessed } = synthesizeCall(
        result,
        decision.id,
        this.latestCall.get(result.callId),
      );
      const partIndex = offset + calls.length;
      if (decision.cause !== undefined) {
        this.fix({
          kind: 'rewrote-call-id',
          messageIndex: turnIndex,
          partIndex,
          callId: decision.id,
          from: result.callId,
          to: decision.id,
          cause: decision.cause,
          message: `Call id "${result.callId}" ${idProblem(decision.cause, profile)}; it became "${decision.id}" in the synthesized call and its result.`,
        });
      }
      this.fix(
        synthesizedCallFix(
          turnIndex,
          partIndex,
          call,
          guessed,
          place.messageIndex,
          place.position,
          placement,
        ),
      );
      let answer = decision.id === result.callId ? result : { ...result, callId: decision.id };
      if (profile.resultNamesMatchCalls && answer.name !== call.name) {
        this.fix({
          kind: 'renamed-result',
          messageIndex: resultsIndex,
          partIndex: results.length,
          callId: decision.id,
          from: answer.name,
          to: call.name,
          message: `${profile.name} pairs results with calls by name; the result was renamed to its synthesized call's "${call.name}".`,
        });
        answer = { ...answer, name: call.name };
      }
      calls.push(call);
      results.push(answer);
    }
    if (placement === 'existing-turn' && previous?.role === 'assistant')
      out[turnIndex] = { ...previous, parts: [...previous.parts, ...calls] };
    else out.push({ role: 'assistant', parts: calls });
    out.push(this.sameResults(orphans, results) ?? { role: 'tool', results });
  }

  /** The input message the orphans came from, when they are all of it, unchanged: it is kept as it is. */
  protected sameResults(
    orphans: readonly PendingOrphan[],
    results: readonly ToolResult[],
  ): HistoryMessage | undefined {
    const source = this.history[orphans[0]?.place.messageIndex ?? -1];
    if (source?.role !== 'tool' || source.results.length !== results.length) return undefined;
    for (let index = 0; index < results.length; index++)
      if (source.results[index] !== results[index]) return undefined;
    return source;
  }

  protected reportDropped(): void {
    for (const place of this.dropped) {
      const fate = this.resolved.fates[place.messageIndex]?.[place.position];
      const result = resultAt(this.history, place);
      if (fate?.kind !== 'dropped' || result === undefined) continue;
      const kept = this.keptAt.get(`${fate.call.messageIndex}:${fate.call.position}`);
      const callId = this.newIds[fate.call.messageIndex]?.[fate.call.position] ?? result.callId;
      this.fix({
        kind: 'dropped-duplicate-result',
        messageIndex: kept?.messageIndex ?? 0,
        partIndex: kept?.position,
        callId,
        fromIndex: place.messageIndex,
        fromPartIndex: place.position,
        result,
        message: `The result at messages[${place.messageIndex}] answered call "${result.callId}" a second time; it was dropped and is kept in this fix.`,
      });
    }
  }
}

/** Why a call id had to change, in words, for fix messages. */
export function idProblem(
  cause: 'empty' | 'invalid' | 'duplicate',
  profile: ProviderProfile,
): string {
  switch (cause) {
    case 'empty':
      return 'was empty';
    case 'invalid':
      return `is not ${profile.callIds.description}, as ${profile.name} requires`;
    case 'duplicate':
      return profile.uniqueCallIds === 'turn'
        ? 'repeats an id of the same turn'
        : `repeats an earlier call's id, and ${profile.name} needs unique ids`;
  }
}
