import type { HistoryIssue } from '../../errors/history-issue.js';
import type { JsonObject } from '../../core/input-guards.js';
import type { ProviderProfile } from '../../core/provider-profile.js';
import type { RuleContext } from '../../core/rule-context.js';
import type { ShapeRepair } from './shape-fix.js';

/**
 * The sentences a Chat Completions host refuses a history with, one per rule. Each takes what the
 * sentence names (indexes count from 0 in the `messages` array, paths are OpenAI's
 * `messages[1].tool_calls[0].id` spelling).
 */
export interface ChatWording {
  /** A `tool` message that answers no open call turn. */
  readonly orphanResult: (index: number) => string;
  /** A `tool` message naming an id its turn did not call. */
  readonly unknownCallId: (toolCallId: string) => string;
  /** A second `tool` message for one id, at `index`; the first was at `first`. */
  readonly duplicateResult: (toolCallId: string, first: number, index: number) => string;
  /**
   * Calls of a turn that no `tool` message answered; `closedAt` is the index of the message that
   * closed the turn (the array's length when it ended the array).
   */
  readonly missingResults: (toolCallIds: readonly string[], closedAt: number) => string;
  /** A `tool` message without `tool_call_id`. */
  readonly missingToolCallId: (index: number) => string;
  /** `tool_calls: []`. */
  readonly emptyToolCalls: (path: string) => string;
  /** An empty string where one of at least one character is required (ids, names). */
  readonly emptyString: (path: string) => string;
  /** A field absent, or of another JSON type than `expected` (e.g. `'a string'`). */
  readonly mistyped: (path: string, value: unknown, expected: string) => string;
  /** `content: null` on an assistant message without tool calls, at `index`. */
  readonly nullContent: (index: number) => string;
}

/** An extra rule a host adds to the Chat Completions ones, run once over the whole array. */
export type ChatHostCheck = (
  messages: readonly JsonObject[],
  context: RuleContext,
  issues: HistoryIssue[],
) => void;

/**
 * A host that speaks Chat Completions under its own rules and wording (DeepSeek, Groq, Qwen's
 * DashScope, …): small data plus the rules it adds. What a host leaves out is OpenAI's.
 */
export interface ChatHost {
  /** The name the `provider` option takes (`'deepseek'`). */
  readonly name: string;
  /** The name used in messages (`'DeepSeek'`). */
  readonly label: string;
  /**
   * The longest call id the host accepts; `undefined` for no limit.
   * @defaultValue OpenAI's 40
   */
  readonly maxCallIdLength?: number | undefined;
  /** The rules repair meets for this host; the format's own profile when absent. */
  readonly profile?: ProviderProfile | undefined;
  /** The host's sentences where they differ from OpenAI's. */
  readonly wording: Partial<ChatWording>;
  /** Rules only this host has. */
  readonly checks?: readonly ChatHostCheck[] | undefined;
  /**
   * Repairs, before the history is read, what only this host's rules refuse; runs on the output
   * of the Chat Completions shape repair.
   */
  readonly repairShape?:
    ((messages: readonly unknown[], context: RuleContext) => ShapeRepair) | undefined;
}
