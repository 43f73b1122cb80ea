/**
 * `aiwrapper-tool-calls/testing`: a local OpenAI-compatible server that refuses tool-call
 * histories exactly as OpenAI does, for testing agent loops without a network or an API key.
 */
export { startStrictOpenAIServer } from './strict-openai-server.js';
export type {
  RecordedRequest,
  ReplyScript,
  StrictChatRequest,
  StrictOpenAIServer,
  StrictOpenAIServerOptions,
} from './strict-openai-server.js';
export type { ScriptedReply, ScriptedToolCall } from './openai-chat-reply.js';
