import type { ConversionWarning, HistoryMessage, ToolResult } from '../../core/history.js';
import type { HistoryIssue } from '../../errors/history-issue.js';
import type { RuleContext } from '../../core/format.js';
import type { ShapeFix } from './chat-host.js';

// A format's own repair steps around the neutral engine (adapter `repairWire`), on wire messages.

interface WireFixBase {
  /** Index, in the repaired messages, of the message the fix concerns. */
  readonly messageIndex: number;
  /** Position of the block or item inside that message, where it has one. */
  readonly partIndex?: number | undefined;
  /** The call of the turn concerned (its first call); `''` for an item no call goes with. */
  readonly callId: string;
  /** What was changed and why. */
  readonly message: string;
}

/**
 * A block moved, unchanged, from `fromIndex` / `fromPartIndex`: a reasoning block to the start of
 * its call turn (Anthropic, thinking on); a result out of a message that cannot hold it (Gemini: a
 * `model` content); the media of a Gemini function response (`functionResponse.parts`) into a
 * user content right after its own, for a model before Gemini 3 that refuses them there.
 */
export interface MovedPartFix extends WireFixBase {
  readonly kind: 'moved-reasoning' | 'moved-result' | 'moved-result-media';
  readonly fromIndex: number;
  readonly fromPartIndex: number;
}

/**
 * An item dropped, kept here whole (`fromIndex`: where it was in the input): a Responses reasoning
 * item with no item after it to go with, an approval response no approval request has (Vercel),
 * or a Responses output item that answers no call, of a kind the neutral model does not hold.
 */
export interface DroppedItemFix extends WireFixBase {
  readonly kind: 'dropped-reasoning' | 'dropped-approval' | 'dropped-item';
  readonly fromIndex: number;
  readonly item: unknown;
}

/**
 * A Responses `function_call` whose `reasoning` item is not in the input lost its item `id`, so
 * the API does not look for that reasoning; `call_id` still pairs its output.
 */
export interface StrippedItemIdFix extends WireFixBase {
  readonly kind: 'stripped-item-id';
  readonly itemId: string;
}

/** A Responses output added for a call of a kind the neutral model does not hold (shell, apply_patch). */
export interface InsertedOutputFix extends WireFixBase {
  readonly kind: 'inserted-output';
  readonly item: unknown;
}

/**
 * A Gemini call step of the current turn got Google's documented placeholder thought signature
 * on its first `functionCall` part (Gemini 3 refuses the step without one).
 */
export interface AddedThoughtSignatureFix extends WireFixBase {
  readonly kind: 'added-thought-signature';
  /** `skip_thought_signature_validator`. */
  readonly signature: string;
}

/**
 * An Anthropic server tool block dropped (a result with no call, a call its turn left without a
 * result, a reused id's call and result, a proxy's `tool_use` rewrite with no result), or such a
 * rewrite turned back into the `server_tool_use` it was; `block` is the block as it was.
 */
export interface ServerBlockFix extends WireFixBase {
  readonly kind: 'dropped-server-block' | 'restored-server-call';
  readonly fromIndex: number;
  readonly fromPartIndex: number;
  readonly block: unknown;
}

/** A fix a format makes on its own wire messages. */
export type WireFix =
  | MovedPartFix
  | DroppedItemFix
  | StrippedItemIdFix
  | InsertedOutputFix
  | AddedThoughtSignatureFix
  | ServerBlockFix
  | ShapeFix;

/** What a format's wire step did. */
export interface WireRepair {
  /** A new array; untouched messages are the input's own objects. */
  readonly messages: readonly unknown[];
  /** Every change, indexes into `messages` (`fromIndex` into the step's input). */
  readonly fixes: readonly WireFix[];
  /** Issues the step leaves, with why (code `unrepaired-issue`). */
  readonly warnings: readonly ConversionWarning[];
  /** Before the engine only: per message, the input message it comes from, when one was inserted. */
  readonly inputIndexes?: readonly number[] | undefined;
}

/**
 * Ids a reader made up for parts that had none (Gemini) or whose id repeats in their turn (UI
 * messages), so the writer can write them as read again.
 */
export interface IdsAsRead {
  /** Ids it generated, for calls and responses. */
  readonly generated: ReadonlySet<string>;
  /** Responses without an id of their own (or with an empty one) given the id of the call they answer. */
  readonly borrowed: ReadonlySet<ToolResult>;
  /** Made-up ids of calls that had an id, to that id: repair decides on the id as sent. */
  readonly sent?: ReadonlyMap<string, string> | undefined;
}

/** A history read for repair, with the ids the reader had to make up. */
export interface RepairRead {
  readonly history: HistoryMessage[];
  readonly idsAsRead: IdsAsRead;
}

/** A format's own steps around the neutral repair engine; each returns `undefined` for no change. */
export interface WireRepairHooks {
  /**
   * Reads messages for repair where the format's ids are optional (Gemini), or where a part's
   * meaning depends on the whole history (Vercel approvals, `whole`); else its reader.
   */
  readonly read?:
    | ((messages: readonly unknown[], offset: number, whole: readonly unknown[]) => RepairRead)
    | undefined;
  /** Runs before the engine on what the validator found (Gemini, Chat Completions shape). */
  readonly before?:
    | ((
        messages: readonly unknown[],
        issues: readonly HistoryIssue[],
        context: RuleContext,
      ) => WireRepair | undefined)
    | undefined;
  /**
   * Runs on the engine's output (Anthropic, Responses, Mistral); `inputIndexOf` maps a message
   * back to its index in the repair's input (-1 for one repair made).
   */
  readonly after?:
    | ((
        messages: readonly unknown[],
        context: RuleContext,
        inputIndexOf: (message: unknown) => number,
      ) => WireRepair | undefined)
    | undefined;
  /**
   * Whether `after` has work for an issue of the input, repaired under the format's own profile:
   * when it has for none, `after` is skipped. Absent: `after` always runs.
   */
  readonly afterActsOn?: ((issue: HistoryIssue, input: readonly unknown[]) => boolean) | undefined;
  /** Issue codes no fix mends, which `after` reports: a history with only these is left as is. */
  readonly leaves?: ReadonlySet<HistoryIssue['code']> | undefined;
}

/** `message` with every call and result id that `rename` maps replaced; itself when none is. */
export function renameCallIds(
  message: HistoryMessage,
  rename: ReadonlyMap<string, string>,
): HistoryMessage {
  const renamed = <T extends { readonly callId: string }>(item: T): T => {
    const id = rename.get(item.callId);
    return id === undefined ? item : { ...item, callId: id };
  };
  if (message.role === 'tool') {
    const results = message.results.map(renamed);
    return results.some((result, at) => result !== message.results[at])
      ? { ...message, results }
      : message;
  }
  if (message.role !== 'assistant') return message;
  const parts = message.parts.map((part) => (part.type === 'tool-call' ? renamed(part) : part));
  return parts.some((part, at) => part !== message.parts[at]) ? { ...message, parts } : message;
}
