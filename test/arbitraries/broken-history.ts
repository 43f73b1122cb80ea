import { fc } from '@fast-check/vitest';
import type { HistoryMessage, ToolResult } from '../../src/core/history.js';
import { arbitraryHistory, type HistoryFeatures } from './history.js';

/** One way to break a history, applied at a position taken modulo what is there. */
export type Breakage =
  | { readonly kind: 'drop-result'; readonly at: number }
  | { readonly kind: 'duplicate-result'; readonly at: number; readonly later: boolean }
  | { readonly kind: 'move-result'; readonly at: number; readonly to: number }
  | { readonly kind: 'rewrite-id'; readonly at: number; readonly id: string }
  | { readonly kind: 'text-between'; readonly at: number; readonly role: 'user' | 'assistant' }
  | { readonly kind: 'trim-start' };

/** Ids providers refuse: empty, over-long (Chat 40, Responses 64), with characters Anthropic refuses, not 9 characters (Mistral). */
const badId = fc.constantFrom(
  '',
  'x'.repeat(70),
  `call_${'a'.repeat(40)}`,
  'call abc!',
  'toolu_01.bad',
  'call_abc123xyz',
  'abc',
);

const breakage: fc.Arbitrary<Breakage> = fc.oneof(
  fc.record({ kind: fc.constant('drop-result'), at: fc.nat() }),
  fc.record({ kind: fc.constant('duplicate-result'), at: fc.nat(), later: fc.boolean() }),
  fc.record({ kind: fc.constant('move-result'), at: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('rewrite-id'), at: fc.nat(), id: badId }),
  fc.record({
    kind: fc.constant('text-between'),
    at: fc.nat(),
    role: fc.constantFrom('user', 'assistant'),
  }),
  fc.constant({ kind: 'trim-start' } as const),
);

interface ResultSite {
  readonly messageIndex: number;
  readonly position: number;
}

function resultSites(history: readonly HistoryMessage[]): ResultSite[] {
  const sites: ResultSite[] = [];
  history.forEach((message, messageIndex) => {
    if (message.role === 'tool')
      message.results.forEach((_, position) => sites.push({ messageIndex, position }));
  });
  return sites;
}

function withoutResult(
  history: HistoryMessage[],
  site: ResultSite,
): { history: HistoryMessage[]; result: ToolResult | undefined } {
  const message = history[site.messageIndex];
  if (message?.role !== 'tool') return { history, result: undefined };
  const result = message.results[site.position];
  const results = message.results.filter((_, position) => position !== site.position);
  const next = [...history];
  if (results.length === 0) next.splice(site.messageIndex, 1);
  else next[site.messageIndex] = { ...message, results };
  return { history: next, result };
}

/** Applies one breakage to a neutral history (a new array; the input is untouched). */
export function breakHistory(
  history: readonly HistoryMessage[],
  damage: Breakage,
): HistoryMessage[] {
  const sites = resultSites(history);
  const site =
    sites.length === 0 ? undefined : sites[('at' in damage ? damage.at : 0) % sites.length];
  switch (damage.kind) {
    case 'drop-result':
      return site ? withoutResult([...history], site).history : [...history];
    case 'duplicate-result': {
      const message = site && history[site.messageIndex];
      const result = message?.role === 'tool' ? message.results[site?.position ?? 0] : undefined;
      if (!site || !result) return [...history];
      const copy: ToolResult = { ...result, content: `retry of ${JSON.stringify(result.content)}` };
      const next = [...history];
      if (damage.later)
        next.splice(
          site.messageIndex + 1,
          0,
          { role: 'user', parts: [{ type: 'text', text: 'again' }] },
          { role: 'tool', results: [copy] },
        );
      else if (message?.role === 'tool')
        next[site.messageIndex] = { ...message, results: [...message.results, copy] };
      return next;
    }
    case 'move-result': {
      if (!site) return [...history];
      const { history: next, result } = withoutResult([...history], site);
      if (!result) return next;
      next.splice(damage.to % (next.length + 1), 0, { role: 'tool', results: [result] });
      return next;
    }
    case 'rewrite-id': {
      const calls: { messageIndex: number; partIndex: number }[] = [];
      history.forEach((message, messageIndex) => {
        if (message.role === 'assistant')
          message.parts.forEach(
            (part, partIndex) =>
              part.type === 'tool-call' && calls.push({ messageIndex, partIndex }),
          );
      });
      const target = calls[damage.at % Math.max(calls.length, 1)];
      const message = target && history[target.messageIndex];
      const part =
        message?.role === 'assistant' ? message.parts[target?.partIndex ?? 0] : undefined;
      if (!target || message?.role !== 'assistant' || part?.type !== 'tool-call')
        return [...history];
      const next = [...history];
      next[target.messageIndex] = {
        ...message,
        parts: message.parts.map((candidate, index) =>
          index === target.partIndex ? { ...part, callId: damage.id } : candidate,
        ),
      };
      // The results right after the turn follow the call's new id.
      for (let index = target.messageIndex + 1; next[index]?.role === 'tool'; index++) {
        const results = next[index];
        if (results?.role === 'tool')
          next[index] = {
            ...results,
            results: results.results.map((result) =>
              result.callId === part.callId ? { ...result, callId: damage.id } : result,
            ),
          };
      }
      return next;
    }
    case 'text-between': {
      const turns = history.flatMap((message, index) =>
        message.role === 'assistant' && message.parts.some((part) => part.type === 'tool-call')
          ? [index]
          : [],
      );
      const turn = turns[damage.at % Math.max(turns.length, 1)];
      if (turn === undefined) return [...history];
      const next = [...history];
      const message: HistoryMessage =
        damage.role === 'user'
          ? { role: 'user', parts: [{ type: 'text', text: 'between' }] }
          : { role: 'assistant', parts: [{ type: 'text', text: 'thinking' }] };
      next.splice(turn + 1, 0, message);
      return next;
    }
    case 'trim-start': {
      // As after trimming the start of a conversation: it now opens with tool results.
      const first = history.findIndex((message) => message.role === 'tool');
      return first === -1 ? [...history] : history.slice(first);
    }
  }
}

/** A neutral history with 1–4 breakages applied, and the breakages. */
export function arbitraryBrokenHistory(
  features?: HistoryFeatures,
): fc.Arbitrary<{ readonly history: HistoryMessage[]; readonly breakages: readonly Breakage[] }> {
  return fc
    .tuple(arbitraryHistory(features), fc.array(breakage, { minLength: 1, maxLength: 4 }))
    .map(([history, breakages]) => ({
      history: breakages.reduce<HistoryMessage[]>(
        (current, damage) => breakHistory(current, damage),
        history,
      ),
      breakages,
    }));
}
