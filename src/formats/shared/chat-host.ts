import type { HistoryIssue } from '../../errors/history-issue.js';
import type { JsonObject } from '../../core/input-guards.js';
import type { ProviderProfile } from '../../core/provider-profile.js';
import type { RuleContext } from '../../core/rule-context.js';
import type { ShapeRepair } from './shape-fix.js';

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

/** An extra rule a host adds to the Chat Completions ones, run once over the whole array. */
export type ChatHostCheck = (
  messages: readonly JsonObject[],
  context: RuleContext,
  issues: HistoryIssue[],
) => void;

/** A host that speaks Chat Completions under its own rules and wording; what it leaves out is OpenAI's. */
export interface ChatHost {
  /** The `provider` option's name (`'deepseek'`), and the one used in messages (`'DeepSeek'`). */
  readonly name: string;
  readonly label: string;
  /** The longest call id the host accepts; `undefined` for no limit. @defaultValue OpenAI's 40 */
  readonly maxCallIdLength?: number | undefined;
  readonly profile?: ProviderProfile | undefined;
  readonly wording: Partial<ChatWording>;
  readonly checks?: readonly ChatHostCheck[] | undefined;
  /** Repairs what only this host refuses, after the Chat Completions shape repair. */
  readonly repairShape?:
    ((messages: readonly unknown[], context: RuleContext) => ShapeRepair) | undefined;
}
