/// <reference types="node" />
// The build config sets `types: []`; testing/ is the only folder of src/ that needs Node's types.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import type { HistoryIssue } from '../errors/history-issue.js';
import { ToolHistoryError } from '../errors/tool-history-error.js';
import { ANTHROPIC_ENDPOINT, anthropicErrorBody } from './anthropic/anthropic-endpoint.js';
import { BEDROCK_ENDPOINT, bedrockErrorBody } from './bedrock/bedrock-endpoint.js';
import type {
  EndpointReply,
  EndpointRequest,
  ErrorBodies,
  ErrorReply,
  ScriptedReply,
  ErrorKind,
  ResolvedReply,
  StrictEndpoint,
  StrictRequest,
  StrictServerFormat,
} from './endpoint.js';
import { GEMINI_ENDPOINT, geminiErrorBody } from './gemini/gemini-endpoint.js';
import { MISTRAL_ENDPOINT, mistralErrorBody } from './mistral/mistral-endpoint.js';
import {
  OPENAI_CHAT_ENDPOINT,
  openAIErrorBody,
  openAIErrorReply,
} from './openai-chat/openai-chat-endpoint.js';
import { recordedRequestsPage, VIEW_PATH } from './view-route.js';
import { createResponsesEndpoint } from './openai-responses/openai-responses-endpoint.js';

const ERROR_BODIES: {
  readonly [F in StrictServerFormat]: (issue: HistoryIssue) => ErrorReply<ErrorBodies[F]>;
} = {
  'openai-chat': openAIErrorBody,
  'openai-responses': openAIErrorBody,
  anthropic: anthropicErrorBody,
  gemini: geminiErrorBody,
  mistral: mistralErrorBody,
  bedrock: bedrockErrorBody,
};

/**
 * The status, error body and headers a provider answers a refused history with, for an issue its
 * validator found: what the strict server sends.
 *
 * @throws {ToolHistoryError} `invalid-input` for a format the strict server does not speak.
 * @example
 * const result = validateHistory(messages, { format: 'anthropic' });
 * if (!result.ok) {
 *   const { status, body } = errorBodyFor('anthropic', result.issues[0]);
 *   console.log(status, body.error.message);
 * }
 */
export function errorBodyFor<F extends StrictServerFormat>(
  format: F,
  issue: HistoryIssue,
): ErrorReply<ErrorBodies[F]> {
  if (!Object.hasOwn(ERROR_BODIES, format))
    throw new ToolHistoryError(
      'invalid-input',
      `errorBodyFor: the strict server does not speak ${JSON.stringify(format)}; use one of ${Object.keys(ERROR_BODIES).join(', ')}.`,
    );
  return ERROR_BODIES[format](issue);
}

/** Options of {@link startStrictServer}. */
export interface StrictServerOptions {
  /** Replies in order (one queue for all endpoints; see `enqueue`), then the reply function, then `ok`. */
  readonly replies?:
    | readonly ScriptedReply[]
    | ((request: StrictRequest) => ScriptedReply | Promise<ScriptedReply>)
    | undefined;
  /** The largest request body, else 413 in the provider's shape. @defaultValue 32 MiB */
  readonly maxBodyBytes?: number | undefined;
  /** How many requests {@link StrictServer.requests} keeps. @defaultValue 1000 */
  readonly maxRecordedRequests?: number | undefined;
  /** Body bytes the recorded requests may hold together (the newest stays). @defaultValue 16 MiB */
  readonly maxRecordedBodyBytes?: number | undefined;
  /** Time a client has to send a request's headers, else 408 and close. @defaultValue 10000 */
  readonly headersTimeoutMs?: number | undefined;
  /** Time a client has to send a whole request. @defaultValue the larger of 30000 and `headersTimeoutMs` */
  readonly requestTimeoutMs?: number | undefined;
}

/** One request the server received, whatever its outcome. */
export interface RecordedRequest {
  /** The request path (query string removed). */
  readonly path: string;
  /** The parsed JSON body; the raw text when it was not JSON; `undefined` when empty. */
  readonly body: unknown;
  readonly status: number;
  /** The error body of a refused request (4xx), in the provider's shape and wording. */
  readonly error?: unknown;
}

/** A running strict server. */
export interface StrictServer {
  /** Origin, e.g. `http://127.0.0.1:54321`: the Anthropic and Gemini clients' base URL. */
  readonly url: string;
  /** `url + '/v1'`: what OpenAI clients take as `baseURL`. */
  readonly baseURL: string;
  /** `url + '/__view'`: an HTML page of the recorded requests and refusals, for a failing test to print. */
  readonly viewURL: string;
  /** The requests received, in arrival order, within the recording limits. */
  readonly requests: readonly RecordedRequest[];
  /** How many older requests were dropped from {@link StrictServer.requests}. */
  readonly droppedRequests: number;
  readonly lastRequest: RecordedRequest | undefined;
  /** Adds replies to the end of the queue. */
  enqueue(...replies: ScriptedReply[]): void;
  /** Forgets recorded requests, queued replies and stored Responses API responses. */
  reset(): void;
  /** Stops listening and closes every connection; calling it again returns the same promise. */
  close(): Promise<void>;
}

