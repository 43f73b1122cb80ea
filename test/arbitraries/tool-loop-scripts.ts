import fc from 'fast-check';
import type { ToolSideEffects } from '../../src/aiwrapper/loop/loop-tool.js';
import type { ScriptedResponse } from '../helpers/scripted-lang.js';

/** How a scripted tool is declared to the loop. */
export interface ScriptedToolSpec {
  /** `undefined`: the loop's default, `'once'`. */
  readonly sideEffects: ToolSideEffects | undefined;
  /** `'when-asked'`: a predicate, true when the call's plan says `ask`. */
  readonly approval: 'never' | 'always' | 'when-asked';
  readonly timeoutMs: number | undefined;
}

export type ScriptedToolName = 'look' | 'sync' | 'charge' | 'send' | 'deploy' | 'fetch' | 'wire';

/** The tools of a scripted run: every kind of side effect, with and without approval and timeout. */
export const SCRIPTED_TOOLS: Readonly<Record<ScriptedToolName, ScriptedToolSpec>> = {
  look: { sideEffects: 'none', approval: 'never', timeoutMs: undefined },
  sync: { sideEffects: 'idempotent', approval: 'never', timeoutMs: undefined },
  charge: { sideEffects: undefined, approval: 'never', timeoutMs: undefined },
  send: { sideEffects: 'once', approval: 'when-asked', timeoutMs: undefined },
  deploy: { sideEffects: 'idempotent', approval: 'always', timeoutMs: undefined },
  fetch: { sideEffects: 'none', approval: 'never', timeoutMs: 1 },
  wire: { sideEffects: 'once', approval: 'when-asked', timeoutMs: 1 },
};

const TOOL_NAMES = Object.keys(SCRIPTED_TOOLS) as ScriptedToolName[];

/**
 * What a call's handler does, carried in the call's arguments (the model decides it):
 * - `return` / `throw` after `wait` microtasks or milliseconds (none: synchronously);
 * - `hang`: until its signal aborts, then rejects; `ignore`: never settles, whatever its signal.
 *   Only tools with a time limit hang, so a run without faults still ends.
 *
 * `decision` is what the human answers when the call waits for approval (`later`: nothing the
 * first time, so the run pauses again, then approve).
 */
export interface CallPlan {
  /** Unique in the script: it names the call whatever id the loop gives it. */
  readonly step: number;
  readonly act: 'return' | 'throw' | 'hang' | 'ignore';
  readonly wait: number;
  readonly unit: 'tick' | 'ms';
  readonly ask: boolean;
  readonly decision: 'approve' | 'deny' | 'later';
}

/**
 * An interruption of the run: at its `at`-th event, or as its `at`-th handler starts (each counted
 * across the first run and its resumes).
 */
export interface LoopFault {
  /**
   * `abort`: the signal aborts; `break`: the consumer breaks out (at the next event); `crash`: the
   * generator is abandoned, and only the history's JSON goes on; `fail`: the next request fails.
   */
  readonly kind: 'abort' | 'break' | 'crash' | 'fail';
  readonly on: 'event' | 'start';
  readonly at: number;
}

/** The loop's options a run uses (besides its tools, signal and approvals). */
export interface ScriptedLoopOptions {
  readonly concurrency: number;
  readonly maxRounds: number | undefined;
  readonly onMaxRounds: 'answer' | 'stop';
  /** `onToolError` answers `'stop'` to a throwing handler. */
  readonly stopOnThrow: boolean;
}

