import type {
  AssistantMessage,
  HistoryMessage,
  JsonValue,
  TextPart,
  ToolCallPart,
  ToolHistory,
  ToolResult,
  UserMessage,
} from '../core/history.js';
import { CallIdRewriter, idsOf, type CallIdDecision } from './fixes/call-id-rewriter.js';
import {
  resolveResults,
  resultAt,
  type Place,
  type ResolvedResults,
} from './fixes/resolve-results.js';
import {
  moveTextBeforeCalls,
  resultToText,
  synthesizeCall,
  type SynthesisSource,
} from './fixes/rebuild-parts.js';
import type { HistoryFix, MissingResultCause, RepairResult } from './history-fix.js';
import type { ProviderProfile } from '../core/format.js';
import type { ResolvedPolicy } from './repair-policy.js';

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

/**
 * The `add-missing-calls` preset: only orphan results get calls, in a new turn after their run of
 * results, each orphan staying in its own results message; nothing else changes.
 */
export interface AddCallsOnly {
  /** Tried before the calls of the history, then `known`. */
  readonly lookupCall?: CallLookup | undefined;
  readonly known?: ReadonlyMap<string, KnownCall> | undefined;
  /** Results of wire messages at or before this index stay as they are. @defaultValue -1 */
  readonly leaveThrough?: number | undefined;
  /** `providerData` of the call turns made. */
  readonly markTurn?: HistoryMessage['providerData'];
}

/** How a stretch of a longer history is repaired on its own. */
export interface RepairPart {
  /** Decides call ids; shared between the stretches of a history. */
  readonly ids: CallIdRewriter;
  /** False when more messages follow the stretch. */
  readonly endsHistory: boolean;
  /** True when a user message or results come right before the stretch. */
  readonly afterUser: boolean;
}

/** An orphan result waiting for the end of its run of results. */
interface PendingOrphan {
  readonly result: ToolResult;
  readonly place: Place;
}

/** A text part waiting for the user message it will open. */
interface PendingText {
  readonly part: TextPart;
  readonly orphan: PendingOrphan;
}

/**
 * One repair: reads the input once, front to back, and builds the output array once, reusing
 * every message that needs no change.
 */
export class HistoryRepairer {
  private readonly out: HistoryMessage[] = [];
  private readonly fixes: HistoryFix[] = [];
  private readonly resolved: ResolvedResults;
  private readonly ids: CallIdRewriter;
  /** Per input message with calls: the calls as they went out. */
  private readonly outCalls: (readonly ToolCallPart[] | undefined)[] = [];
  /** `messageIndex:position` of a call → where its result went out. */
  private readonly keptAt = new Map<string, Place>();
  private readonly dropped: Place[] = [];
  /** The latest call with each (original) id, for the name and arguments of synthesized calls. */
  private readonly latestCall = new Map<string, ToolCallPart>();
  private pending: PendingOrphan[] = [];
  /** Texts of orphans waiting for the user message they will open. */
  private prefix: PendingText[] = [];
  private readonly endsHistory: boolean;
  private readonly afterUser: boolean;

  constructor(
    private readonly history: ToolHistory,
    private readonly profile: ProviderProfile,
    private readonly policy: ResolvedPolicy,
    part?: RepairPart,
    private readonly only?: AddCallsOnly | undefined,
    /** Ids the reader made up for calls whose id repeats in their turn, to the id as sent. */
    private readonly sent?: ReadonlyMap<string, string> | undefined,
  ) {
    this.endsHistory = part?.endsHistory ?? true;
    this.afterUser = part?.afterUser ?? false;
    const keep = only ? undefined : policy.duplicateResults;
    this.resolved = resolveResults(history, profile.scope, keep);
    this.ids = part?.ids ?? new CallIdRewriter(profile, () => idsOf(history), policy.generateId);
  }

