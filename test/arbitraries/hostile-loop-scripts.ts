import fc from 'fast-check';
import type { ToolSideEffects } from '../../src/aiwrapper/loop/loop-tool.js';
import type { ScriptedResponse } from '../helpers/scripted-lang.js';
import { HOSTILE_VALUE_NAMES, type HostileValueName } from './hostile-values.js';
import { callId } from './tool-loop-scripts.js';

// Scripts of a hostile model, hostile handlers and a hostile consumer, for the tool loop's fault
// property (test/aiwrapper/loop/run-tool-loop.property.test.ts, "under hostile input").

/**
 * What a call's handler does, carried in the call's arguments: `return` a plain success (`slow`:
 * after a millisecond, so that other calls' events come while it runs); `throw`
 * (synchronously) or `reject` (after a microtask) with `value`; `resolve` to `value`.
 */
export interface HostilePlan {
  readonly step: number;
  readonly act: 'return' | 'slow' | 'throw' | 'reject' | 'resolve';
  readonly value: HostileValueName;
}

export type HostileToolName = 'read' | 'pay' | 'ship' | 'mail';

export interface HostileToolSpec {
  readonly sideEffects: ToolSideEffects | undefined;
  readonly needsApproval: boolean;
}

/** Every kind of side effect, two of them behind an approval. */
export const HOSTILE_TOOLS: Readonly<Record<HostileToolName, HostileToolSpec>> = {
  read: { sideEffects: 'none', needsApproval: false },
  pay: { sideEffects: undefined, needsApproval: false },
  ship: { sideEffects: 'idempotent', needsApproval: true },
  mail: { sideEffects: 'once', needsApproval: true },
};

const TOOL_NAMES = Object.keys(HOSTILE_TOOLS) as HostileToolName[];

/** Names of Object.prototype members: ids and approval keys a plain-object lookup finds anyway. */
export const PROTOTYPE_KEYS = [
  'constructor',
  'toString',
  '__proto__',
  'valueOf',
  'hasOwnProperty',
] as const;

/** A consumer's edit of the conversation at a `round-end` event. */
export interface LoopEdit {
  /** Which `round-end` event (counted across passes). */
  readonly at: number;
  /**
   * `replace`: a middle message by a copy with its text redacted; `insert`: an exchange after the
   * first message; `push`: an exchange at the end.
   */
  readonly kind: 'replace' | 'insert' | 'push';
  /** Picks the middle message `replace` replaces. */
  readonly pick: number;
}

/** How the saved history's start marker is changed before the resume that follows a crash. */
export type MarkerForgery = 'keep' | 'string' | 'forged' | 'junk';

/**
 * A crash: at the `at`-th event (after saving it), or as the `at`-th handler starts (the last save
 * is from the event before), both counted across passes. Only the last save survives.
 */
export interface LoopCrash {
  readonly on: 'event' | 'start';
  readonly at: number;
}

export interface HostileScript {
  readonly responses: readonly ScriptedResponse[];
  readonly concurrency: number;
  /** The `approvals` option as JSON text (parsed, so `__proto__` is an own key, as from a client). */
  readonly approvals: string;
  readonly edits: readonly LoopEdit[];
  readonly crashes: readonly LoopCrash[];
  readonly marker: MarkerForgery;
}

/** Which fault families a script draws; the others stay at a harmless constant. */
export interface HostileFamilies {
  readonly handlers: boolean;
  readonly args: boolean;
  readonly approvals: boolean;
  readonly edits: boolean;
  readonly crashes: boolean;
}

/** What a call's handler does, but its step (given by its place in the script). */
const act = (hostile: boolean): fc.Arbitrary<Omit<HostilePlan, 'step'>> =>
  fc.record({
    act: hostile
      ? fc.oneof(
          { weight: 2, arbitrary: fc.constantFrom('return' as const, 'slow' as const) },
          fc.constantFrom('throw' as const, 'reject' as const, 'resolve' as const),
        )
      : fc.constantFrom('return' as const, 'slow' as const),
    value: fc.constantFrom(...HOSTILE_VALUE_NAMES),
  });

/** Arguments no handler may receive: not a JSON object (aiwrapper's type says it is one). */
const malformed: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant([]),
  fc.array(fc.integer(), { minLength: 1, maxLength: 2 }),
  fc.constant(null),
  fc.integer(),
  fc.boolean(),
  fc.constantFrom('{"to":"bob","amount":10', '{}}', '{,}', ''),
);

/**
 * Which id a call gets: its own; none; the turn's first call's (the same id twice in one
 * response); the previous round's first call's; or the name of an Object.prototype member.
 */
type IdChoice = 'own' | 'empty' | 'first' | 'previous' | (typeof PROTOTYPE_KEYS)[number];

