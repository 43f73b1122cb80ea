/// <reference types="node" />
// The build config sets `types: []`; this file is the one place in src/ that needs Node's types.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { firstReportedIssue, openAIErrorBodyFor } from '../formats/openai-chat/openai-chat-error.js';
import type { OpenAIErrorBody } from '../formats/openai-chat/openai-chat-error.js';
import { validateOpenAIChat } from '../formats/openai-chat/validate-openai-chat.js';
import { randomOpenAIId, resolveReply, toChatCompletion, toChatCompletionChunks } from './openai-chat-reply.js';
import type { ScriptedReply } from './openai-chat-reply.js';

/** A chat request the server accepted, as handed to a reply function. */
export interface StrictChatRequest {
  /** The request path, `/v1/chat/completions` or `/chat/completions`. */
  readonly path: string;
  /** The parsed JSON body. */
  readonly body: Readonly<Record<string, unknown>>;
}

/** Computes the reply to an accepted request. */
export type ReplyScript = (request: StrictChatRequest) => ScriptedReply | Promise<ScriptedReply>;

/** Options of {@link startStrictOpenAIServer}. */
export interface StrictOpenAIServerOptions {
  /**
   * Replies to give, in order (a queue), or a function computing each reply. Queued replies (also
   * those added with {@link StrictOpenAIServer.enqueue}) come first; then the function is asked.
   * @defaultValue no replies: every accepted request gets {@link StrictOpenAIServerOptions.defaultText}
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

/** A running strict OpenAI-compatible server. */
export interface StrictOpenAIServer {
  /** Origin, e.g. `http://127.0.0.1:54321`. */
  readonly url: string;
  /** `url + '/v1'`: what OpenAI-compatible clients take as `baseURL`. */
  readonly baseURL: string;
  /** Every request received so far, in arrival order. */
  readonly requests: readonly RecordedRequest[];
  /** The most recent request, if any. */
  readonly lastRequest: RecordedRequest | undefined;
  /** Adds replies to the end of the queue. */
  enqueue(...replies: ScriptedReply[]): void;
  /** Forgets recorded requests and queued replies (a reply function stays). */
  reset(): void;
  /** Stops listening and closes every open connection, keep-alive ones included. */
  close(): Promise<void>;
}

const CHAT_PATHS: ReadonlySet<string> = new Set(['/v1/chat/completions', '/chat/completions']);

/**
 * Starts a local HTTP server on 127.0.0.1 (a free port) that speaks OpenAI's Chat Completions API
 * and refuses tool-call histories exactly as OpenAI does.
 *
 * `POST /v1/chat/completions` (or `/chat/completions`) runs {@link validateOpenAIChat} on
 * `body.messages` and answers the issue OpenAI would report with OpenAI's 400 body
 * (`{ error: { message, type, param, code } }`). Accepted requests get the next scripted reply,
 * streamed as OpenAI streams it when `stream: true` (tool-call arguments split across deltas),
 * else as one `chat.completion`. Invalid JSON gets OpenAI's 400; any other path or method gets
 * OpenAI's 404 "Invalid URL". The server never answers 5xx (clients such as aiwrapper retry
 * those): a reply function that throws gets a 400 of type `strict_server_error`.
 *
 * @example
 * const server = await startStrictOpenAIServer({ replies: [{ toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] }] });
 * const lang = Lang.openaiLike({ baseURL: server.baseURL, model: 'gpt-4o-mini', apiKey: 'test' });
 * // … run the agent loop …
 * expect(server.requests.map((request) => request.status)).toEqual([200, 200]);
 * await server.close();
 */
export async function startStrictOpenAIServer(options?: StrictOpenAIServerOptions): Promise<StrictOpenAIServer> {
  const replies = options?.replies;
  const script = typeof replies === 'function' ? replies : undefined;
  const initial: readonly ScriptedReply[] = typeof replies === 'function' ? [] : (replies ?? []);
  const defaultText = options?.defaultText ?? 'ok';
  let queue: ScriptedReply[] = [...initial];
  let requests: RecordedRequest[] = [];

  const nextReply = async (request: StrictChatRequest): Promise<ScriptedReply> => {
    const queued = queue.shift();
    if (queued !== undefined) return queued;
    return script === undefined ? { text: defaultText } : script(request);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const text = await readBody(request);
    const parsed = parseJson(text);
    const record = (status: number): void => {
      requests.push({ path, body: parsed.ok ? parsed.value : text === '' ? undefined : text, status });
    };
    if (request.method !== 'POST' || !CHAT_PATHS.has(path)) {
      // OpenAI's reply to an unknown route, e.g. 404 "Invalid URL (POST /v1/workflows/runs)".
      record(404);
      sendJson(response, 404, errorBody(`Invalid URL (${request.method ?? 'GET'} ${path})`, null, null));
      return;
    }
    if (!parsed.ok) {
      record(400);
      sendJson(response, 400, errorBody(INVALID_JSON_MESSAGE, null, null));
      return;
    }
    const body = parsed.value;
    const refusal = refuseBody(body);
    if (refusal !== undefined) {
      record(400);
      sendJson(response, 400, refusal);
      return;
    }
    const accepted = body as Readonly<Record<string, unknown>>;
    let reply: ScriptedReply;
    try {
      reply = await nextReply({ path, body: accepted });
    } catch (error) {
      record(400);
      const message = error instanceof Error ? error.message : String(error);
      sendJson(response, 400, errorBody(`Scripted reply failed: ${message}`, null, null, 'strict_server_error'));
      return;
    }
    record(200);
    const envelope = {
      id: randomOpenAIId('chatcmpl-', 29),
      created: Math.floor(Date.now() / 1000),
      model: typeof accepted.model === 'string' ? accepted.model : 'gpt-4o-mini',
    };
    const resolved = resolveReply(reply);
    if (accepted.stream === true) {
      const streamOptions = accepted.stream_options;
      const includeUsage =
        typeof streamOptions === 'object' && streamOptions !== null && 'include_usage' in streamOptions
          ? streamOptions.include_usage === true
          : false;
      response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
      for (const chunk of toChatCompletionChunks(resolved, envelope, { includeUsage })) {
        response.write(`data: ${JSON.stringify(chunk)}\n\n`);
      }
      response.end('data: [DONE]\n\n');
      return;
    }
    sendJson(response, 200, toChatCompletion(resolved, envelope));
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

// OpenAI's exact sentence for a body that is not JSON.
const INVALID_JSON_MESSAGE =
  "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON. If you have trouble figuring out how to fix this, please contact us through our help center at help.openai.com.)";

/** The 400 OpenAI gives a parsed body whose `model` or `messages` is unusable, or whose history it refuses. */
function refuseBody(body: unknown): OpenAIErrorBody | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    // Our wording: no OpenAI reply to a JSON body that is not an object was found.
    return errorBody('The JSON body of the request must be an object.', null, null);
  }
  const fields = body as Readonly<Record<string, unknown>>;
  // The sentences below are OpenAI's as recorded from the API (model first, then messages).
  if (fields.model === undefined) return errorBody('you must provide a model parameter', null, null);
  const messages = fields.messages;
  if (messages === undefined) {
    return errorBody("Missing required parameter: 'messages'.", 'messages', 'missing_required_parameter');
  }
  if (!Array.isArray(messages)) {
    return errorBody(
      `Invalid type for 'messages': expected an array of objects, but got ${describeJsonType(messages)} instead.`,
      'messages',
      'invalid_type',
    );
  }
  if (messages.length === 0) {
    // https://github.com/CopilotKit/CopilotKit/issues/529
    return errorBody(
      "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.",
      'messages',
      'empty_array',
    );
  }
  const items: readonly unknown[] = messages;
  const badIndex = items.findIndex((item) => typeof item !== 'object' || item === null || Array.isArray(item));
  if (badIndex !== -1) {
    return errorBody(
      `Invalid type for 'messages[${badIndex}]': expected an object, but got ${describeJsonType(items[badIndex])} instead.`,
      `messages[${badIndex}]`,
      'invalid_type',
    );
  }
  const roleless = items.findIndex((item) => (item as Readonly<Record<string, unknown>>).role === undefined);
  if (roleless !== -1) {
    const param = `messages[${roleless}].role`;
    return errorBody(`Missing required parameter: '${param}'.`, param, 'missing_required_parameter');
  }
  const result = validateOpenAIChat(items);
  return result.ok ? undefined : openAIErrorBodyFor(firstReportedIssue(result.issues)).body;
}

function errorBody(message: string, param: string | null, code: string | null, type = 'invalid_request_error'): OpenAIErrorBody {
  return { error: { message, type, param, code } };
}

function describeJsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a decimal number';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): { readonly ok: true; readonly value: unknown } | { readonly ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}
