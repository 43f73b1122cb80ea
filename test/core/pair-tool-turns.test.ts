import { describe, expect, it } from 'vitest';
import { pairToolTurns, type TurnEntry } from '../../src/core/pair-tool-turns.js';

const calls = (...callIds: string[]): TurnEntry => ({ kind: 'calls', callIds });
const results = (...callIds: string[]): TurnEntry => ({ kind: 'results', callIds });
const other: TurnEntry = { kind: 'other' };

describe('pairToolTurns', () => {
  it('pairs results with the turn directly before their run, in any order', () => {
    expect(pairToolTurns([other, calls('a', 'b'), results('b'), results('a')])).toEqual({
      results: [
        { entryIndex: 2, position: 0, callId: 'b', call: { entryIndex: 1, position: 1 } },
        { entryIndex: 3, position: 0, callId: 'a', call: { entryIndex: 1, position: 0 } },
      ],
      unanswered: [],
    });
  });

  it('pairs per turn: an id repeated across turns (Kimi exec_0) pairs with its own turn', () => {
    const pairing = pairToolTurns([
      calls('exec_0'),
      results('exec_0'),
      other,
      calls('exec_0'),
      results('exec_0'),
    ]);
    expect(pairing.results.map((result) => result.call)).toEqual([
      { entryIndex: 0, position: 0 },
      { entryIndex: 3, position: 0 },
    ]);
    expect(pairing.unanswered).toEqual([]);
  });

  it('arms a repeated id once per call within a turn, and reports a third result as an orphan', () => {
    const pairing = pairToolTurns([calls('x', 'x'), results('x', 'x', 'x')]);
    expect(pairing.results.map((result) => result.call)).toEqual([
      { entryIndex: 0, position: 0 },
      { entryIndex: 0, position: 1 },
      undefined,
    ]);
  });

  it('disarms at the next message that is not a result: a later result is an orphan, the call unanswered', () => {
    expect(pairToolTurns([calls('a', 'b'), results('a'), other, results('b')])).toEqual({
      results: [
        { entryIndex: 1, position: 0, callId: 'a', call: { entryIndex: 0, position: 0 } },
        { entryIndex: 3, position: 0, callId: 'b', call: undefined },
      ],
      unanswered: [{ entryIndex: 0, position: 1, callId: 'b' }],
    });
  });

  it('in conversation scope (Responses) lets a result answer any earlier call', () => {
    const pairing = pairToolTurns([calls('a'), other, calls('b'), results('a', 'b')], {
      scope: 'conversation',
    });
    expect(pairing.results.every((result) => result.call !== undefined)).toBe(true);
    expect(pairing.unanswered).toEqual([]);
  });
});
