import type { ConversionWarning } from '../../core/conversion-result.js';
import type { RuleContext } from '../../core/rule-context.js';

// Reasoning rules the neutral repair cannot see: a format fixes them on its own wire messages,
// after the neutral repair, through its adapter's `repairWire`. Repair reports these fixes beside
// its own (repair/history-fix.ts lists them in `HistoryFix`).

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

/** A fix a format makes on its own wire messages. */
export type WireFix = MovedReasoningFix | DroppedReasoningFix | StrippedItemIdFix;

/** What a format's {@link RepairWire} did. */
export interface WireRepair {
  /** The messages after the fixes; unchanged messages are the input's own objects. */
  readonly messages: readonly unknown[];
  readonly fixes: readonly WireFix[];
  /** What the repair could not fix (code `missing-reasoning`): the history is still refused. */
  readonly warnings: readonly ConversionWarning[];
}

/**
 * Fixes the reasoning rules of a format on its wire messages (valid for the format's shape);
 * returns `undefined` when there is nothing to fix or to report. `inputIndexOf` maps a message of
 * `messages` back to its index in the input of the repair (`-1` for a message the repair made).
 */
export type RepairWire = (
  messages: readonly unknown[],
  context: RuleContext,
  inputIndexOf: (message: unknown) => number,
) => WireRepair | undefined;
