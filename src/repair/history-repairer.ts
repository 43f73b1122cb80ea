import type {
  AssistantMessage,
  HistoryMessage,
  ToolCallPart,
  ToolResult,
} from '../core/history.js';
import { moveTextBeforeCalls } from './fixes/move-text-before-calls.js';
import { missingResultCause } from './fixes/placeholder-result.js';
import { resultAt } from './fixes/resolve-results.js';
import type { RepairResult } from './history-fix.js';
import { followsUser } from './history-writer.js';
import { idProblem, RepairerState } from './repairer-state.js';

/**
 * One repair: reads the input once, front to back, and builds the output array once. Messages
 * that need no change are reused as they are, so a valid history costs one pairing pass and
 * one walk.
 */
export class HistoryRepairer extends RepairerState {
  /** Runs the repair. */
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
      if (message.role === 'user') this.pushUser(message);
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
    const ids: string[] = [];
    const calls: ToolCallPart[] = [];
    for (let partIndex = 0; partIndex < source.length; partIndex++) {
      const part = source[partIndex];
      if (part?.type !== 'tool-call') continue;
      this.latestCall.set(part.callId, part);
      const decision = this.ids.decide(part.callId);
      ids.push(decision.id);
      if (decision.cause === undefined) {
        calls.push(part);
        continue;
      }
      const call = { ...part, callId: decision.id };
      parts ??= [...source];
      parts[partIndex] = call;
      calls.push(call);
      this.fix({
        kind: 'rewrote-call-id',
        messageIndex: turnIndex,
        partIndex,
        callId: decision.id,
        from: part.callId,
        to: decision.id,
        cause: decision.cause,
        message: `Call id "${part.callId}" ${idProblem(decision.cause, profile)}; it became "${decision.id}" in the call and its result.`,
      });
    }
    const changed = parts !== undefined;
    for (const move of moved?.moves ?? []) {
      this.fix({
        kind: 'moved-text',
        messageIndex: turnIndex,
        partIndex: move.to,
        fromPartIndex: move.from,
        callId: ids[0] ?? '',
        message: `${profile.name} refuses text after the tool calls of a turn; the text part moved from position ${move.from} to ${move.to}, before the calls.`,
      });
    }
    this.newIds[index] = ids;
    this.outCalls[index] = calls;
    if (profile.callTurnAfterUser && !followsUser(this.out, this.out.length, this.afterUser))
      this.userBridge(ids[0] ?? '');
    const outIndex = this.out.length;
    this.out.push(parts ? { ...message, parts } : message);

    let runEnd = index + 1;
    while (history[runEnd]?.role === 'tool') runEnd++;
    const answers = this.resolved.answers[index] ?? [];
    const cause = missingResultCause(answers, this.endsHistory && runEnd === history.length);
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
    if (!changed && runEnd === index + 2 && this.isCleanRun(index, runEnd, calls)) {
      this.copyResults(index + 1);
      return index + 1;
    }
    const results: ToolResult[] = [];
    const resultsIndex = this.out.length;
    // Results already in the run stay in their order; separated ones join them; then placeholders.
    for (let at = index + 1; at < runEnd; at++) {
      this.resolved.fates[at]?.forEach((fate, position) => {
        if (fate.kind !== 'kept' || fate.call.messageIndex !== index) return;
        // Results in a second results message join the first: providers read one turn of results.
        if (at > index + 1)
          this.fix({
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
        this.fix({
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
    if (results.length > 0) this.out.push({ role: 'tool', results });
    return index;
  }

  /** True when the run after the call turn answers each call once, with nothing else in it. */
  private isCleanRun(index: number, runEnd: number, calls: readonly ToolCallPart[]): boolean {
    const answers = this.resolved.answers[index] ?? [];
    for (let position = 0; position < calls.length; position++) {
      const place = answers[position];
      if (place === undefined || place.messageIndex >= runEnd) return false;
      if (
        this.profile.resultNamesMatchCalls &&
        resultAt(this.history, place)?.name !== calls[position]?.name
      )
        return false;
    }
    for (let at = index + 1; at < runEnd; at++) {
      for (const fate of this.resolved.fates[at] ?? [])
        if (fate.kind !== 'kept' || fate.call.messageIndex !== index) return false;
    }
    return true;
  }

  /** Copies the results message of a clean run, noting where each result went. */
  private copyResults(at: number): void {
    const message = this.history[at];
    if (message?.role !== 'tool') return;
    const outIndex = this.out.length;
    this.resolved.fates[at]?.forEach((fate, position) => {
      if (fate.kind === 'kept' && this.resolved.duplicates)
        this.keptAt.set(`${fate.call.messageIndex}:${fate.call.position}`, {
          messageIndex: outIndex,
          position,
        });
    });
    this.out.push(message);
  }

  /** A results message outside a clean run: orphans wait, duplicates go; in conversation scope answers stay in place. */
  private results(results: readonly ToolResult[], index: number): void {
    const fates = this.resolved.fates[index] ?? [];
    const kept: ToolResult[] = [];
    const outIndex = this.out.length;
    results.forEach((result, position) => {
      const fate = fates[position];
      const place = { messageIndex: index, position };
      if (fate?.kind === 'dropped') this.dropped.push(place);
      else if (fate?.kind === 'orphan') this.pending.push({ result, place });
      else if (fate?.kind === 'kept' && this.profile.scope === 'conversation')
        kept.push(this.answer(place, fate.call, outIndex, kept.length));
    });
    if (kept.length === 0) return;
    const message = this.history[index];
    const unchanged =
      kept.length === results.length &&
      kept.every((result, position) => result === results[position]);
    this.out.push(unchanged && message ? message : { role: 'tool', results: kept });
  }

  /** Handles the orphans waiting before `next` (the next non-result message, `undefined` at the end). */
  private flush(next: HistoryMessage | undefined): void {
    if (this.pending.length === 0) return;
    const orphans = this.pending;
    this.pending = [];
    if (this.policy.orphanResults === 'to-text') this.toText(orphans, next);
    else this.synthesize(orphans);
  }
}