const idChoice = (hostile: boolean): fc.Arbitrary<IdChoice> =>
  hostile
    ? fc.oneof(
        { weight: 4, arbitrary: fc.constant<IdChoice>('own') },
        fc.constantFrom<IdChoice>('empty', 'first', 'previous', ...PROTOTYPE_KEYS),
      )
    : fc.constant<IdChoice>('own');

function idOf(choice: IdChoice, round: number, index: number): string {
  switch (choice) {
    case 'own':
      return callId(round, index);
    case 'empty':
      return '';
    case 'first':
      return callId(round, 0);
    case 'previous':
      return callId(Math.max(0, round - 1), 0);
    default:
      return choice;
  }
}

/** One call before its place in the script gives it an id and a step. */
interface CallSeed {
  readonly id: IdChoice;
  readonly name: string;
  /** A plan without its step, or malformed arguments. */
  readonly arguments:
    { readonly plan: Omit<HostilePlan, 'step'> } | { readonly malformed: unknown };
}

const callSeed = (families: HostileFamilies): fc.Arbitrary<CallSeed> =>
  fc.record({
    id: idChoice(families.args || families.approvals),
    name: families.args
      ? fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...TOOL_NAMES) }, fc.constant(''))
      : fc.constantFrom(...TOOL_NAMES),
    arguments: families.args
      ? fc.oneof(
          { weight: 4, arbitrary: act(families.handlers).map((plan) => ({ plan })) },
          malformed.map((value) => ({ malformed: value })),
        )
      : act(families.handlers).map((plan) => ({ plan })),
  });

/** Seeds placed: each call gets its id and, with a plan, a step unique in the script. */
function turnOf(seeds: readonly CallSeed[], round: number): ScriptedResponse {
  return {
    text: 'Working.',
    calls: seeds.map((seed, index) => ({
      callId: idOf(seed.id, round, index),
      name: seed.name,
      arguments: ('plan' in seed.arguments
        ? { step: round * 10 + index, ...seed.arguments.plan }
        : seed.arguments.malformed) as Record<string, unknown>,
    })),
  };
}

/** Decisions as any JSON: mostly the expected shapes, then near misses, then anything. */
const decision: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom<unknown>(
      true,
      false,
      { approved: true },
      { approved: false },
      { approved: true, reason: 'ok' },
      { approved: false, reason: 'no' },
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      { approved: 'false' },
      { approved: 'true' },
      { approved: 1 },
      'true',
      1,
      null,
      {},
    ),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

function approvalsText(responses: readonly ScriptedResponse[]): fc.Arbitrary<string> {
  const ids = responses.flatMap((response) => (response.calls ?? []).map((call) => call.callId));
  const key = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...ids, 'callZZxyz') },
    fc.constantFrom(...PROTOTYPE_KEYS),
    fc.string({ maxLength: 3 }),
  );
  // Written as text, so that a `__proto__` key is an own property once parsed.
  const record = fc
    .array(fc.tuple(key, decision), { maxLength: 6 })
    .map(
      (entries) =>
        `{${entries.map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`).join(',')}}`,
    );
  return fc.oneof(
    { weight: 6, arbitrary: record },
    fc.jsonValue({ maxDepth: 1 }).map((value) => JSON.stringify(value)),
  );
}

const crash: fc.Arbitrary<LoopCrash> = fc.oneof(
  fc.record({ on: fc.constant('event' as const), at: fc.nat(40) }),
  fc.record({ on: fc.constant('start' as const), at: fc.nat(6) }),
);

/** A hostile script drawing the given fault families. */
export function hostileScript(families: HostileFamilies): fc.Arbitrary<HostileScript> {
  return fc
    .array(fc.array(callSeed(families), { minLength: 1, maxLength: 4 }), {
      minLength: 1,
      maxLength: 3,
    })
    .map((turns): ScriptedResponse[] => [
      ...turns.map((seeds, round) => turnOf(seeds, round)),
      { text: 'All done.' },
    ])
    .chain((responses) =>
      fc.record({
        responses: fc.constant(responses),
        concurrency: fc.integer({ min: 1, max: 3 }),
        approvals: families.approvals
          ? approvalsText(responses)
          : fc.constant(
              JSON.stringify(
                Object.fromEntries(
                  responses.flatMap((response) =>
                    (response.calls ?? []).map((call) => [call.callId, true]),
                  ),
                ),
              ),
            ),
        edits: families.edits
          ? fc.array(
              fc.record({
                at: fc.nat(3),
                kind: fc.constantFrom('replace' as const, 'insert' as const, 'push' as const),
                pick: fc.nat(),
              }),
              { minLength: 1, maxLength: 3 },
            )
          : fc.constant([]),
        crashes: families.crashes
          ? fc.array(crash, { minLength: 1, maxLength: 2 })
          : fc.constant([]),
        marker: families.crashes
          ? fc.constantFrom<MarkerForgery>('keep', 'string', 'forged', 'junk')
          : fc.constant<MarkerForgery>('keep'),
      }),
    );
}