  run(): RepairResult {
    const { history } = this;
    for (let index = 0; index < history.length; index++) {
      const message = history[index];
      if (message === undefined) continue;
      if (message.role === 'tool') {
        this.results(message.results, index);
        continue;
      }
      this.flush(message);
      if (this.only) {
        if (message.role === 'assistant')
          for (const part of message.parts)
            if (part.type === 'tool-call') this.latestCall.set(part.callId, part);
        this.out.push(message);
      } else if (message.role === 'user') this.pushUser(message);
      else if (
        message.role === 'assistant' &&
        message.parts.some((part) => part.type === 'tool-call')
      )
        index = this.callTurn(message, index);
      else this.out.push(message);
    }
    this.flush(undefined);
    this.reportDropped();
    return { history: this.out, fixes: this.sortedFixes() };
  }

  /** Writes a call turn and, in turn scope, its results; returns the last input index it used. */
  private callTurn(message: AssistantMessage, index: number): number {
    const { history, profile } = this;
    // Fixes of this turn point at where it will be, after a bridge the profile may need.
    const bridged =
      profile.callTurnAfterUser && !followsUser(this.out, this.out.length, this.afterUser);
    const turnIndex = this.out.length + (bridged ? 1 : 0);
    this.ids.startTurn();
    const moved = profile.textBeforeCalls ? moveTextBeforeCalls(message.parts) : undefined;
    const source = moved ? moved.parts : message.parts;
    let parts: (typeof source)[number][] | undefined = moved ? [...moved.parts] : undefined;
    const calls: ToolCallPart[] = [];
    for (let partIndex = 0; partIndex < source.length; partIndex++) {
      const part = source[partIndex];
      if (part?.type !== 'tool-call') continue;
      this.latestCall.set(part.callId, part);
      const sent = this.sent?.get(part.callId) ?? part.callId;
      const decision = this.ids.decide(sent);
      if (decision.cause === undefined) {
        calls.push(part);
        continue;
      }
      const call = { ...part, callId: decision.id };
      parts ??= [...source];
      parts[partIndex] = call;
      calls.push(call);
      this.rewroteId(turnIndex, partIndex, sent, decision, 'call');
    }
    for (const move of moved?.moves ?? []) {
      this.fixes.push({
        kind: 'moved-text',
        messageIndex: turnIndex,
        partIndex: move.to,
        fromPartIndex: move.from,
        callId: calls[0]?.callId ?? '',
        message: `${profile.name} refuses text after the tool calls of a turn; the text part moved from position ${move.from} to ${move.to}, before the calls.`,
      });
    }
    this.outCalls[index] = calls;
    if (bridged) this.userBridge(calls[0]?.callId ?? '');
    const outIndex = this.out.length;
    this.out.push(parts ? { ...message, parts } : message);

    let runEnd = index + 1;
    while (history[runEnd]?.role === 'tool') runEnd++;
    const answers = this.resolved.answers[index] ?? [];
    // Some call of the turn answered, or nothing but results after it, or the conversation went on.
    const cause: MissingResultCause = answers.some((answer) => answer !== undefined)
      ? 'partial-turn'
      : this.endsHistory && runEnd === history.length
        ? 'end-of-history'
        : 'not-recorded';
    if (profile.scope === 'conversation') {
      const placeholders: ToolResult[] = [];
      const resultsIndex = this.out.length;
      calls.forEach((call, position) => {
        if (answers[position] === undefined)
          placeholders.push(
            this.placeholder(call, outIndex, cause, position, resultsIndex, placeholders.length),
          );
      });
      if (placeholders.length > 0) this.out.push({ role: 'tool', results: placeholders });
      return index;
    }
    const results: ToolResult[] = [];
    const resultsIndex = this.out.length;
    // Results already in the run stay in their order; separated ones join them; then placeholders.
    for (let at = index + 1; at < runEnd; at++) {
      this.resolved.fates[at]?.forEach((fate, position) => {
        if (fate.kind !== 'kept' || fate.call.messageIndex !== index) return;
        // Results in a second results message join the first: providers read one turn of results.
        if (at > index + 1)
          this.fixes.push({
            kind: 'moved-result',
            messageIndex: resultsIndex,
            partIndex: results.length,
            callId: this.outCalls[index]?.[fate.call.position]?.callId ?? '',
            fromIndex: at,
            fromPartIndex: position,
            message: `The result at messages[${at}] was in a second results message after its call turn; it joined the first.`,
          });
        results.push(
          this.answer({ messageIndex: at, position }, fate.call, resultsIndex, results.length),
        );
      });
    }
    calls.forEach((call, position) => {
      const place = answers[position];
      if (place === undefined) {
        results.push(
          this.placeholder(call, outIndex, cause, position, resultsIndex, results.length),
        );
      } else if (place.messageIndex >= runEnd) {
        this.fixes.push({
          kind: 'moved-result',
          messageIndex: resultsIndex,
          partIndex: results.length,
          callId: call.callId,
          fromIndex: place.messageIndex,
          fromPartIndex: place.position,
          message: `The result for call "${call.callId}" was at messages[${place.messageIndex}], separated from its call turn; it moved to directly after the turn.`,
        });
        results.push(
          this.answer(place, { messageIndex: index, position }, resultsIndex, results.length),
        );
      }
    });
    if (results.length > 0) this.out.push(this.resultsMessage(history[index + 1], results));
    return index;
  }

