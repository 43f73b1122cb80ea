import type { CallIdGenerator } from '../../core/call-id.js';
import type {
  ConversionResult,
  HistoryMessage,
  ToolHistory,
  ToolResult,
} from '../../core/history.js';
import type { MessageFormat, ProviderProfile, RuleContext } from '../../core/format.js';
import type { HistoryInspection, InspectionUse } from '../../core/history-inspection.js';
import type { JsonObject } from '../../core/input-guards.js';
import type { AccumulatorCore, StreamEventHandler } from '../../core/stream/accumulator-core.js';
import type { WriterOptions } from './conversion-context.js';
import type { WireRepairHooks } from './wire-repair.js';

/** Options of a format's reader; each reader takes the fields its format has. */
export interface ReadFormatOptions {
  /** Gemini: makes ids for calls and responses that have none. @defaultValue random ids */
  readonly generateId?: CallIdGenerator | undefined;
  /** The system prompt kept outside the messages, under the format's own field name. */
  readonly system?: unknown;
  readonly systemInstruction?: unknown;
  readonly instructions?: unknown;
}

/** Options of a format's writer; each writer takes the fields its format has. */
export interface WriteFormatOptions extends WriterOptions {
  /** Gemini: what a call without a thought signature gets. @defaultValue 'skip-validator' */
  readonly missingThoughtSignature?: 'skip-validator' | 'omit' | undefined;
  /** Gemini: generated ids and id-less responses, written back without an id as read. */
  readonly omitIds?: ReadonlySet<string> | undefined;
  readonly responsesAsRead?: ReadonlySet<ToolResult> | undefined;
}

/** Everything the provider-neutral engines know about one message format. */
export interface FormatAdapter<F extends MessageFormat, Written> {
  readonly format: F;
  readonly profile: ProviderProfile;
  /** Validates `messages` with the provider's rules and wording; returns the turn table it read. */
  inspect(
    messages: readonly unknown[],
    context?: RuleContext,
    use?: InspectionUse,
  ): HistoryInspection;
  read(
    messages: readonly unknown[],
    options?: ReadFormatOptions,
  ): ConversionResult<HistoryMessage[]>;
  write(history: ToolHistory, options?: WriteFormatOptions): Written;
  readonly messagesKey: 'messages' | 'input' | 'contents';
  /** Formats with one wire shape (Chat Completions and Mistral) can check each other's messages. */
  readonly wireShape: string;
  /** What marks a message as this format's, for the CLI's guess; `undefined` when shared. */
  readonly signature?:
    | {
        readonly message?: ((message: JsonObject) => boolean) | undefined;
        readonly contentPart?: ((part: JsonObject) => boolean) | undefined;
      }
    | undefined;
  readonly systemField?: 'system' | 'systemInstruction' | 'instructions' | undefined;
  /** How the format lays out a message: a wire message per result, an item per part, or blocks. */
  readonly layout: 'chat' | 'items' | 'blocks';
  /** The writer leaves out empty text parts (Anthropic, Gemini). */
  readonly dropsEmptyText?: boolean | undefined;
  /** The writer merges a results turn and a following user message into one (Anthropic). */
  readonly mergesResultsIntoUser?: boolean | undefined;
  /** The writer puts this message into the wire message before it (UI messages: results, later steps). */
  readonly joinsPrevious?: ((message: HistoryMessage) => boolean) | undefined;
  /** Every result sits in its call's wire message (UI messages' tool parts): a fix stays in it. */
  readonly resultsInCallMessage?: boolean | undefined;
  /** The API joins consecutive messages of one role (Anthropic): one call turn, never cut. */
  readonly mergesConsecutiveTurns?: boolean | undefined;
  /** A message without a `role` is a user turn (Gemini `contents`). */
  readonly roleOptionalForUser?: boolean | undefined;
  /** The format's own repair steps around the neutral engine (Gemini, Mistral). */
  readonly repairWire?: WireRepairHooks | undefined;
}

/**
 * One stream format: how its events are framed on the wire, and the handler that turns them into
 * calls of an accumulator core, following one choice (Chat) or candidate (Gemini).
 */
export interface StreamAdapter {
  readonly framing: 'sse' | 'json-lines';
  readonly createHandler: (
    core: AccumulatorCore,
    options: { readonly choiceIndex: number },
  ) => StreamEventHandler;
}