const count = z.int().nonnegative();
// Node's timers hold at most 2^31 - 1 ms (0x7fffffff); a longer one fires at once.
const milliseconds = z.int().positive().max(0x7fffffff);
const optionsSchema = z
  .object({
    maxBodyBytes: count.optional(),
    maxRecordedRequests: z.int().positive().optional(),
    maxRecordedBodyBytes: count.optional(),
    headersTimeoutMs: milliseconds.optional(),
    requestTimeoutMs: milliseconds.optional(),
  })
  .optional()
  .refine(
    (options) =>
      options?.headersTimeoutMs === undefined ||
      options.requestTimeoutMs === undefined ||
      options.headersTimeoutMs <= options.requestTimeoutMs,
    { message: 'headersTimeoutMs must not be larger than requestTimeoutMs' },
  );

/**
 * Starts a local HTTP server on 127.0.0.1 that speaks the OpenAI Chat and Responses, Anthropic,
 * Gemini, Mistral and Bedrock Converse APIs and refuses tool-call histories exactly as each
 * provider does (status, body, wording); it never answers 5xx. Routes: `POST /v1/chat/completions`,
 * `/v1/responses`, `/v1/messages`, `/v1beta/models/{model}:generateContent` and
 * `:streamGenerateContent`, `/mistral/v1/chat/completions`, `/model/{modelId}/converse`;
 * `GET /__view` ({@link StrictServer.viewURL}) shows the recorded requests and refusals as HTML.
 *
 * @throws {ToolHistoryError} `invalid-input` naming a bad option.
 * @example
 * const server = await startStrictServer({ replies: [{ text: 'Hi!' }] });
 * setHttpRequestImpl(routeToStrictServer(server));
 * await Lang.anthropic({ apiKey: 'test', model: 'claude-sonnet-4-5-20250929' }).ask('Hello');
 * await server.close();
 */
