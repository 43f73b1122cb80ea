/** Fixes: one entry per change, indexed into the output (`messageIndex`) and input (`fromIndex`). */
import type { JsonValue, ToolHistory, ToolResult } from '../core/history.js';
import type { ShapeFix } from '../formats/shared/chat-host.js';
import type { WireFix } from '../formats/shared/wire-repair.js';

interface FixBase {
  /** Index, in the repaired history, of the message the fix concerns. */
  readonly messageIndex: number;
  /** Position of the call, result or part inside that message. */
  readonly partIndex?: number | undefined;
  /** The call concerned, by its id in the repaired history. */
  readonly callId: string;
  /** What was changed and why. */
  readonly message: string;
}

/** Where a result was in the input. */
interface FromPlace {
  /** Index, in the input, of the message that held it. */
  readonly fromIndex: number;
  /** Its position in that message. */
  readonly fromPartIndex: number;
}

/** An orphan result got a call: in a new assistant turn before it, or added to the assistant message before it. */
export interface SynthesizedCallFix extends FixBase, FromPlace {
  readonly kind: 'synthesized-call';
  /** The call's name (from the result, else an earlier call with its id, else `unknown_tool`). */
  readonly name: string;
  readonly arguments: Readonly<Record<string, unknown>>;
  /** `new-turn`: an assistant turn was inserted; `existing-turn`: the call joined the assistant message before the result. */
  readonly placement: 'new-turn' | 'existing-turn';
  /** Whether the name or the arguments had to be guessed. */
  readonly guessed: { readonly name: boolean; readonly arguments: boolean };
}

/** An orphan result became a text part of a user message. */
export interface ResultToTextFix extends FixBase, FromPlace {
  readonly kind: 'result-to-text';
  /** The result as it was. */
  readonly result: ToolResult;
}

/** Why a call has no result. */
export type MissingResultCause =
  /** Nothing but results follows the call turn: the history ends there. */
  | 'end-of-history'
  /** Other calls of the same turn have results. */
  | 'partial-turn'
  /** No call of the turn has a result, and the conversation went on. */
  | 'not-recorded';

/** A call without a result got a placeholder result marked as an error. */
export interface InsertedPlaceholderFix extends FixBase {
  readonly kind: 'inserted-placeholder';
  readonly cause: MissingResultCause;
  /** Index, in the repaired history, of the assistant message that holds the call. */
  readonly callMessageIndex: number;
  /** The placeholder's content. */
  readonly content: JsonValue;
}

/** A result was moved to directly after its call turn. */
export interface MovedResultFix extends FixBase, FromPlace {
  readonly kind: 'moved-result';
}

/** A second result for one call was dropped; it is kept here whole. */
export interface DroppedDuplicateFix extends FixBase, FromPlace {
  readonly kind: 'dropped-duplicate-result';
  /** The dropped result. `messageIndex`/`partIndex` point at the result that was kept. */
  readonly result: ToolResult;
}

/** Why an id was rewritten. */
export type IdRewriteCause = 'empty' | 'invalid' | 'duplicate';

/** A call id was replaced in the call and its results; `to` is unique, so restoring is exact. */
export interface RewroteIdFix extends FixBase {
  readonly kind: 'rewrote-call-id';
  readonly from: string;
  readonly to: string;
  readonly cause: IdRewriteCause;
}

/** Text that followed the calls of an assistant turn was moved before them (Anthropic). */
export interface MovedTextFix extends FixBase {
  readonly kind: 'moved-text';
  /** The text part's position before the move. */
  readonly fromPartIndex: number;
}

/** A result was renamed to the name of the call it answers (Gemini). */
export interface RenamedResultFix extends FixBase {
  readonly kind: 'renamed-result';
  readonly from: string;
  readonly to: string;
}

/** An assistant message was inserted between tool results and a user message (Mistral). */
export interface InsertedAssistantTurnFix extends FixBase {
  readonly kind: 'inserted-assistant-turn';
  readonly text: string;
}

/** A user message was inserted before a call turn that followed no user turn (Gemini). */
export interface InsertedUserTurnFix extends FixBase {
  readonly kind: 'inserted-user-turn';
  readonly text: string;
}

/** Every change a repair can make, discriminated on `kind`. */
export type HistoryFix =
  | SynthesizedCallFix
  | ResultToTextFix
  | InsertedPlaceholderFix
  | MovedResultFix
  | DroppedDuplicateFix
  | RewroteIdFix
  | MovedTextFix
  | RenamedResultFix
  | InsertedAssistantTurnFix
  | InsertedUserTurnFix
  | WireFix
  | ShapeFix;

/** The outcome of the neutral repairer (`HistoryRepairer`). */
export interface RepairResult {
  /** A new array; the input is untouched. */
  readonly history: ToolHistory;
  /** Every change made, in output order. Empty when the input was already valid. */
  readonly fixes: readonly HistoryFix[];
}
