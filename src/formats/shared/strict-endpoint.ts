import type { ProviderFormat } from '../../core/format.js';
import { isObject } from '../../core/input-guards.js';
import type { ScriptedReply } from './scripted-reply.js';

/** The endpoints the strict server speaks, named after the wire format each one takes. */
export const STRICT_SERVER_FORMATS: readonly [
  'openai-chat',
  'openai-responses',
  'anthropic',
  'gemini',
  'mistral',
  'bedrock',
] = [
  'openai-chat',
  'openai-responses',
  'anthropic',
  'gemini',
  'mistral',
  'bedrock',
] as const satisfies readonly ProviderFormat[];
/** A wire format the strict server speaks. */
export type StrictServerFormat = (typeof STRICT_SERVER_FORMATS)[number];

/** A request the server accepted, as handed to a reply function. */
export interface StrictRequest {
  /** Which API the request came to, so one reply function can serve every endpoint. */
  readonly format: StrictServerFormat;
  /** The request path without query, e.g. `/v1/chat/completions` or `/v1beta/models/gemini-2.5-flash:generateContent`. */
  readonly path: string;
  /** The parsed JSON body. */
  readonly body: Readonly<Record<string, unknown>>;
}

/** The outcome of parsing a request body as JSON. */
export type ParsedBody = { readonly ok: true; readonly value: unknown } | { readonly ok: false };

/** What an endpoint hands the router. */
export interface EndpointRequest {
  /** The request path, query removed. */
  readonly path: string;
  readonly query: URLSearchParams;
  /** The body text, parsed. */
  readonly parsed: ParsedBody;
  /** Values the router captured from the path (Gemini's model and method). */
  readonly params: Readonly<Record<string, string>>;
  /** The next scripted reply; rejects when the reply function throws. */
  nextReply(request: StrictRequest): Promise<ScriptedReply>;
}

/** What an endpoint answers: one JSON body, or a 200 body written in chunks (SSE frames, or a JSON array's elements). */
export type EndpointReply =
  | {
      readonly kind: 'json';
      readonly status: number;
      readonly body: unknown;
      readonly contentType: string;
    }
  | { readonly kind: 'stream'; readonly contentType: string; readonly chunks: readonly string[] };

/** One provider endpoint: answers requests, and forgets its state (stored responses) on reset. */
export interface Endpoint {
  handle(request: EndpointRequest): Promise<EndpointReply>;
  reset(): void;
}

/** A JSON reply. */
export function jsonReply(
  status: number,
  body: unknown,
  contentType = 'application/json',
): EndpointReply {
  return { kind: 'json', status, body, contentType };
}

/** A 200 reply written chunk by chunk (server-sent events by default). */
export function streamReply(
  chunks: readonly string[],
  contentType = 'text/event-stream; charset=utf-8',
): EndpointReply {
  return { kind: 'stream', contentType, chunks };
}

/**
 * One server-sent event: an optional `event:` line, a `data:` line, and a blank line. Gemini ends
 * its lines with `\r\n`; OpenAI and Anthropic with `\n`.
 */
export function sseFrame(
  data: unknown,
  options?: { readonly event?: string | undefined; readonly newline?: string | undefined },
): string {
  const newline = options?.newline ?? '\n';
  const payload = typeof data === 'string' ? data : JSON.stringify(data);
  const event = options?.event === undefined ? '' : `event: ${options.event}${newline}`;
  return `${event}data: ${payload}${newline}${newline}`;
}

/** Parses text as JSON without throwing. */
export function parseJson(text: string): ParsedBody {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Whether a value is a JSON object (not null, not an array): the validators' `isObject`. */
export const isJsonObject: (value: unknown) => value is Readonly<Record<string, unknown>> =
  isObject;

/**
 * Whether a message of `messages` (`{ content: [blocks] }`, as Anthropic and Bedrock write them)
 * holds a block `isToolBlock` accepts: the request rule `ProviderProfile.toolsWithToolHistory`
 * looks for calls and results this way, each format naming its own blocks.
 */
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

/** OpenAI's names for JSON types in its schema errors: "an integer", "a decimal number", "an object", "null", … */
export function describeJsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a decimal number';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/** The sentence a refused reply function produces, in every provider's error body. */
export function scriptFailureMessage(error: unknown): string {
  return `Scripted reply failed: ${error instanceof Error ? error.message : String(error)}`;
}

/** The seconds since the epoch, as providers stamp `created`. */
export function unixSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** The values a route captured from a path (Gemini's model and method), or none. */
export type RouteParams = Readonly<Record<string, string>>;

/** Where one provider's API lives on the strict server, and the endpoint that serves it. */
export interface StrictServerRoute {
  /** The wire format the endpoint takes. */
  readonly format: StrictServerFormat;
  /** The params captured from `path` when this route serves it (a `POST`), else `undefined`. */
  match(path: string): RouteParams | undefined;
  /** A fresh endpoint (with its own stored state). */
  createEndpoint(): Endpoint;
  /** The provider's error reply, in its own shape, for a {@link ServerFailure}. */
  failureReply(failure: ServerFailure, message: string): EndpointReply;
  /** The provider's own 404 for unknown paths under `prefix`, where it differs from OpenAI's. */
  readonly notFound?:
    { readonly prefix: string; reply(method: string, path: string): EndpointReply } | undefined;
}

/**
 * Why the server answers a request outside its endpoint's own rules: a body over the size limit
 * (413), or a failure while answering (400, never 5xx, which clients such as aiwrapper retry),
 * e.g. a reply function that returned `null` or a value JSON cannot hold (BigInt, a cycle).
 */
export type ServerFailure = 'too-large' | 'server-error';

/** The HTTP status the server answers a {@link ServerFailure} with. */
export function failureStatus(failure: ServerFailure): number {
  return failure === 'too-large' ? 413 : 400;
}

/** A route matcher for a fixed set of paths. */
export function matchPaths(...paths: string[]): (path: string) => RouteParams | undefined {
  const known: ReadonlySet<string> = new Set(paths);
  return (path) => (known.has(path) ? {} : undefined);
}