/** A scripted run: the model's responses, the loop's options, and up to two faults. */
export interface LoopScript {
  readonly responses: readonly ScriptedResponse[];
  readonly options: ScriptedLoopOptions;
  readonly faults: readonly LoopFault[];
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 9-character alphanumeric id, unique in the script: the one shape every provider accepts. */
export function callId(round: number, index: number): string {
  return `call${ALPHANUMERIC.charAt(round)}${ALPHANUMERIC.charAt(index)}xyz`;
}

const plan = (name: ScriptedToolName, step: number): fc.Arbitrary<CallPlan> => {
  const timed = SCRIPTED_TOOLS[name].timeoutMs !== undefined;
  return fc.record({
    step: fc.constant(step),
    act: fc.oneof(
      { weight: 3, arbitrary: fc.constant('return' as const) },
      fc.constant('throw' as const),
      ...(timed ? [fc.constant('hang' as const), fc.constant('ignore' as const)] : []),
    ),
    wait: fc.oneof({ weight: 2, arbitrary: fc.constant(0) }, fc.integer({ min: 1, max: 3 })),
    // A timed tool waits microtasks only, which always end before its timer: the outcome is
    // decided by the plan, never by the machine's speed.
    unit: timed ? fc.constant('tick' as const) : fc.constantFrom('tick' as const, 'ms' as const),
    ask: fc.boolean(),
    decision: fc.constantFrom('approve' as const, 'deny' as const, 'later' as const),
  });
};

/**
 * A call's id: usually its own; sometimes empty or the id of the turn's first call (a model that
 * reuses ids), which the loop replaces before writing the turn.
 */
const id = (round: number, index: number): fc.Arbitrary<string> =>
  index === 0
    ? fc.constant(callId(round, 0))
    : fc.oneof(
        { weight: 8, arbitrary: fc.constant(callId(round, index)) },
        fc.constant(''),
        fc.constant(callId(round, 0)),
      );

const callTurn = (round: number): fc.Arbitrary<ScriptedResponse> =>
  fc
    .record({
      text: fc.option(fc.constantFrom('Let me check.', 'déjà vu "quoted" \\ ✓'), {
        nil: undefined,
      }),
      names: fc.array(fc.constantFrom(...TOOL_NAMES), { minLength: 1, maxLength: 5 }),
    })
    .chain(({ text, names }) =>
      fc
        .tuple(
          ...names.map((name, index) =>
            fc.record({
              callId: id(round, index),
              name: fc.constant(name),
              arguments: plan(name, round * 10 + index).map((call): Record<string, unknown> => ({
                ...call,
              })),
            }),
          ),
        )
        .map((calls): ScriptedResponse => ({ text, calls })),
    );

/** `undefined` mostly; a value from `arbitrary` one time in five. */
function rarely<T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> {
  return fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });
}

/** A request that fails (a provider error) after a few pieces of a response. */
const failure: fc.Arbitrary<ScriptedResponse> = fc.record({
  text: fc.constant('Partial answer'),
  calls: fc.constant([{ callId: 'callFailxyz', name: 'look', arguments: { step: 99 } }]),
  failAfter: fc.nat(4),
});

/** 1-4 responses with 1-5 calls, sometimes a failing request before one, then an answer. */
const responses: fc.Arbitrary<ScriptedResponse[]> = fc
  .integer({ min: 1, max: 4 })
  .chain((rounds) =>
    fc.tuple(
      ...Array.from({ length: rounds }, (_, round) => fc.tuple(rarely(failure), callTurn(round))),
    ),
  )
  .map((turns) => [
    ...turns.flatMap(([failed, turn]) => (failed === undefined ? [turn] : [failed, turn])),
    { text: 'All done.' },
  ]);

const options: fc.Arbitrary<ScriptedLoopOptions> = fc.record({
  concurrency: fc.integer({ min: 1, max: 5 }),
  maxRounds: rarely(fc.integer({ min: 1, max: 3 })),
  onMaxRounds: fc.constantFrom('answer' as const, 'stop' as const),
  stopOnThrow: fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, fc.constant(true)),
});

const kind = fc.constantFrom('abort' as const, 'break' as const, 'crash' as const, 'fail' as const);

const fault: fc.Arbitrary<LoopFault> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind, on: fc.constant('event' as const), at: fc.nat(60) }) },
  { weight: 1, arbitrary: fc.record({ kind, on: fc.constant('start' as const), at: fc.nat(8) }) },
);

/** None, one or two faults: a second one strikes the resumed run, or the same run again. */
const faults: fc.Arbitrary<LoopFault[]> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<LoopFault[]>([]) },
  { weight: 3, arbitrary: fc.tuple(fault) },
  { weight: 3, arbitrary: fc.tuple(fault, fault) },
);

/** A scripted run: responses, options and faults. */
export const loopScript: fc.Arbitrary<LoopScript> = fc.record({ responses, options, faults });
