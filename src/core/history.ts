/**
 * The provider-neutral history model: what every converter reads into and writes from.
 *
 * A history is a plain array of messages discriminated on `role`. Tool turns are first-class:
 * an assistant message holds its text and tool calls interleaved in the order the model produced
 * them, and a `tool` message holds one or more results. Everything a provider sends that the
 * model does not interpret (images, reasoning blocks, provider-only fields such as Gemini's
 * `thoughtSignature` or Anthropic's `cache_control`) is kept, opaque, under the format it came
 * from, so converting back to that format loses nothing.
 */
import type { MessageFormat } from './format.js';

/** Any JSON value. */
export type JsonValue =
  string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/**
 * Per-format extras a converter cannot map onto the neutral model (Gemini `thoughtSignature`,
 * Anthropic `cache_control`, Responses item `id`s, aiwrapper `meta`, …), keyed by the format
 * they came from. Only the converter of that format writes them back; the others drop them
 * with a `dropped-provider-data` warning.
 */
export type ProviderData = Readonly<
  Partial<Record<MessageFormat, Readonly<Record<string, unknown>>>>
>;

/** A piece of text in a user or assistant message. */
export interface TextPart {
  readonly type: 'text';
  readonly text: string;
  readonly providerData?: ProviderData | undefined;
}

/**
 * Content the neutral model does not interpret (an image, a file, a reasoning block, a
 * provider's server-side tool call), kept exactly as `format` wrote it. Converting to `format`
 * writes `value` back verbatim; converting to any other format drops it with a
 * `dropped-content` warning.
 */
export interface OpaquePart {
  readonly type: 'opaque';
  /** The format `value` is written in. */
  readonly format: MessageFormat;
  /** The part, item or block as the format holds it. */
  readonly value: unknown;
}

/**
 * A tool call inside an assistant message.
 *
 * `arguments` holds the parsed arguments object. When the model sent argument text that does not
 * parse to a JSON object, `argumentsText` keeps that text exactly as sent and `arguments` is `{}`.
 */
export interface ToolCallPart {
  readonly type: 'tool-call';
  /** The provider's call id (assigned by the converter where the provider gave none). */
  readonly callId: string;
  /** The tool's name. */
  readonly name: string;
  /** The parsed arguments. */
  readonly arguments: Readonly<Record<string, unknown>>;
  /** Argument text as the model sent it, present only when it does not parse to a JSON object. */
  readonly argumentsText?: string | undefined;
  readonly providerData?: ProviderData | undefined;
}

/** The result of one tool call. */
export interface ToolResult {
  /** The id of the call this answers. */
  readonly callId: string;
  /** The tool's name (`''` when neither the result nor its call names it). */
  readonly name: string;
  /** What the tool returned: text (a string) or any JSON value. */
  readonly content: JsonValue;
  /** True when the result reports a failure. */
  readonly isError: boolean;
  /** Index of the source message that held this result, when converted from a format. */
  readonly sourceIndex?: number | undefined;
  readonly providerData?: ProviderData | undefined;
}

interface MessageBase {
  /** Index of the message in the source array it was converted from, for error reporting. */
  readonly sourceIndex?: number | undefined;
  readonly providerData?: ProviderData | undefined;
}

/** Instructions from the developer (`system`, `developer`, Anthropic `system`, Gemini `systemInstruction`). */
export interface SystemMessage extends MessageBase {
  readonly role: 'system';
  readonly text: string;
}

/** A user turn: text and opaque parts (images, files, …). */
export interface UserMessage extends MessageBase {
  readonly role: 'user';
  readonly parts: readonly (TextPart | OpaquePart)[];
}

/** A model turn: text, tool calls and opaque parts (reasoning, …) in the order produced. */
export interface AssistantMessage extends MessageBase {
  readonly role: 'assistant';
  readonly parts: readonly (TextPart | ToolCallPart | OpaquePart)[];
}

/** One or more tool results. Converters put consecutive results into one such message. */
export interface ToolResultsMessage extends MessageBase {
  readonly role: 'tool';
  readonly results: readonly ToolResult[];
}

/** One message of a {@link ToolHistory}, discriminated on `role`. */
export type HistoryMessage = SystemMessage | UserMessage | AssistantMessage | ToolResultsMessage;

/** A provider-neutral conversation: what every `from*` converter returns and every `to*` converter reads. */
export type ToolHistory = readonly HistoryMessage[];

/** The tool calls of an assistant message, in order. */
export function toolCallsOf(message: AssistantMessage): ToolCallPart[] {
  return message.parts.filter((part): part is ToolCallPart => part.type === 'tool-call');
}
