import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { ArmedCalls } from '../../src/core/armed-calls.js';

interface CallRef {
  readonly entryIndex: number;
  readonly position: number;
}
import {
  pairToolTurns,
  type PairingScope,
  type TurnEntry,
} from '../../src/core/pair-tool-turns.js';

const id = fc.constantFrom('a', 'b', 'c', 'd');
const entry: fc.Arbitrary<TurnEntry> = fc.oneof(
  fc.record({
    kind: fc.constant('calls' as const),
    callIds: fc.array(id, { minLength: 1, maxLength: 3 }),
  }),
  fc.record({
    kind: fc.constant('results' as const),
    callIds: fc.array(id, { minLength: 1, maxLength: 3 }),
  }),
  fc.constant({ kind: 'other' as const }),
);

/** Walks the entries one at a time with ArmedCalls, as readers and writers do. */
function pairIncrementally(
  entries: readonly TurnEntry[],
  scope: PairingScope,
): (CallRef | undefined)[] {
  const armed = new ArmedCalls<CallRef>(scope);
  const calls: (CallRef | undefined)[] = [];
  entries.forEach((turnEntry, entryIndex) => {
    if (turnEntry.kind === 'other') armed.other();
    else if (turnEntry.kind === 'calls') {
      armed.startTurn();
      turnEntry.callIds.forEach((callId, position) => {
        armed.arm(callId, { entryIndex, position });
      });
    } else for (const callId of turnEntry.callIds) calls.push(armed.answer(callId));
  });
  return calls;
}

describe('ArmedCalls', () => {
  for (const scope of ['turn', 'conversation'] as const) {
    test.prop([fc.array(entry, { maxLength: 40 })])(
      `pairs every result with the call pairToolTurns gives it (${scope} scope)`,
      (entries) => {
        const batch = pairToolTurns(entries, { scope }).results.map((result) => result.call);
        expect(pairIncrementally(entries, scope)).toEqual(batch);
      },
    );
  }
});
