/// <reference types="node" />
// The build config sets `types: []`; the server files are the only ones in src/ that need Node's types.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseJson, scriptFailureMessage } from '../formats/shared/strict-endpoint.js';
import {
  failureReplyFor,
  notFoundReply,
  STRICT_SERVER_ROUTES,
} from '../formats/strict-server-routes.js';
import type {
  Endpoint,
  EndpointReply,
  ParsedBody,
  RouteParams,
  StrictRequest,
  StrictServerRoute,
} from '../formats/shared/strict-endpoint.js';
import type { ScriptedReply } from '../formats/shared/scripted-reply.js';
import { RequestLog } from './request-log.js';
import { strictServerSettings } from './strict-server-options.js';
import type { StrictServerOptions } from './strict-server-options.js';

export type { ReplyScript, StrictServerOptions } from './strict-server-options.js';

/** One request the server received, whatever its outcome. */
export interface RecordedRequest {
  /** The request path (query string removed). */
  readonly path: string;
  /** The parsed JSON body; the raw text when it was not JSON; `undefined` when empty. */
  readonly body: unknown;
  /** The HTTP status the server answered with. */
  readonly status: number;
  /**
   * The error body the server answered a refused request with (status 4xx), in the provider's own
   * shape and wording (e.g. OpenAI's `{ error: { message, type, param, code } }`); absent when the
   * request was accepted.
   */
  readonly error?: unknown;
}

/** A running strict server. */
export interface StrictServer {
  /** Origin, e.g. `http://127.0.0.1:54321`: the Anthropic and Gemini clients' base URL. */
  readonly url: string;
  /** `url + '/v1'`: what OpenAI clients (Chat Completions and Responses) take as `baseURL`. */
  readonly baseURL: string;
  /**
   * The requests received, in arrival order: the newest ones, within
   * {@link StrictServerOptions.maxRecordedRequests} and
   * {@link StrictServerOptions.maxRecordedBodyBytes}.
   */
  readonly requests: readonly RecordedRequest[];
  /** How many older requests were dropped from {@link StrictServer.requests} to keep it bounded. */
  readonly droppedRequests: number;
  /** The most recent request, if any. */
  readonly lastRequest: RecordedRequest | undefined;
  /** Adds replies to the end of the queue. */
  enqueue(...replies: ScriptedReply[]): void;
  /**
   * Forgets recorded requests (and the count of dropped ones), queued replies and stored Responses
   * API responses (a reply function stays).
   */
  reset(): void;
  /**
   * Stops listening and closes every open connection, keep-alive ones included. Calling it again
   * returns the same promise.
   */
  close(): Promise<void>;
}

/**
 * Starts a local HTTP server on 127.0.0.1 (a free port) that speaks four provider APIs and refuses
 * tool-call histories exactly as each provider does, with its status, error body and wording.
 *
 * | Route | API | Streams when |
 * |---|---|---|
 * | `POST /v1/chat/completions` (or `/chat/completions`) | OpenAI Chat Completions | `stream: true` |
 * | `POST /v1/responses` (or `/responses`) | OpenAI Responses | `stream: true` |
 * | `POST /v1/messages` | Anthropic Messages | `stream: true` |
 * | `POST /v1beta/models/{model}:generateContent` | Gemini | never |
 * | `POST /v1beta/models/{model}:streamGenerateContent` | Gemini | always (SSE with `?alt=sse`, else a JSON array) |
 *
 * Accepted requests get the next scripted reply in that API's exact shape, tool-call arguments
 * split across deltas where the API streams them. The Responses endpoint keeps the responses it
 * gave (unless `store: false`) so a follow-up with `previous_response_id` is checked against the
 * whole conversation, as OpenAI does. Slow clients are cut off: a request whose headers (or whole
 * body) have not arrived within {@link StrictServerOptions.headersTimeoutMs} (or
 * {@link StrictServerOptions.requestTimeoutMs}) is answered 408 and its connection closed. The
 * record of requests is bounded (see {@link StrictServer.droppedRequests}). Any other route gets OpenAI's 404 "Invalid URL" (Google's
 * 404 under `/v1beta/`). The server never answers 5xx (clients such as aiwrapper retry those): a
 * reply function that throws gets a 400 whose error type is `strict_server_error`.
 *
 * To send aiwrapper's Anthropic and Google providers (which call fixed URLs) here, pass
 * {@link routeToStrictServer} to aiwrapper's `setHttpRequestImpl`.
 *
 * @example
 * const server = await startStrictServer({ replies: [{ toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] }] });
 * setHttpRequestImpl(routeToStrictServer(server));
 * const lang = Lang.anthropic({ apiKey: 'test', model: 'claude-sonnet-4-5-20250929' });
 * // … run the agent loop …
 * expect(server.requests.map((request) => request.status)).toEqual([200, 200]);
 * await server.close();
 */
