import type { MessageFormat } from '../core/format.js';
import { isObject } from '../core/input-guards.js';
import type { HistoryIssue, ValidationResult } from '../errors/history-issue.js';
import { isToolHistoryError } from '../errors/tool-history-error.js';

export { isObject } from '../core/input-guards.js';

/** A wire format the strict server speaks. */
export type StrictServerFormat = Extract<
  MessageFormat,
  'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini' | 'mistral' | 'bedrock'
>;

/** One tool call a scripted reply makes. */
export interface ScriptedToolCall {
  /** The call id (Gemini shows only given ids). @defaultValue a fresh id in the provider's style */
  readonly id?: string | undefined;
  readonly name: string;
  /** A JSON string as on the wire, or an object to serialize. */
  readonly arguments: string | Readonly<Record<string, unknown>>;
}

/** What the strict server answers to one accepted request, whichever endpoint it came to. */
export interface ScriptedReply {
  /** Assistant text. @defaultValue none */
  readonly text?: string | undefined;
  readonly toolCalls?: readonly ScriptedToolCall[] | undefined;
}

/** A request the server accepted, as handed to a reply function. */
export interface StrictRequest {
  /** Which API the request came to. */
  readonly format: StrictServerFormat;
  /** The request path without query, e.g. `/v1/chat/completions`. */
  readonly path: string;
  readonly body: Readonly<Record<string, unknown>>;
}

/** A reply with ids assigned and arguments serialized. */
export interface ResolvedReply {
  readonly text: string | undefined;
  readonly toolCalls: readonly {
    readonly id: string;
    readonly idGiven: boolean;
    readonly name: string;
    readonly arguments: string;
  }[];
}

/** What an endpoint answers: one JSON body, or a 200 body written in chunks. */
export type EndpointReply =
  | {
      readonly kind: 'json';
      readonly status: number;
      readonly body: unknown;
      readonly contentType: string;
      readonly headers?: Readonly<Record<string, string>> | undefined;
    }
  | { readonly kind: 'stream'; readonly contentType: string; readonly chunks: readonly string[] };

/** A request as the router hands it to an endpoint. */
export interface EndpointRequest {
  readonly path: string;
  readonly query: URLSearchParams;
  readonly parsed: { readonly ok: true; readonly value: unknown } | { readonly ok: false };
  /** Values captured from the path (Gemini's model and method). */
  readonly params: Readonly<Record<string, string>>;
  /** The next scripted reply to the accepted `body`; rejects when the reply function throws. */
  reply(body: Readonly<Record<string, unknown>>): Promise<ResolvedReply>;
}

/** What an endpoint words in its provider's shape: a refusal, a body over the size limit, a
 * scripted reply that failed (400: a 5xx would be retried) and an unknown path. */
export type ErrorKind = 'invalid' | 'too-large' | 'server-error' | 'not-found';

/** The HTTP status of each {@link ErrorKind}. */
export const ERROR_STATUS: Readonly<Record<ErrorKind, number>> = {
  invalid: 400,
  'too-large': 413,
  'server-error': 400,
  'not-found': 404,
};

/** The JSON body of an OpenAI API error reply (Chat Completions and Responses). */
export interface OpenAIErrorBody {
  readonly error: {
    readonly message: string;
    readonly type: string;
    readonly param: string | null;
    readonly code: string | null;
  };
}

/** The error body each provider answers a refused history with. */
export interface ErrorBodies {
  readonly 'openai-chat': OpenAIErrorBody;
  readonly 'openai-responses': OpenAIErrorBody;
  /** Less its `request_id`. */
  readonly anthropic: {
    readonly type: 'error';
    readonly error: { readonly type: string; readonly message: string };
  };
  readonly gemini: {
    readonly error: { readonly code: number; readonly message: string; readonly status: string };
  };
  /** https://docs.mistral.ai/resources/error-glossary */
  readonly mistral: {
    readonly object: 'error';
    readonly message: string;
    readonly type: string;
    readonly param: string | null;
    readonly code: string | null;
  };
  readonly bedrock: { readonly message: string };
}

