import type { CallIdGenerator } from '../../core/call-id.js';
import type { ConversionResult } from '../../core/conversion-result.js';
import type { MessageFormat } from '../../core/format.js';
import type { HistoryInspection, InspectionUse } from '../../core/history-inspection.js';
import type { HistoryMessage, ToolHistory, ToolResult } from '../../core/history.js';
import type { JsonObject } from '../../core/input-guards.js';
import type { HistoryIssue } from '../../core/issue.js';
import type { ProviderProfile } from '../../core/provider-profile.js';
import type { RuleContext } from '../../core/rule-context.js';
import type { AccumulatorCore, StreamEventHandler } from '../../core/stream/accumulator-core.js';
import type { WriterOptions } from './conversion-context.js';
import type { WireRepairHooks } from './wire-repair.js';

/** Options of a format's reader; each reader takes the fields its format has and ignores the rest. */
export interface ReadFormatOptions {
  /**
   * Makes ids for calls and responses that have none (Gemini).
   * @defaultValue random 9-character alphanumeric ids
   */
  readonly generateId?: CallIdGenerator | undefined;
  /** Anthropic's top-level `system` (a string or text blocks), read as a leading system message. */
  readonly system?: unknown;
  /** Gemini's `systemInstruction`, read as a leading system message. */
  readonly systemInstruction?: unknown;
  /** aiwrapper's `instructions`, read as a leading system message when it is a string. */
  readonly instructions?: unknown;
}

/** Options of a format's writer; each writer takes the fields its format has and ignores the rest. */
export interface WriteFormatOptions extends WriterOptions {
  /**
   * Gemini: what a call without a thought signature gets.
   * @defaultValue 'skip-validator'
   */
  readonly missingThoughtSignature?: 'skip-validator' | 'omit' | undefined;
  /**
   * Gemini: ids the reader generated, written as the part had them when read (none, empty, or a
   * response's made-up id).
   * @defaultValue every id is sent
   */
  readonly omitIds?: ReadonlySet<string> | undefined;
  /**
   * Gemini: results read from responses without an id of their own (given the id of the call
   * they answer); each is written as read, without one or with an empty one.
   * @defaultValue every id is sent
   */
  readonly responsesAsRead?: ReadonlySet<ToolResult> | undefined;
}

/** The status and body a provider answers a refused history with. */
export interface ProviderErrorResponse {
  readonly status: number;
  readonly body: unknown;
}

/**
 * How a format lays out what a neutral message holds:
 * - `chat`: one wire message per result; calls are indexed in `tool_calls`;
 * - `items`: one input item per assistant part and per result (OpenAI Responses);
 * - `blocks`: parts and results are blocks (parts, items) of one wire message.
 */
export type WireLayout = 'chat' | 'items' | 'blocks';

/**
 * What marks a message as a format's own when the format of a conversation is guessed (the CLI's
 * `--format` default). Each test looks for what no other format has.
 */
export interface WireSignature {
  /** True when the message itself has a shape only this format has (an item type, a role, a field). */
  readonly message?: ((message: JsonObject) => boolean) | undefined;
  /** True when an entry of the message's `content` array has a type only this format has. */
  readonly contentPart?: ((part: JsonObject) => boolean) | undefined;
}

/**
 * Everything the provider-neutral engines need to know about one message format. Engines reach a
 * format only through its adapter (see `formats/index.ts`), never by testing its name.
 */
export interface FormatAdapter<F extends MessageFormat, Written> {
  /** The format's name. */
  readonly format: F;
  /** The rules a history in this format must meet (ids, pairing scope, ordering). */
  readonly profile: ProviderProfile;
  /**
   * Validates `messages` with the provider's rules and wording, returning the turn table it read.
   * `context` carries what some rules depend on (model, thinking, host); absent means the defaults.
   * For `use` `'repair'` an issue's `param`, and the message of those core's pairing finds, may be
   * left out (see `InspectionUse`).
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
  /** Writes a neutral history as wire messages (`to*`). */
  write(history: ToolHistory, options?: WriteFormatOptions): Written;
  /** The request field that holds the messages. */
  readonly messagesKey: 'messages' | 'input' | 'contents';
  /**
   * The wire shape of the messages: formats that share one (Chat Completions and Mistral) read the
   * same messages, so a conversation in one can be checked by the other's rules.
   */
  readonly wireShape: string;
  /**
   * What marks a message as this format's, for guessing a conversation's format; `undefined` for
   * a format never guessed because another has the same shape (Mistral).
   */
  readonly signature: WireSignature | undefined;
  /** The request field that holds a system prompt kept outside the messages, if the format has one. */
  readonly systemField: 'system' | 'systemInstruction' | 'instructions' | undefined;
  /** How the wire lays out calls, results and parts. */
  readonly layout: WireLayout;
  /** The writer leaves out empty text parts (Anthropic, Gemini). */
  readonly dropsEmptyText: boolean;
  /**
   * Results are blocks of the user turn: the writer merges a results turn and a following user
   * message into one wire message (Anthropic).
   */
  readonly mergesResultsIntoUser: boolean;
  /**
   * The wire may omit call ids, and the reader then makes them up (Gemini); a writer leaves made-up
   * ids out again.
   */
  readonly generatesIds: boolean;
  /**
   * The API joins consecutive messages of one role into one turn (Anthropic), so two assistant
   * messages in a row are one call turn: a thinking block in the first goes with the `tool_use`
   * in the second, and trimming never cuts between them.
   */
  readonly mergesConsecutiveTurns?: boolean | undefined;
  /** A message without a `role` is a user turn (Gemini `contents`). */
  readonly roleOptionalForUser: boolean;
  /** The provider's status and error body for the first issue of a refused history, if it is a provider. */
  readonly errorResponseFor: ((issue: HistoryIssue) => ProviderErrorResponse) | undefined;
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