export async function startStrictServer(options?: StrictServerOptions): Promise<StrictServer> {
  const parsed = optionsSchema.safeParse(options);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${['options', ...issue.path].join('.')}: ${issue.message}`)
      .join('; ');
    throw new ToolHistoryError(
      'invalid-input',
      `startStrictServer: ${problems}. Limits are whole numbers (timeouts in ms, 1 to 2147483647).`,
      { cause: parsed.error },
    );
  }
  const replies = options?.replies;
  const maxBodyBytes = options?.maxBodyBytes ?? 32 * 1024 * 1024;
  const headersTimeoutMs = options?.headersTimeoutMs ?? 10_000;
  const log = requestLog(
    options?.maxRecordedRequests ?? 1000,
    options?.maxRecordedBodyBytes ?? 16 * 1024 * 1024,
  );
  let queue: ScriptedReply[] = typeof replies === 'function' ? [] : [...(replies ?? [])];
  // One endpoint per wire format; only the Responses API's keeps state (its stored responses).
  const endpoints: readonly StrictEndpoint[] = [
    OPENAI_CHAT_ENDPOINT,
    MISTRAL_ENDPOINT,
    createResponsesEndpoint(),
    ANTHROPIC_ENDPOINT,
    GEMINI_ENDPOINT,
    BEDROCK_ENDPOINT,
  ];
  // Errors take the shape of the provider that serves the path or owns its prefix, else OpenAI's.
  const underPrefix = (path: string): StrictEndpoint | undefined =>
    endpoints.find((endpoint) => path.startsWith(endpoint.notFound?.prefix ?? '\0'));
  const failure = (target: URL, kind: ErrorKind, message: string): EndpointReply => {
    const path = target.pathname;
    const owner = endpoints.find((endpoint) => endpoint.match(path) !== undefined);
    const endpoint = owner ?? underPrefix(path);
    return endpoint === undefined
      ? openAIErrorReply(kind, message)
      : endpoint.error(kind, message, path, target.searchParams);
  };
  // The next scripted reply, with missing call ids assigned and object arguments serialized.
  const nextReply = async (
    endpoint: StrictEndpoint,
    request: StrictRequest,
  ): Promise<ResolvedReply> => {
    const reply =
      queue.shift() ?? (await (typeof replies === 'function' ? replies(request) : { text: 'ok' }));
    return {
      text: reply.text,
      toolCalls: (reply.toolCalls ?? []).map(({ id, name, arguments: args }) => ({
        id: id ?? endpoint.newCallId(),
        idGiven: id !== undefined,
        name,
        arguments: typeof args === 'string' ? args : JSON.stringify(args),
      })),
    };
  };
  const route = async (method: string, target: URL, parsed: Parsed): Promise<EndpointReply> => {
    const { pathname: path, searchParams: query } = target;
    for (const endpoint of method === 'POST' ? endpoints : []) {
      const params = endpoint.match(path);
      if (params === undefined) continue;
      const reply = async (body: StrictRequest['body']): Promise<ResolvedReply> =>
        nextReply(endpoint, { format: endpoint.format, path, body });
      return endpoint.handle({ path, query, parsed, params, reply });
    }
    const owner = underPrefix(path);
    return owner?.notFound === undefined
      ? openAIErrorReply('not-found', `Invalid URL (${method} ${path})`)
      : owner.error('not-found', owner.notFound.message(method, path), path, query);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const target = parseTarget(request.url);
    if (request.method === 'GET' && target.pathname === VIEW_PATH) {
      const page = recordedRequestsPage(
        log.entries.map((entry) => entry.request),
        endpoints,
      );
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page);
      return;
    }
    const body = await readBody(request, maxBodyBytes);
    const parsed = body.kind === 'read' ? body.parsed : { ok: false as const };
    let reply: EndpointReply;
    let chunks: readonly string[];
    try {
      reply =
        body.kind === 'too-large'
          ? failure(
              target,
              'too-large',
              `The request body is ${body.size} bytes, over the strict server's limit of ${maxBodyBytes} bytes (option maxBodyBytes).`,
            )
          : await route(request.method ?? 'GET', target, parsed);
      chunks = reply.kind === 'json' ? [JSON.stringify(reply.body)] : reply.chunks;
    } catch (error) {
      // A reply function that throws, or a reply JSON cannot hold: answered and recorded.
      const message = error instanceof Error ? error.message : String(error);
      reply = failure(target, 'server-error', `Scripted reply failed: ${message}`);
      chunks = [JSON.stringify(reply.kind === 'json' ? reply.body : null)];
    }
    const status = reply.kind === 'json' ? reply.status : 200;
    const text = body.kind === 'read' && body.text !== '' ? body.text : undefined;
    const error = reply.kind === 'json' && status >= 400 ? { error: reply.body } : {};
    const recorded = { path: target.pathname, body: parsed.ok ? parsed.value : text, status };
    log.add({ ...recorded, ...error }, body.kind === 'read' ? body.bytes : 0);
    const headers = reply.kind === 'json' ? reply.headers : { 'cache-control': 'no-cache' };
    response.writeHead(status, { 'content-type': reply.contentType, ...headers });
    // A JSON body goes in one write, with its length; a stream chunk by chunk.
    if (reply.kind === 'json') response.end(chunks[0]);
    else {
      for (const chunk of chunks) response.write(chunk);
      response.end();
    }
  };

  const server = createServer(
    {
      headersTimeout: headersTimeoutMs,
      requestTimeout: options?.requestTimeoutMs ?? Math.max(30_000, headersTimeoutMs),
      // Node checks the two timeouts above only this often (30 s by default).
      connectionsCheckingInterval: Math.min(1000, Math.ceil(headersTimeoutMs / 2)),
    },
    (request, response) => {
      handle(request, response).catch((error: unknown) => {
        // Reading the request failed (the client went away); nothing sensible can be answered.
        response.destroy(error instanceof Error ? error : undefined);
      });
    },
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    baseURL: `${url}/v1`,
    viewURL: `${url}${VIEW_PATH}`,
    get requests() {
      return log.entries.map((entry) => entry.request);
    },
    get droppedRequests() {
      return log.dropped;
    },
    get lastRequest() {
      return log.entries.at(-1)?.request;
    },
    enqueue(...more) {
      queue.push(...more);
    },
    reset() {
      log.clear();
      queue = [];
      for (const endpoint of endpoints) endpoint.reset?.();
    },
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error === undefined) resolve();
          else reject(error);
        });
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** The recorded requests, bounded by count and body bytes: the oldest go first. */
function requestLog(maxRequests: number, maxBytes: number) {
  const log = {
    entries: [] as { readonly request: RecordedRequest; readonly bytes: number }[],
    bytes: 0,
    dropped: 0,
    add(request: RecordedRequest, bytes: number): void {
      log.entries.push({ request, bytes });
      log.bytes += bytes;
      while (log.entries.length > 1 && (log.entries.length > maxRequests || log.bytes > maxBytes)) {
        log.bytes -= log.entries.shift()?.bytes ?? 0;
        log.dropped += 1;
      }
    },
    clear(): void {
      Object.assign(log, { entries: [], bytes: 0, dropped: 0 });
    },
  };
  return log;
}

type RequestBody =
  | {
      readonly kind: 'read';
      readonly text: string;
      readonly bytes: number;
      readonly parsed: Parsed;
    }
  | { readonly kind: 'too-large'; readonly size: number };

type Parsed = EndpointRequest['parsed'];

/** Reads the body to its end (so the client gets the 413), keeping at most `limit` bytes. */
async function readBody(request: IncomingMessage, limit: number): Promise<RequestBody> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size <= limit) chunks.push(buffer);
  }
  if (size > limit) return { kind: 'too-large', size };
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return { kind: 'read', text, bytes: size, parsed: { ok: true, value: JSON.parse(text) } };
  } catch {
    return { kind: 'read', text, bytes: size, parsed: { ok: false } };
  }
}

/** The request target as a URL; a target `URL` cannot parse keeps its text as the path. */
function parseTarget(target: string | undefined): URL {
  try {
    return new URL(target ?? '/', 'http://localhost');
  } catch {
    const url = new URL('http://localhost/');
    url.pathname = target ?? '/';
    return url;
  }
}
