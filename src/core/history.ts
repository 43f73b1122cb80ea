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

/** A tool call as the model requested it; `callId` is made up where the provider gave none. */
export interface ToolCall {
  readonly callId: string;
  readonly name: string;
  /** The parsed arguments; `{}` when the text does not parse to a JSON object. */
  readonly arguments: Readonly<Record<string, unknown>>;
  /** Argument text as the model sent it, present only when it does not parse to a JSON object (or on a custom call). */
  readonly argumentsText?: string | undefined;
  /** `'custom'`: a free-form call (Chat `type: 'custom'`, Responses `custom_tool_call`) whose input is `argumentsText`. */
  readonly kind?: 'custom' | undefined;
}

/** A tool call inside an assistant message. */
export interface ToolCallPart extends ToolCall {
  readonly type: 'tool-call';
  readonly providerData?: ProviderData | undefined;
}

/** An image or a document in a tool result: inline base64 `data`, a `url`, or a provider's `fileId`. */
export interface MediaPart {
  readonly type: 'image' | 'document';
  /** The IANA media type (`image/png`, `application/pdf`); set whenever `data` is. */
  readonly mediaType?: string | undefined;
  /** Base64 bytes. */
  readonly data?: string | undefined;
  readonly url?: string | undefined;
  readonly fileId?: string | undefined;
  readonly filename?: string | undefined;
  readonly providerData?: ProviderData | undefined;
}

/** A JSON value as one piece of a tool result (MCP `structuredContent`, a Gemini `response`). */
export interface JsonPart {
  readonly type: 'json';
  readonly value: JsonValue;
}

/** One piece of a tool result that holds more than text. */
export type ResultPart = TextPart | MediaPart | JsonPart;

/** The result of one tool call. */
export interface ToolResult {
  readonly callId: string;
  /** `''` when neither the result nor its call names it. */
  readonly name: string;
  /** Text (a string) or any JSON value; with `parts`, their text joined (what a text-only format sends). */
  readonly content: JsonValue;
  /** The content in order, present only when it holds an image or a document. */
  readonly parts?: readonly ResultPart[] | undefined;
  readonly isError: boolean;
  /** `'custom'`: the result of a custom call (Responses writes it as `custom_tool_call_output`). */
  readonly kind?: 'custom' | undefined;
  /** Index of the source message that held this result, when converted from a format. */
  readonly sourceIndex?: number | undefined;
  readonly providerData?: ProviderData | undefined;
}

interface MessageBase {
  /** Index of the message in the array it was read from, for error reporting. */
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

/**
 * A result's `content` read from its pieces: the text pieces joined with newlines, else the one
 * JSON piece's value, else `''`. Readers set `parts` beside it only when a piece is a {@link MediaPart}.
 */
export function contentOfParts(parts: readonly ResultPart[]): JsonValue {
  const texts = parts.filter((part): part is TextPart => part.type === 'text');
  if (texts.length > 0) return texts.map((part) => part.text).join('\n');
  const json = parts.find((part): part is JsonPart => part.type === 'json');
  return json === undefined ? '' : json.value;
}

/** `content` as the first piece of a result's `parts`: its text, or its JSON. */
export function contentPiece(content: JsonValue): TextPart | JsonPart {
  return typeof content === 'string'
    ? { type: 'text', text: content }
    : { type: 'json', value: content };
}

const DATA_URL = /^data:([^;,]+);base64,(.*)$/s;

/** The media type and base64 bytes of a `data:` URL; `undefined` for any other URL. */
export function parseDataUrl(url: string): { mediaType: string; data: string } | undefined {
  const match = DATA_URL.exec(url);
  return match === null ? undefined : { mediaType: match[1] ?? '', data: match[2] ?? '' };
}

/** A medium's bytes as a `data:` URL (Chat and Responses send media so); `undefined` without bytes. */
export function dataUrlOf(part: MediaPart): string | undefined {
  return part.data === undefined ? undefined : `data:${part.mediaType ?? ''};base64,${part.data}`;
}

const MEDIA_KEYS = ['mediaType', 'data', 'url', 'fileId', 'filename'] as const;

/**
 * What of a medium a format's piece does not hold: the fields reading the written piece back
 * (`back`, `undefined` when nothing was written) does not give, as a phrase for a warning.
 */
export function lostMedia(part: MediaPart, back: ResultPart | undefined): string | undefined {
  const lost = MEDIA_KEYS.filter(
    (key) => part[key] !== undefined && (back?.type !== part.type || back[key] !== part[key]),
  );
  return lost.length === 0 ? undefined : `the ${lost.join(', ')} of a result ${part.type}`;
}

/**
 * Every code a {@link ConversionWarning} can carry: what the target format cannot hold (an error
 * flag, a result name, malformed argument text, another format's content, extras or reasoning),
 * parts reordered or a system message moved for it, a Gemini skip-validator thought signature or
 * a call id made up, and an issue repair cannot mend without losing or making up content.
 */
export type ConversionWarningCode =
  | 'dropped-error-flag'
  | 'dropped-result-name'
  | 'dropped-arguments-text'
  | 'dropped-content'
  | 'dropped-provider-data'
  | 'reordered-parts'
  | 'moved-system-message'
  | 'synthesized-thought-signature'
  | 'generated-call-id'
  | 'dropped-reasoning'
  | 'unrepaired-issue';

/** Something a conversion could not carry over exactly (at the converter's input index). */
export interface ConversionWarning {
  readonly code: ConversionWarningCode;
  readonly messageIndex: number;
  readonly callId?: string | undefined;
  /** What was lost or changed, and why. */
  readonly message: string;
}

/** The output of a conversion (a new array) and every loss, in message order. */
export interface ConversionResult<T> {
  readonly messages: T;
  readonly warnings: readonly ConversionWarning[];
}
