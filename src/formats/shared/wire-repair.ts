import type { ConversionWarning } from '../../core/conversion-result.js';
import type { HistoryIssue } from '../../core/issue.js';
import type { RuleContext } from '../../core/rule-context.js';
import type { ShapeFix } from './shape-fix.js';

// A format's own repair steps around the neutral engine, through its adapter's `repairWire`: what
// the neutral model cannot say (Gemini's part roles and thought signatures, Anthropic's thinking
// blocks, Responses reasoning items) is fixed on the format's wire messages, before the engine or
// on its output. Repair reports these fixes beside its own (repair/history-fix.ts lists them).

interface WireFixBase {
  /** Index, in the repaired messages, of the message the fix concerns. */
  readonly messageIndex: number;
  /** Position of the block or item concerned inside that message, where it has one. */
  readonly partIndex?: number | undefined;
  /** The call of the turn concerned (its first call); `''` for an item no call goes with. */
  readonly callId: string;
  /** What was changed and why. */
  readonly message: string;
}

/**
 * A reasoning block was moved to the start of its call turn (Anthropic, extended thinking on: the
 * final assistant turn with `tool_use` starts with its `thinking` block). The block itself is
 * unchanged, signature and all.
 */
export interface MovedReasoningFix extends WireFixBase {
  readonly kind: 'moved-reasoning';
  /** Index of the message the block was in (before any other fix moved messages). */
  readonly fromIndex: number;
  /** Its position in that message. */
  readonly fromPartIndex: number;
}

/** A reasoning item with no item after it to go with was dropped (Responses); it is kept here whole. */
export interface DroppedReasoningFix extends WireFixBase {
  readonly kind: 'dropped-reasoning';
  /** Where it was in the input. */
  readonly fromIndex: number;
  /** The dropped item, as it was. */
  readonly item: unknown;
}

/**
 * A `function_call` item whose `reasoning` item is not in the input lost its item `id` (Responses),
 * so the API does not look for the reasoning that went with it; `call_id` still pairs its output.
 */
export interface StrippedItemIdFix extends WireFixBase {
  readonly kind: 'stripped-item-id';
  /** The item id that was removed. */
  readonly itemId: string;
}

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

/** A fix a format makes on its own wire messages. */
export type WireFix =
  | MovedReasoningFix
  | DroppedReasoningFix
  | StrippedItemIdFix
  | WireMovedResultFix
  | AddedThoughtSignatureFix
  | ShapeFix;

/** What a format's wire step did. */
export interface WireRepair {
  /** The messages after the step: a new array, untouched messages the input's own objects. */
  readonly messages: readonly unknown[];
  /** Every change, with indexes into `messages` (`fromIndex` into the step's input). */
  readonly fixes: readonly WireFix[];
  /** Issues the step leaves, with why (code `unrepaired-issue`; indexes into `messages`). */
  readonly warnings: readonly ConversionWarning[];
  /**
   * Before the engine only: per message of `messages`, the index of the input message it comes
   * from (an inserted message: the one whose parts it took); `undefined` when none was inserted.
   */
  readonly inputIndexes?: readonly number[] | undefined;
}

/**
 * A format's step before the neutral engine: what its reader cannot carry into the neutral model
 * (Gemini: a `functionResponse` inside a `model` content, thought signatures). Called with the
 * issues the validator found; returns `undefined` when none of them is the step's.
 */
export type WireRepairer = (
  messages: readonly unknown[],
  issues: readonly HistoryIssue[],
  context: RuleContext,
) => WireRepair | undefined;

/**
 * A format's step on the engine's output (valid for the format's shape): the reasoning rules the
 * neutral repair cannot see (Anthropic, Responses), and warnings for what no fix can mend (Mistral's
 * last role). Returns `undefined` when there is nothing to fix or to report. `inputIndexOf` maps a
 * message of `messages` back to its index in the repair's input (`-1` for a message repair made).
 * Must be cheap: it runs on every repair that changed something.
 */
export type WireAfterRepairer = (
  messages: readonly unknown[],
  context: RuleContext,
  inputIndexOf: (message: unknown) => number,
) => WireRepair | undefined;

/** A format's own steps around the neutral repair engine. */
export interface WireRepairHooks {
  /** Runs before the engine, on what the validator found (Gemini). */
  readonly before?: WireRepairer | undefined;
  /** Runs on the engine's output (Anthropic, Responses, Mistral). */
  readonly after?: WireAfterRepairer | undefined;
  /** Issue codes no fix mends, which `after` reports: a history with only these is left as it is. */
  readonly leaves?: ReadonlySet<HistoryIssue['code']> | undefined;
}