/** The status and body a provider answers a refused history with (plus its headers, if any). */
export interface ErrorReply<Body = unknown> {
  readonly status: number;
  readonly body: Body;
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/** One provider API on the strict server: where it lives, how it answers, how it words errors. */
export interface StrictEndpoint {
  readonly format: StrictServerFormat;
  /** The params captured from `path` when this endpoint serves it, else `undefined`. */
  match(path: string): Readonly<Record<string, string>> | undefined;
  handle(request: EndpointRequest): Promise<EndpointReply>;
  /** A fresh call id in the provider's style, for scripted calls without one. */
  newCallId(): string;
  reset?(): void;
  /** The provider's error reply of `kind` to a request for `path`. */
  error(kind: ErrorKind, message: string, path: string, query: URLSearchParams): EndpointReply;
  /** The provider's own 404 for unknown paths under `prefix`, where it differs from OpenAI's. */
  readonly notFound?: { readonly prefix: string; message(method: string, path: string): string };
}

/** A reply with one JSON body. */
export function jsonReply(
  status: number,
  body: unknown,
  contentType = 'application/json',
): EndpointReply {
  return { kind: 'json', status, body, contentType };
}

/** An {@link ErrorReply} as a JSON reply. */
export function errorReply({ status, body, headers }: ErrorReply): EndpointReply {
  return { kind: 'json', status, body, contentType: 'application/json', headers };
}

/** A 200 reply written chunk by chunk (server-sent events by default). */
export function streamReply(
  chunks: readonly string[],
  contentType = 'text/event-stream; charset=utf-8',
): EndpointReply {
  return { kind: 'stream', contentType, chunks };
}

/** One server-sent event; Gemini ends its lines with `\r\n`, OpenAI and Anthropic with `\n`. */
export function sseFrame(data: unknown, event?: string, newline = '\n'): string {
  const payload = typeof data === 'string' ? data : JSON.stringify(data);
  const name = event === undefined ? '' : `event: ${event}${newline}`;
  return `${name}data: ${payload}${newline}${newline}`;
}

/** A route matcher for a fixed set of paths. */
export function matchPaths(...paths: string[]): StrictEndpoint['match'] {
  return (path) => (paths.includes(path) ? {} : undefined);
}

/** Runs a validator: `refuse` words a message of a wrong shape, `onIssues` (or `refuse`) issues. */
export function refuseHistory(
  validate: () => ValidationResult,
  refuse: (message: string) => EndpointReply,
  onIssues = (issues: readonly [HistoryIssue, ...HistoryIssue[]]): EndpointReply =>
    refuse(issues[0].message),
): EndpointReply | undefined {
  try {
    const result = validate();
    return result.ok ? undefined : onIssues(result.issues);
  } catch (error) {
    if (isToolHistoryError(error)) return refuse(error.message);
    throw error;
  }
}

/** The index of the first message with a string `role` not in `roles`, else -1. */
export function badRoleAt(messages: readonly unknown[], roles: readonly string[]): number {
  return messages.findIndex(
    (message) =>
      isObject(message) && typeof message.role === 'string' && !roles.includes(message.role),
  );
}

/** Whether a message's `content` blocks (Anthropic, Bedrock) hold one `isToolBlock` accepts. */
export function holdsContentBlock(
  messages: readonly unknown[],
  isToolBlock: (block: Readonly<Record<string, unknown>>) => boolean,
): boolean {
  return messages.some(
    (message) =>
      isObject(message) &&
      Array.isArray(message.content) &&
      (message.content as readonly unknown[]).some(
        (block) => isObject(block) && isToolBlock(block),
      ),
  );
}

/** OpenAI's names for JSON types in its schema errors: "an integer", "an object", "null", … */
export function describeJsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a decimal number';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `prefix` and `length` random characters of `alphabet`. */
export function randomId(prefix: string, length: number, alphabet: string = ALPHANUMERIC): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(length));
  let id = prefix;
  for (const byte of bytes) id += alphabet.charAt(byte % alphabet.length);
  return id;
}

/** Splits text into pieces of at most 8 code points, at least two when it has two or more. */
export function fragments(text: string): string[] {
  const points = Array.from(text);
  const size = Math.max(1, Math.min(8, Math.ceil(points.length / 2)));
  const pieces: string[] = [];
  for (let start = 0; start < points.length; start += size)
    pieces.push(points.slice(start, start + size).join(''));
  return pieces;
}

/** A call's arguments as an object (Gemini's `args`); broken JSON stays readable as text. */
export function argumentsObject(call: ResolvedReply['toolCalls'][number]): unknown {
  try {
    return JSON.parse(call.arguments) as unknown;
  } catch {
    return { arguments: call.arguments };
  }
}
