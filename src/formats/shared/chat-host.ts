import type { HistoryIssue } from '../../errors/history-issue.js';
import type { JsonObject } from '../../core/input-guards.js';
import type { ProviderProfile, RuleContext } from '../../core/format.js';

/** The sentences a Chat Completions host refuses a history with, one per rule (0-based indexes). */
export interface ChatWording {
  readonly orphanResult: (index: number) => string;
  readonly unknownCallId: (toolCallId: string) => string;
  readonly duplicateResult: (toolCallId: string, first: number, index: number) => string;
  /** `closedAt`: the message that closed the turn (the array's length at its end). */
  readonly missingResults: (toolCallIds: readonly string[], closedAt: number) => string;
  readonly missingToolCallId: (index: number) => string;
  readonly emptyToolCalls: (path: string) => string;
  readonly emptyString: (path: string) => string;
  readonly mistyped: (path: string, value: unknown, expected: string) => string;
  readonly nullContent: (index: number) => string;
}

type ChatHostCheck = (
  messages: readonly JsonObject[],
  context: RuleContext,
  issues: HistoryIssue[],
) => void;

/** A host that speaks Chat Completions under its own rules and wording (named in `CHAT_HOSTS`). */
export interface ChatHost {
  /** The longest call id the host accepts; `undefined` for no limit. */
  readonly maxCallIdLength: number | undefined;
  readonly profile?: ProviderProfile | undefined;
  readonly wording: ChatWording;
  /** Extra rules, each run once over the whole array. */
  readonly checks?: readonly ChatHostCheck[] | undefined;
  /** Repairs what only this host refuses, after the Chat Completions shape repair. */
  readonly repairShape?:
    ((messages: readonly unknown[], context: RuleContext) => ShapeRepair) | undefined;
}

/**
 * One change a Chat shape repair made to one message before the history was read: arguments given
 * as JSON became text; `tool_calls: []` went; a `tool` message got the id of the one unanswered
 * call before it (or a new, orphan id); `content: null` became `''`; an empty name became
 * `unknown_tool`; a DeepSeek call turn got `reasoning_content: ''`; a `tool` message's images and
 * files moved to a user message after its run.
 */
export interface ShapeFix {
  readonly kind:
    | 'stringified-arguments'
    | 'removed-empty-tool-calls'
    | 'added-tool-call-id'
    | 'filled-content'
    | 'named-call'
    | 'added-reasoning'
    | 'moved-media';
  readonly messageIndex: number;
  /** Position of the call inside the message, for a fix to one call. */
  readonly partIndex?: number | undefined;
  /** The call concerned (`''` for none). */
  readonly callId: string;
  readonly message: string;
}

/** What a shape repair returns: the messages (the input itself when `fixes` is empty) and its fixes. */
export interface ShapeRepair {
  readonly messages: readonly unknown[];
  readonly fixes: readonly ShapeFix[];
}
