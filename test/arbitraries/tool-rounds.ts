import { fc } from '@fast-check/vitest';

/** A call as a user might hold it: ids missing, repeated within a turn, or reused across turns. */
export interface RoundCall {
  readonly id: string | undefined;
  readonly name: string;
  readonly args: Record<string, string | number>;
}

/** How the user writes the round into the collection. */
export type RoundStyle = 'fresh' | 'after-chat' | 'two-step';

/** One agent-loop round: calls, which of them the user has results for, in what order. */
export interface Round {
  readonly calls: readonly RoundCall[];
  /** Indexes of calls that get a result, in the order results are passed. */
  readonly answered: readonly number[];
  readonly style: RoundStyle;
}

const callId = fc.option(
  fc.oneof(
    fc.constantFrom('exec_0', 'call_1', 'function_call_0', 'x'),
    fc.stringMatching(/^call_[a-z0-9]{1,6}$/),
  ),
  {
    nil: undefined,
    freq: 3,
  },
);

const call: fc.Arbitrary<RoundCall> = fc.record({
  id: callId,
  name: fc.constantFrom('get_weather', 'now', 'search'),
  args: fc.dictionary(
    fc.constantFrom('city', 'q', 'n'),
    fc.oneof(fc.string({ maxLength: 4 }), fc.integer({ min: -5, max: 5 })),
    { maxKeys: 2 },
  ),
});

/** A round of 1–4 calls with results for any subset, in any order. */
export const arbitraryRound: fc.Arbitrary<Round> = fc
  .record({
    calls: fc.array(call, { minLength: 1, maxLength: 4 }),
    style: fc.constantFrom<RoundStyle>('fresh', 'after-chat', 'two-step'),
  })
  .chain(({ calls, style }) =>
    fc
      .shuffledSubarray(
        calls.map((_, index) => index),
        { minLength: style === 'two-step' ? 1 : 0 },
      )
      .map((answered) => ({ calls, answered, style })),
  );