  /** `source` itself when it holds just `results`, else a new results message (under the preset, with `source`'s other fields). */
  private resultsMessage(
    source: HistoryMessage | undefined,
    results: ToolResult[],
  ): HistoryMessage {
    if (
      source?.role === 'tool' &&
      source.results.length === results.length &&
      results.every((result, position) => source.results[position] === result)
    )
      return source;
    if (this.only) return { ...source, role: 'tool', results };
    // What the format keeps beside the results (Vercel: approval parts) stays with them.
    const data = source?.role === 'tool' ? source.providerData : undefined;
    return data === undefined
      ? { role: 'tool', results }
      : { role: 'tool', results, providerData: data };
  }

  /** A results message not read with its call turn: orphans wait, duplicates go; in conversation scope answers stay in place. */
  private results(results: readonly ToolResult[], index: number): void {
    const message = this.history[index];
    const last = results.at(-1)?.sourceIndex ?? Infinity;
    if (this.only && message && last <= (this.only.leaveThrough ?? -1)) {
      this.out.push(message);
      return;
    }
    const fates = this.resolved.fates[index] ?? [];
    const kept: ToolResult[] = [];
    const outIndex = this.out.length;
    results.forEach((result, position) => {
      const fate = fates[position];
      const place = { messageIndex: index, position };
      if (fate?.kind === 'dropped') this.dropped.push(place);
      else if (fate?.kind === 'orphan') this.pending.push({ result, place });
      else if (fate?.kind === 'kept' && this.only) kept.push(result);
      else if (fate?.kind === 'kept' && this.profile.scope === 'conversation')
        kept.push(this.answer(place, fate.call, outIndex, kept.length));
    });
    if (kept.length > 0) this.out.push(this.resultsMessage(message, kept));
  }

  /** Handles the orphans waiting before `next` (the next non-result message, `undefined` at the end). */
  private flush(next: HistoryMessage | undefined): void {
    if (this.pending.length === 0) return;
    const orphans = this.pending;
    this.pending = [];
    if (this.policy.orphanResults === 'to-text' && !this.only) this.toText(orphans, next);
    else this.synthesize(orphans);
  }

