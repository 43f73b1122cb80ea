import fc from 'fast-check';
import type { ScriptedResponse } from '../helpers/scripted-lang.js';

/** The tools a scripted run may call; what each does is in the property test. */
export const LOOP_TOOL_NAMES = ['read', 'sync', 'charge', 'approve_me', 'boom', 'slow'] as const;
export type LoopToolName = (typeof LOOP_TOOL_NAMES)[number];

/** Where the run is interrupted, at the event of index `at`. */
export type LoopFault =
  { readonly kind: 'none' } | { readonly kind: 'abort' | 'break' | 'crash'; readonly at: number };

/** A scripted run: the model's responses, the loop's concurrency, and the fault. */
export interface LoopScript {
  readonly responses: readonly ScriptedResponse[];
  readonly concurrency: number;
  /** Microtasks each call's handler waits before it returns, by call id. */
  readonly delays: Readonly<Record<string, number>>;
  readonly fault: LoopFault;
  /** Approve (true) or deny the calls that wait for approval, on resume. */
  readonly approve: boolean;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 9-character alphanumeric id, unique in the script: the shape every provider accepts. */
function callId(round: number, index: number): string {
  const a = ALPHANUMERIC[round % 62] ?? 'A';
  const b = ALPHANUMERIC[index % 62] ?? 'A';
  return `call${a}${b}xyz`;
}

const response = (round: number): fc.Arbitrary<ScriptedResponse> =>
  fc
    .record({
      text: fc.option(fc.constantFrom('Let me check.', 'déjà vu "quoted" \\ ✓'), {
        nil: undefined,
      }),
      names: fc.array(fc.constantFrom(...LOOP_TOOL_NAMES), { minLength: 1, maxLength: 4 }),
      arg: fc.oneof(fc.string({ maxLength: 8 }), fc.integer()),
    })
    .map(({ text, names, arg }) => ({
      ...(text === undefined ? {} : { text }),
      calls: names.map((name, index) => ({
        callId: callId(round, index),
        name,
        arguments: { value: arg, index },
      })),
    }));

/** 1-3 responses with calls, then an answer; a concurrency; handler delays; a fault. */
export const loopScript: fc.Arbitrary<LoopScript> = fc.integer({ min: 1, max: 3 }).chain((rounds) =>
  fc.record({
    responses: fc
      .tuple(...Array.from({ length: rounds }, (_, round) => response(round)))
      .map((responses): ScriptedResponse[] => [...responses, { text: 'All done.' }]),
    concurrency: fc.integer({ min: 1, max: 4 }),
    delays: fc.dictionary(
      fc.tuple(fc.nat(rounds), fc.nat(3)).map(([round, index]) => callId(round, index)),
      fc.nat(4),
    ),
    fault: fc.oneof(
      fc.constant<LoopFault>({ kind: 'none' }),
      fc.record({
        kind: fc.constantFrom('abort' as const, 'break' as const, 'crash' as const),
        at: fc.nat(24),
      }),
    ),
    approve: fc.boolean(),
  }),
);