export async function startStrictServer(options?: StrictServerOptions): Promise<StrictServer> {
  const settings = strictServerSettings(options);
  const { replies, defaultText, maxBodyBytes } = settings;
  const script = typeof replies === 'function' ? replies : undefined;
  const initial: readonly ScriptedReply[] = typeof replies === 'function' ? [] : (replies ?? []);
  let queue: ScriptedReply[] = [...initial];
  const log = new RequestLog(settings.maxRecordedRequests, settings.maxRecordedBodyBytes);
  const endpoints = new Map<StrictServerRoute, Endpoint>(
    STRICT_SERVER_ROUTES.map((route) => [route, route.createEndpoint()]),
  );

  const nextReply = async (request: StrictRequest): Promise<ScriptedReply> => {
    const queued = queue.shift();
    if (queued !== undefined) return queued;
    return script === undefined ? { text: defaultText } : script(request);
  };

  const answer = async (
    request: IncomingMessage,
    path: string,
    query: URLSearchParams,
    body: RequestBody,
    parsed: ParsedBody,
  ): Promise<EndpointReply> => {
    if (body.kind === 'too-large')
      return failureReplyFor(
        path,
        'too-large',
        `The request body is ${String(body.size)} bytes, over the strict server's limit of ${String(maxBodyBytes)} bytes (option maxBodyBytes).`,
      );
    const method = request.method ?? 'GET';
    const route = method === 'POST' ? findRoute(endpoints, path) : undefined;
    if (route === undefined) return notFoundReply(method, path);
    try {
      return await route.endpoint.handle({
        path,
        query,
        parsed,
        params: route.params,
        nextReply,
      });
    } catch (error) {
      // A reply function that answered null, or a value the reply writers cannot serialize
      // (BigInt, a cycle): the request is answered and recorded, never dropped.
      return failureReplyFor(path, 'server-error', scriptFailureMessage(error));
    }
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const target = parseTarget(request.url);
    const path = target.pathname;
    const body = await readBody(request, maxBodyBytes);
    const parsed = body.kind === 'read' ? parseJson(body.text) : { ok: false as const };
    let reply = await answer(request, path, target.searchParams, body, parsed);
    let payload: string | readonly string[];
    try {
      payload = reply.kind === 'json' ? JSON.stringify(reply.body) : reply.chunks;
    } catch (error) {
      reply = failureReplyFor(path, 'server-error', scriptFailureMessage(error));
      payload = reply.kind === 'json' ? JSON.stringify(reply.body) : reply.chunks;
    }
    const status = reply.kind === 'json' ? reply.status : 200;
    const record: RecordedRequest = {
      path,
      body: parsed.ok
        ? parsed.value
        : body.kind === 'too-large' || body.text === ''
          ? undefined
          : body.text,
      status,
      ...(reply.kind === 'json' && reply.status >= 400 ? { error: reply.body } : {}),
    };
    log.add(record, body.kind === 'read' ? body.bytes : 0);
    if (typeof payload === 'string') {
      response.writeHead(status, { 'content-type': reply.contentType });
      response.end(payload);
      return;
    }
    response.writeHead(200, { 'content-type': reply.contentType, 'cache-control': 'no-cache' });
    for (const chunk of payload) response.write(chunk);
    response.end();
  };

  const server = createServer(
    {
      headersTimeout: settings.headersTimeoutMs,
      requestTimeout: settings.requestTimeoutMs,
      keepAliveTimeout: settings.keepAliveTimeoutMs,
      // Node checks the two timeouts above only this often (30 s by default).
      connectionsCheckingInterval: Math.min(1000, Math.ceil(settings.headersTimeoutMs / 2)),
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
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  let closing: Promise<void> | undefined;

  return {
    url,
    baseURL: `${url}/v1`,
    get requests(): readonly RecordedRequest[] {
      return log.requests;
    },
    get droppedRequests(): number {
      return log.dropped;
    },
    get lastRequest(): RecordedRequest | undefined {
      return log.last;
    },
    enqueue(...replies: ScriptedReply[]): void {
      queue.push(...replies);
    },
    reset(): void {
      log.clear();
      queue = [];
      for (const endpoint of endpoints.values()) endpoint.reset();
    },
    close(): Promise<void> {
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

interface Route {
  readonly endpoint: Endpoint;
  readonly params: RouteParams;
}

function findRoute(
  endpoints: ReadonlyMap<StrictServerRoute, Endpoint>,
  path: string,
): Route | undefined {
  for (const [route, endpoint] of endpoints) {
    const params = route.match(path);
    if (params !== undefined) return { endpoint, params };
  }
  return undefined;
}

/** A request body: its text and size, or only its size when it was over the limit. */
type RequestBody =
  | { readonly kind: 'read'; readonly text: string; readonly bytes: number }
  | { readonly kind: 'too-large'; readonly size: number };

/** Reads the body to its end, keeping at most `limit` bytes. */
async function readBody(request: IncomingMessage, limit: number): Promise<RequestBody> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    // Past the limit, keep reading (and dropping) so the client gets the 413, not a reset.
    if (size <= limit) chunks.push(buffer);
  }
  return size > limit
    ? { kind: 'too-large', size }
    : { kind: 'read', text: Buffer.concat(chunks).toString('utf8'), bytes: size };
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
