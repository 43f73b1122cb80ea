/**
 * `aiwrapper-tool-calls/testing`: a local server that speaks OpenAI (Chat Completions and
 * Responses), Anthropic and Gemini, and refuses tool-call histories exactly as each provider
 * does, for testing agent loops without a network or an API key.
 */
export { startStrictServer } from './strict-server.js';
export type {
  RecordedRequest,
  ReplyScript,
  StrictServer,
  StrictServerOptions,
} from './strict-server.js';
export { STRICT_SERVER_FORMATS } from '../formats/shared/strict-endpoint.js';
export type { StrictRequest, StrictServerFormat } from '../formats/shared/strict-endpoint.js';
export type { ScriptedReply, ScriptedToolCall } from '../formats/shared/scripted-reply.js';
export { routeToStrictServer, PROVIDER_ORIGINS } from './route-to-strict-server.js';
export type { HttpRequestImpl } from './route-to-strict-server.js';

// The names from when the server spoke only Chat Completions; they stay for existing tests.
export { startStrictOpenAIServer } from './strict-openai-server.js';
export type {
  StrictChatRequest,
  StrictOpenAIServer,
  StrictOpenAIServerOptions,
} from './strict-openai-server.js';
