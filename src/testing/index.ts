/**
 * `aiwrapper-tool-calls/testing`: a local server that speaks OpenAI (Chat Completions and
 * Responses), Anthropic, Gemini, Mistral and Bedrock Converse, and refuses tool-call histories exactly as each provider
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

// The error bodies the server answers with, one builder per provider, from a validation issue:
// for tests that assert the exact reply, or servers of your own.
export { openAIErrorBodyFor } from '../formats/openai-chat/openai-chat-error.js';
export type {
  OpenAIErrorBody,
  OpenAIErrorResponse,
} from '../formats/openai-chat/openai-chat-error.js';
export { openAIResponsesErrorBodyFor } from '../formats/openai-responses/openai-responses-error.js';
export { anthropicErrorBodyFor } from '../formats/anthropic/anthropic-error.js';
export type {
  AnthropicErrorBody,
  AnthropicErrorResponse,
} from '../formats/anthropic/anthropic-error.js';
export { geminiErrorBodyFor } from '../formats/gemini/gemini-error.js';
export type { GeminiErrorBody, GeminiErrorResponse } from '../formats/gemini/gemini-error.js';
export { mistralErrorBodyFor } from '../formats/mistral/mistral-error.js';
export type { MistralErrorBody, MistralErrorResponse } from '../formats/mistral/mistral-error.js';
export { bedrockErrorBodyFor } from '../formats/bedrock/bedrock-error.js';
export type { BedrockErrorBody, BedrockErrorResponse } from '../formats/bedrock/bedrock-error.js';
// Withheld: the per-provider request handlers and reply writers are internal, and so is the old
// `startStrictOpenAIServer` alias (use startStrictServer; no compatibility aliases in 0.x).
