import type { ConversionWarning } from '../../core/conversion-result.js';
import type { HistoryIssue } from '../../core/issue.js';
import type { RuleContext } from '../../core/rule-context.js';

/**
 * A call step of the current turn got Google's documented placeholder thought signature on its
 * first `functionCall` part (Gemini 3 refuses the step without one; a real signature cannot be
 * made up).
 */
export interface AddedThoughtSignatureFix {
  readonly kind: 'added-thought-signature';
  /** Index of the `model` content, in the repaired history. */
  readonly messageIndex: number;
  /** The `functionCall` part that got the signature. */
  readonly partIndex?: number | undefined;
  /** The call's id, or its name when it has none. */
  readonly callId: string;
  readonly message: string;
  /** The signature written: `skip_thought_signature_validator`. */
  readonly signature: string;
}

/** A result moved out of a message the provider does not take it in (Gemini: a `model` content). */
export interface WireMovedResultFix {
  readonly kind: 'moved-result';
  readonly messageIndex: number;
  readonly partIndex?: number | undefined;
  readonly callId: string;
  readonly message: string;
  /** Index, in the input, of the message that held it. */
  readonly fromIndex: number;
  readonly fromPartIndex: number;
}

/** What a format's wire pass can fix: what the neutral model cannot say (roles of parts, signatures). */
export type WireFix = WireMovedResultFix | AddedThoughtSignatureFix;

/** The outcome of a format's wire pass (see {@link WireRepairer}). */
export interface WireRepair {
  /** The messages after the pass: a new array, untouched messages the input's own objects. */
  readonly messages: readonly unknown[];
  /** Every change, with indexes into `messages` (`fromIndex` into the input). */
  readonly fixes: readonly WireFix[];
  /** Issues the pass leaves, with why (indexes into `messages`). */
  readonly warnings: readonly ConversionWarning[];
  /**
   * Per message of `messages`, the index of the input message it comes from (an inserted message:
   * the one whose parts it took); `undefined` when no message was inserted.
   */
  readonly inputIndexes: readonly number[] | undefined;
}

/**
 * What a format's repair leaves and says so: warnings (code `unrepaired-issue`) for issues of the
 * repaired `messages` that no fix can mend without losing content (Mistral's last role). Called on
 * repair's output; must be cheap (it looks at a message or two, not the whole history).
 */
export type UnrepairedCheck = (messages: readonly unknown[]) => readonly ConversionWarning[];

/** A format's own steps around the neutral repair engine. */
export interface WireRepairHooks {
  /** Runs before the engine, on what the validator found (Gemini). */
  readonly before?: WireRepairer | undefined;
  /** Runs on the engine's output (Mistral). */
  readonly after?: UnrepairedCheck | undefined;
  /** Issue codes no fix mends, which `after` reports: a history with only these is left as it is. */
  readonly leaves?: ReadonlySet<HistoryIssue['code']> | undefined;
}

/**
 * A format's repairs on the wire, before the neutral engine: what its reader cannot carry into
 * the neutral model (Gemini: a `functionResponse` inside a `model` content, thought signatures).
 * Called with the issues
 * the validator found; returns `undefined` when none of them is the pass's.
 */
export type WireRepairer = (
  messages: readonly unknown[],
  issues: readonly HistoryIssue[],
  context: RuleContext,
) => WireRepair | undefined;
