/// <reference types="node" />
// The build config sets `types: []`; the server files are the only ones in src/ that need Node's types.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jsonReply, parseJson } from '../formats/shared/strict-endpoint.js';
import type { Endpoint, EndpointReply, StrictRequest } from '../formats/shared/strict-endpoint.js';
import { anthropicEndpoint } from '../formats/anthropic/anthropic-server.js';
import { geminiEndpoint, geminiNotFound } from '../formats/gemini/gemini-server.js';
import { mistralChatEndpoint } from '../formats/mistral/mistral-server.js';
import { openAIChatEndpoint, openAIError } from '../formats/openai-chat/openai-chat-server.js';
import { openAIResponsesEndpoint } from '../formats/openai-responses/openai-responses-server.js';
import type { ScriptedReply } from '../formats/shared/scripted-reply.js';

/** Computes the reply to an accepted request. */
export type ReplyScript = (request: StrictRequest) => ScriptedReply | Promise<ScriptedReply>;

/** Options of {@link startStrictServer}. */
export interface StrictServerOptions {
  /**
   * Replies to give, in order (a queue), or a function computing each reply. Queued replies (also
   * those added with {@link StrictServer.enqueue}) come first; then the function is asked. One
   * queue serves every endpoint, in arrival order.
   * @defaultValue no replies: every accepted request gets {@link StrictServerOptions.defaultText}
   */
  readonly replies?: readonly ScriptedReply[] | ReplyScript | undefined;
  /** Text of the reply when the queue is empty and there is no reply function. @defaultValue `'ok'` */
  readonly defaultText?: string | undefined;
}

/** One request the server received, whatever its outcome. */
export interface RecordedRequest {
  /** The request path (query string removed). */
  readonly path: string;
  /** The parsed JSON body; the raw text when it was not JSON; `undefined` when empty. */
  readonly body: unknown;
  /** The HTTP status the server answered with. */
  readonly status: number;
}

/** A running strict server. */
export interface StrictServer {
  /** Origin, e.g. `http://127.0.0.1:54321`: the Anthropic and Gemini clients' base URL. */
  readonly url: string;
  /** `url + '/v1'`: what OpenAI clients (Chat Completions and Responses) take as `baseURL`. */
  readonly baseURL: string;
  /** Every request received so far, in arrival order. */
  readonly requests: readonly RecordedRequest[];
  /** The most recent request, if any. */
  readonly lastRequest: RecordedRequest | undefined;
  /** Adds replies to the end of the queue. */
  enqueue(...replies: ScriptedReply[]): void;
  /** Forgets recorded requests, queued replies and stored Responses API responses (a reply function stays). */
  reset(): void;
  /** Stops listening and closes every open connection, keep-alive ones included. */
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
 * whole conversation, as OpenAI does. Any other route gets OpenAI's 404 "Invalid URL" (Google's
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
  const replies = options?.replies;
  const script = typeof replies === 'function' ? replies : undefined;
  const initial: readonly ScriptedReply[] = typeof replies === 'function' ? [] : (replies ?? []);
  const defaultText = options?.defaultText ?? 'ok';
  let queue: ScriptedReply[] = [...initial];
  let requests: RecordedRequest[] = [];
  const endpoints = {
    'openai-chat': openAIChatEndpoint(),
    'openai-responses': openAIResponsesEndpoint(),
    anthropic: anthropicEndpoint(),
    gemini: geminiEndpoint(),
    mistral: mistralChatEndpoint(),
  } as const satisfies Record<StrictRequest['format'], Endpoint>;

  const nextReply = async (request: StrictRequest): Promise<ScriptedReply> => {
    const queued = queue.shift();
    if (queued !== undefined) return queued;
    return script === undefined ? { text: defaultText } : script(request);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const target = new URL(request.url ?? '/', 'http://localhost');
    const path = target.pathname;
    const text = await readBody(request);
    const parsed = parseJson(text);
    const method = request.method ?? 'GET';
    const route = method === 'POST' ? findRoute(path) : undefined;
    const reply: EndpointReply =
      route === undefined
        ? notFound(method, path)
        : await endpoints[route.format].handle({
            path,
            query: target.searchParams,
            parsed,
            params: route.params,
            nextReply,
          });
    const status = reply.kind === 'json' ? reply.status : 200;
    requests.push({
      path,
      body: parsed.ok ? parsed.value : text === '' ? undefined : text,
      status,
    });
    if (reply.kind === 'json') {
      response.writeHead(reply.status, { 'content-type': reply.contentType });
      response.end(JSON.stringify(reply.body));
      return;
    }
    response.writeHead(200, { 'content-type': reply.contentType, 'cache-control': 'no-cache' });
    for (const chunk of reply.chunks) response.write(chunk);
    response.end();
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      // Reading the request failed (the client went away); nothing sensible can be answered.
      response.destroy(error instanceof Error ? error : undefined);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    baseURL: `${url}/v1`,
    get requests(): readonly RecordedRequest[] {
      return [...requests];
    },
    get lastRequest(): RecordedRequest | undefined {
      return requests.at(-1);
    },
    enqueue(...replies: ScriptedReply[]): void {
      queue.push(...replies);
    },
    reset(): void {
      requests = [];
      queue = [];
      for (const endpoint of Object.values(endpoints)) endpoint.reset();
    },
    close(): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error === undefined) resolve();
          else reject(error);
        });
        server.closeAllConnections();
      });
    },
  };
}

interface Route {
  readonly format: StrictRequest['format'];
  readonly params: Readonly<Record<string, string>>;
}

const OPENAI_CHAT_PATHS: ReadonlySet<string> = new Set([
  '/v1/chat/completions',
  '/chat/completions',
]);
/** Where {@link routeToStrictServer} sends `https://api.mistral.ai/v1/chat/completions`. */
const MISTRAL_CHAT_PATH = '/mistral/v1/chat/completions';
const OPENAI_RESPONSES_PATHS: ReadonlySet<string> = new Set(['/v1/responses', '/responses']);
// https://ai.google.dev/api/generate-content: models/{model}:generateContent and :streamGenerateContent.
const GEMINI_PATH = /^\/(?:v1beta|v1)\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;

function findRoute(path: string): Route | undefined {
  if (OPENAI_CHAT_PATHS.has(path)) return { format: 'openai-chat', params: {} };
  if (path === MISTRAL_CHAT_PATH) return { format: 'mistral', params: {} };
  if (OPENAI_RESPONSES_PATHS.has(path)) return { format: 'openai-responses', params: {} };
  if (path === '/v1/messages') return { format: 'anthropic', params: {} };
  const gemini = GEMINI_PATH.exec(path);
  if (gemini !== null) {
    return {
      format: 'gemini',
      params: { model: decodeURIComponent(gemini[1] ?? ''), method: gemini[2] ?? '' },
    };
  }
  return undefined;
}

function notFound(method: string, path: string): EndpointReply {
  if (path.startsWith('/v1beta/')) return geminiNotFound(path);
  // OpenAI's reply to an unknown route, e.g. 404 "Invalid URL (POST /v1/workflows/runs)".
  return jsonReply(404, openAIError(`Invalid URL (${method} ${path})`, null, null));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
