// The neutral history every converter reads into and writes from; what it does not interpret
// stays opaque under its format, so a round trip loses nothing.
import type { MessageFormat } from './format.js';

/** Any JSON value. */
export type JsonValue =
  string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** Per-format extras (Gemini `thoughtSignature`, Anthropic `cache_control`, …), keyed by format. */
export type ProviderData = Readonly<
  Partial<Record<MessageFormat, Readonly<Record<string, unknown>>>>
>;

/** A piece of text in a user or assistant message. */
export interface TextPart {
  readonly type: 'text';
  readonly text: string;
  readonly providerData?: ProviderData | undefined;
}

/** Content the neutral model does not interpret (an image, a reasoning block), as `format` wrote it. */
export interface OpaquePart {
  readonly type: 'opaque';
  readonly format: MessageFormat;
  readonly value: unknown;
}

/** A tool call as the model requested it. */
export interface ToolCall {
  /** The provider's call id (assigned by this package where the provider gave none). */
  readonly callId: string;
  readonly name: string;
  /** The parsed arguments; `{}` when the text does not parse to a JSON object. */
  readonly arguments: Readonly<Record<string, unknown>>;
  /** Argument text as the model sent it, present only when it does not parse to a JSON object. */
  readonly argumentsText?: string | undefined;
}

/** A tool call inside an assistant message. */
export interface ToolCallPart extends ToolCall {
  readonly type: 'tool-call';
  readonly providerData?: ProviderData | undefined;
}

/** The result of one tool call. */
export interface ToolResult {
  readonly callId: string;
  /** The tool's name (`''` when neither the result nor its call names it). */
  readonly name: string;
  /** What the tool returned: text (a string) or any JSON value. */
  readonly content: JsonValue;
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

/** A provider-neutral conversation: what every `from*` converter returns and every `to*` reads. */
export type ToolHistory = readonly HistoryMessage[];

/** The tool calls of an assistant message, in order. */
export function toolCallsOf(message: AssistantMessage): ToolCallPart[] {
  return message.parts.filter((part): part is ToolCallPart => part.type === 'tool-call');
}

/** A result's content as text (Chat, Responses, Anthropic): a string as is, else its JSON. */
export function resultText(content: JsonValue): string {
  return typeof content === 'string' ? content : JSON.stringify(content);
}

/** Every code a {@link ConversionWarning} can carry. */
export type ConversionWarningCode =
  /** The target has no error flag on results (OpenAI Chat, Responses, Mistral, aiwrapper). */
  | 'dropped-error-flag'
  /** The target carries no result name, and the call it answers has another name (or none). */
  | 'dropped-result-name'
  /** The target needs arguments as an object; malformed argument text was replaced by `{}`. */
  | 'dropped-arguments-text'
  /** An opaque part (image, …) from another format was left out. */
  | 'dropped-content'
  /** Extras of another format (`cache_control`, item ids, …) were left out. */
  | 'dropped-provider-data'
  /** The target orders parts differently (Chat Completions puts text before calls). */
  | 'reordered-parts'
  /** A system message was moved out of the messages (Anthropic `system`, Gemini `systemInstruction`). */
  | 'moved-system-message'
  /** A Gemini call got the documented skip-validator thought signature. */
  | 'synthesized-thought-signature'
  /** The source gave no call id; the converter generated one. */
  | 'generated-call-id'
  /** Reasoning signed or encrypted for another provider was left out. */
  | 'dropped-reasoning'
  /** Repair left an issue no fix can mend without losing or making up content (Mistral last role). */
  | 'unrepaired-issue';

/** Something a conversion could not carry over exactly. Conversions never fail on these. */
export interface ConversionWarning {
  readonly code: ConversionWarningCode;
  /** Index of the message in the converter's input array. */
  readonly messageIndex: number;
  readonly callId?: string | undefined;
  /** What was lost or changed, and why. */
  readonly message: string;
}

/** The output of a conversion and everything it could not carry over. */
export interface ConversionResult<T> {
  /** A new array; the input is untouched. */
  readonly messages: T;
  /** Every loss, in message order. Empty when nothing was lost. */
  readonly warnings: readonly ConversionWarning[];
}
