/**
 * `aiwrapper-tool-calls/testing`: a local server that speaks the OpenAI (Chat Completions and
 * Responses), Anthropic, Gemini, Mistral and Bedrock Converse APIs and refuses tool-call histories
 * exactly as each provider does, for testing agent loops without a network or an API key.
 */
export { startStrictServer } from './strict-server.js';
export type { RecordedRequest, StrictServer, StrictServerOptions } from './strict-server.js';
export type { ScriptedReply, StrictServerFormat } from './endpoint.js';
export { routeToStrictServer } from './route-to-strict-server.js';
export { errorBodyFor } from './strict-server.js';
// Withheld: the endpoints, reply writers and per-provider body builders are internal.
