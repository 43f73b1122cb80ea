import { assertNever } from './assert-never.js';
import type { ToolHistory } from './history.js';
import type { TurnEntry } from './pair-tool-turns.js';

/**
 * Maps a neutral history onto the entries {@link pairToolTurns} pairs: one entry per message,
 * so entry indexes are message indexes and positions are call and result positions.
 *
 * An assistant message with at least one call is a `calls` entry (its ids in part order); a
 * `tool` message is a `results` entry; every other message (including an assistant message with
 * only text) is `other`.
 *
 * @example
 * const pairing = pairToolTurns(toTurnEntries(history));
 */
export function toTurnEntries(history: ToolHistory): TurnEntry[] {
  return history.map((message): TurnEntry => {
    switch (message.role) {
      case 'assistant': {
        const callIds: string[] = [];
        for (const part of message.parts) if (part.type === 'tool-call') callIds.push(part.callId);
        return callIds.length > 0 ? { kind: 'calls', callIds } : { kind: 'other' };
      }
      case 'tool':
        return { kind: 'results', callIds: message.results.map((result) => result.callId) };
      case 'system':
      case 'user':
        return { kind: 'other' };
      default:
        return assertNever(message, 'history message');
    }
  });
}
