import type { CallIdGenerator } from '../../core/call-id.js';
import type { ConversionResult } from '../../core/conversion-result.js';
import type { MessageFormat } from '../../core/format.js';
import type { HistoryInspection, InspectionUse } from '../../core/history-inspection.js';
import type { HistoryMessage, ToolHistory, ToolResult } from '../../core/history.js';
import type { JsonObject } from '../../core/input-guards.js';
import type { ProviderProfile } from '../../core/provider-profile.js';
import type { RuleContext } from '../../core/rule-context.js';
import type { AccumulatorCore, StreamEventHandler } from '../../core/stream/accumulator-core.js';
import type { WriterOptions } from './conversion-context.js';
import type { WireRepairHooks } from './wire-repair.js';

/** Options of a format's reader; each reader takes the fields its format has. */
export interface ReadFormatOptions {
  /**
   * Gemini: makes ids for calls and responses that have none.
   * @defaultValue random 9-character alphanumeric ids
   */
  readonly generateId?: CallIdGenerator | undefined;
  /** Anthropic's or Bedrock's top-level `system`, read as a leading system message. */
  readonly system?: unknown;
  /** Gemini's `systemInstruction`, read as a leading system message. */
  readonly systemInstruction?: unknown;
  /** aiwrapper's `instructions`, read as a leading system message when it is a string. */
  readonly instructions?: unknown;
}

/** Options of a format's writer; each writer takes the fields its format has. */
export interface WriteFormatOptions extends WriterOptions {
  /**
   * Gemini: what a call without a thought signature gets.
   * @defaultValue 'skip-validator'
   */
  readonly missingThoughtSignature?: 'skip-validator' | 'omit' | undefined;
  /** Gemini: ids the reader generated, written back as the part had them (none or empty). */
  readonly omitIds?: ReadonlySet<string> | undefined;
  /** Gemini: results read from responses without an id of their own, written back without one. */
  readonly responsesAsRead?: ReadonlySet<ToolResult> | undefined;
}

/**
 * How a format lays out a neutral message: `chat` (one wire message per result, calls in
 * `tool_calls`), `items` (one input item per part and result: Responses) or `blocks` (parts and
 * results are blocks of one wire message).
 */
export type WireLayout = 'chat' | 'items' | 'blocks';

/** What marks a message as a format's own when the CLI guesses a conversation's format. */
interface WireSignature {
  /** The message has a shape only this format has (an item type, a role, a field). */
  readonly message?: ((message: JsonObject) => boolean) | undefined;
  /** An entry of the message's `content` array has a type only this format has. */
  readonly contentPart?: ((part: JsonObject) => boolean) | undefined;
}

/**
 * Everything the provider-neutral engines know about one message format; they reach a format
 * only through its adapter (see `formats/index.ts`).
 */
export interface FormatAdapter<F extends MessageFormat, Written> {
  readonly format: F;
  /** The rules a history in this format must meet (ids, pairing scope, ordering). */
  readonly profile: ProviderProfile;
  /**
   * Validates `messages` with the provider's rules and wording, returning the turn table it read.
   * `context` carries what some rules depend on (model, thinking, host).
   */
  inspect(
    messages: readonly unknown[],
    context?: RuleContext,
    use?: InspectionUse,
  ): HistoryInspection;
  /** Reads wire messages into the neutral model (`from*`). */
  read(
    messages: readonly unknown[],
    options?: ReadFormatOptions,
  ): ConversionResult<HistoryMessage[]>;
  /** Writes a neutral history as wire messages. */
  write(history: ToolHistory, options?: WriteFormatOptions): Written;
  /** The request field that holds the messages. */
  readonly messagesKey: 'messages' | 'input' | 'contents';
  /** Formats with one wire shape (Chat Completions and Mistral) can check each other's messages. */
  readonly wireShape: string;
  /** What marks a message as this format's; `undefined` when another format has its shape. */
  readonly signature: WireSignature | undefined;
  /** The request field of a system prompt kept outside the messages. */
  readonly systemField: 'system' | 'systemInstruction' | 'instructions' | undefined;
  readonly layout: WireLayout;
  /** The writer leaves out empty text parts (Anthropic, Gemini). */
  readonly dropsEmptyText: boolean;
  /** The writer merges a results turn and a following user message into one (Anthropic). */
  readonly mergesResultsIntoUser: boolean;
  /**
   * The API joins consecutive messages of one role (Anthropic): two assistant messages in a row
   * are one call turn, and trimming never cuts between them.
   */
  readonly mergesConsecutiveTurns?: boolean | undefined;
  /** A message without a `role` is a user turn (Gemini `contents`). */
  readonly roleOptionalForUser: boolean;
  /** The format's own repair steps around the neutral engine (Gemini, Mistral); absent for most formats. */
  readonly repairWire?: WireRepairHooks | undefined;
}

/** Options a stream handler factory gets. */
export interface StreamHandlerOptions {
  /** Which choice (Chat Completions) or candidate (Gemini) to accumulate. */
  readonly choiceIndex: number;
}

/** Makes the handler that turns one stream format's events into calls of an accumulator core. */
export type StreamHandlerFactory = (
  core: AccumulatorCore,
  options: StreamHandlerOptions,
) => StreamEventHandler;

/** One stream format: how its events are framed on the wire, and its handler. */
export interface StreamAdapter {
  /** Server-sent events (`data:` lines), or one JSON value per line (Ollama's native API). */
  readonly framing: 'sse' | 'json-lines';
  /** Makes the handler for one streamed message. */
  readonly createHandler: StreamHandlerFactory;
}
