import type { StrictRequest } from '../formats/shared/strict-endpoint.js';
import { startStrictServer } from './strict-server.js';
import type { ReplyScript, StrictServer, StrictServerOptions } from './strict-server.js';

/** A request the server accepted, as handed to a reply function (the name from before the server spoke other APIs). */
export type StrictChatRequest = StrictRequest;

/** Options of {@link startStrictOpenAIServer}. */
export type StrictOpenAIServerOptions = StrictServerOptions;

/** A running strict server (the name from before the server spoke other APIs). */
export type StrictOpenAIServer = StrictServer;

export type { ReplyScript };

/**
 * Starts the strict local server; the same server as {@link startStrictServer}, under the name it
 * had when it spoke only OpenAI's Chat Completions API.
 *
 * `POST /v1/chat/completions` (or `/chat/completions`) runs `validateOpenAIChat` on
 * `body.messages` and answers the issue OpenAI would report with OpenAI's 400 body
 * (`{ error: { message, type, param, code } }`). Accepted requests get the next scripted reply,
 * streamed as OpenAI streams it when `stream: true` (tool-call arguments split across deltas),
 * else as one `chat.completion`. The other routes of {@link startStrictServer} are served too.
 *
 * @example
 * const server = await startStrictOpenAIServer({ replies: [{ toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] }] });
 * const lang = Lang.openaiLike({ baseURL: server.baseURL, model: 'gpt-4o-mini', apiKey: 'test' });
 * // … run the agent loop …
 * expect(server.requests.map((request) => request.status)).toEqual([200, 200]);
 * await server.close();
 */
export function startStrictOpenAIServer(
  options?: StrictOpenAIServerOptions,
): Promise<StrictOpenAIServer> {
  return startStrictServer(options);
}