  /** The kept result at `place` as it goes out: with its call's new id and, where needed, its call's name. */
  private answer(place: Place, call: Place, outIndex: number, position: number): ToolResult {
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
      this.fixes.push({
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

  private placeholder(
    call: ToolCallPart,
    callIndex: number,
    cause: MissingResultCause,
    callPosition: number,
    outIndex: number,
    position: number,
  ): ToolResult {
    const { callId, name } = call;
    const content = this.policy.missingResult({ callId, name, cause });
    this.fixes.push({
      kind: 'inserted-placeholder',
      messageIndex: outIndex,
      partIndex: position,
      callId,
      cause,
      callMessageIndex: callIndex,
      content,
      message: `The call (tool "${name}", position ${String(callPosition)} of its turn) had no result; a placeholder marked as an error was added (${cause}).`,
    });
    const result = { callId, name, content, isError: true };
    return call.kind === 'custom' ? { ...result, kind: 'custom' } : result;
  }

  /** Gives orphans their calls: added to the assistant text message right before them, else in a new turn. */
  private synthesize(orphans: readonly PendingOrphan[]): void {
    const { out, profile } = this;
    let placement: 'new-turn' | 'existing-turn' = 'new-turn';
    const last = out.at(-1);
    // A new message keeps the cached prefix's bytes; only where two model turns in a row are
    // refused (Gemini, Mistral) do the calls join the model text before them.
    if (this.only) {
      // The preset adds a turn and nothing else.
    } else if (
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
      const decision = this.only
        ? this.orphanId(result.callId, calls)
        : this.ids.decide(result.callId);
      const { call, guessed } = synthesizeCall(result, decision.id, this.knownCall(result));
      const partIndex = offset + calls.length;
      this.rewroteId(turnIndex, partIndex, result.callId, decision, 'synthesized call');
      this.fixes.push({
        kind: 'synthesized-call',
        messageIndex: turnIndex,
        partIndex,
        callId: call.callId,
        fromIndex: place.messageIndex,
        fromPartIndex: place.position,
        name: call.name,
        arguments: call.arguments,
        placement,
        guessed,
        message: `The result at messages[${place.messageIndex}] answered no call; a call of "${call.name}" was ${placement === 'new-turn' ? 'added in a new assistant turn' : 'added to the assistant message'} before it.`,
      });
      let answer = decision.id === result.callId ? result : { ...result, callId: decision.id };
      if (profile.resultNamesMatchCalls && answer.name !== call.name) {
        this.fixes.push({
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
    else if (this.only?.markTurn === undefined) out.push({ role: 'assistant', parts: calls });
    else out.push({ role: 'assistant', parts: calls, providerData: this.only.markTurn });
    // One results message; under the preset, one per message the orphans came from.
    for (let start = 0; start < orphans.length;) {
      const from = orphans[start]?.place.messageIndex;
      let end = start + 1;
      if (this.only)
        while (end < orphans.length && orphans[end]?.place.messageIndex === from) end++;
      else end = orphans.length;
      out.push(this.resultsMessage(this.history[from ?? -1], results.slice(start, end)));
      start = end;
    }
  }

  /** Under the preset, an orphan's id changes only when empty or repeated in its new turn. */
  private orphanId(id: string, calls: readonly ToolCallPart[]): CallIdDecision {
    const cause =
      id === '' ? 'empty' : calls.some((call) => call.callId === id) ? 'duplicate' : undefined;
    return cause === undefined ? { id, cause } : { id: this.ids.fresh(id, cause), cause };
  }

  /** A call the orphan's id points to: the latest earlier one, else (preset) one seen elsewhere. */
  private knownCall(result: ToolResult): SynthesisSource | undefined {
    const latest = this.latestCall.get(result.callId);
    if (this.only === undefined) return latest;
    if (result.callId === '') return undefined;
    const { lookupCall, known } = this.only;
    return lookupCall?.(result.callId, result.name) ?? latest ?? known?.get(result.callId);
  }

  private reportDropped(): void {
    for (const place of this.dropped) {
      const fate = this.resolved.fates[place.messageIndex]?.[place.position];
      const result = resultAt(this.history, place);
      if (fate?.kind !== 'dropped' || result === undefined) continue;
      const kept = this.keptAt.get(`${fate.call.messageIndex}:${fate.call.position}`);
      const callId =
        this.outCalls[fate.call.messageIndex]?.[fate.call.position]?.callId ?? result.callId;
      this.fixes.push({
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

  private rewroteId(
    messageIndex: number,
    partIndex: number,
    from: string,
    { id, cause }: CallIdDecision,
    what: string,
  ): void {
    if (cause === undefined) return;
    this.fixes.push({
      kind: 'rewrote-call-id',
      messageIndex,
      partIndex,
      callId: id,
      from,
      to: id,
      cause,
      message: `Call id "${from}" ${idProblem(cause, this.profile)}; it became "${id}" in the ${what} and its result.`,
    });
  }

  /** The fixes in message order (stable). */
  private sortedFixes(): HistoryFix[] {
    if (this.fixes.length < 2) return this.fixes;
    return this.fixes
      .map((fix, order) => ({ fix, order }))
      .sort((a, b) => a.fix.messageIndex - b.fix.messageIndex || a.order - b.order)
      .map(({ fix }) => fix);
  }

  /** Turns orphans into text: opening the next user message, closing the previous one, or in a new one. */
  private toText(orphans: readonly PendingOrphan[], next: HistoryMessage | undefined): void {
    const texts = orphans.map((orphan) => ({ part: resultToText(orphan.result), orphan }));
    if (next?.role === 'user') {
      this.prefix = texts;
      return;
    }
    const previous = this.out.at(-1);
    if (previous?.role === 'user') {
      this.textFixes(texts, this.out.length - 1, previous.parts.length);
      this.out[this.out.length - 1] = {
        ...previous,
        parts: [...previous.parts, ...texts.map((text) => text.part)],
      };
      return;
    }
    this.prefix = texts;
    this.pushUser({ role: 'user', parts: [] });
  }

  /** Pushes a user message, opened by waiting texts, after an assistant bridge where the profile needs one. */
  private pushUser(message: UserMessage): void {
    const { out, profile } = this;
    const previous = out.at(-1);
    if (profile.assistantAfterResults && previous?.role === 'tool') {
      const text = this.policy.assistantBridgeText;
      this.fixes.push({
        kind: 'inserted-assistant-turn',
        messageIndex: out.length,
        callId: previous.results.at(-1)?.callId ?? '',
        text,
        message: `${profile.name} refuses a user message right after tool results; an assistant message "${text}" was put between them.`,
      });
      out.push({ role: 'assistant', parts: [{ type: 'text', text }] });
    }
    if (this.prefix.length === 0) {
      out.push(message);
      return;
    }
    const texts = this.prefix;
    this.prefix = [];
    this.textFixes(texts, out.length, 0);
    out.push({ ...message, parts: [...texts.map((text) => text.part), ...message.parts] });
  }

  /** Puts a user message before a call turn that would otherwise not follow one (Gemini). */
  private userBridge(callId: string): void {
    const text = this.policy.userBridgeText;
    this.fixes.push({
      kind: 'inserted-user-turn',
      messageIndex: this.out.length,
      callId,
      text,
      message: `${this.profile.name} needs a call turn to follow a user turn or tool results; a user message "${text}" was put before it.`,
    });
    this.pushUser({ role: 'user', parts: [{ type: 'text', text }] });
  }

  private textFixes(texts: readonly PendingText[], messageIndex: number, firstPart: number): void {
    texts.forEach(({ orphan }, offset) => {
      this.fixes.push({
        kind: 'result-to-text',
        messageIndex,
        partIndex: firstPart + offset,
        callId: orphan.result.callId,
        fromIndex: orphan.place.messageIndex,
        fromPartIndex: orphan.place.position,
        result: orphan.result,
        message: `The result at messages[${orphan.place.messageIndex}] answered no call; it became text in a user message.`,
      });
    });
  }
}

/** Why a call id had to change, in words, for fix messages. */
function idProblem(cause: 'empty' | 'invalid' | 'duplicate', profile: ProviderProfile): string {
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

/**
 * True when the latest message before `end` that is not a system message is a user message or
 * results (system messages leave the turn order in Gemini); `before` when there is none (whether
 * what comes before `out` ends on one).
 */
function followsUser(out: readonly HistoryMessage[], end: number, before: boolean): boolean {
  for (let index = end - 1; index >= 0; index--) {
    const role = out[index]?.role;
    if (role !== 'system') return role === 'user' || role === 'tool';
  }
  return before;
}
