// aiwrapper-tool-calls: the provider-neutral core. Works without aiwrapper; the aiwrapper
// integration is `aiwrapper-tool-calls/aiwrapper` (and `/register`), the strict test server
// `aiwrapper-tool-calls/testing`.

// Core model
export type { ToolCall } from './core/tool-call.js';
export { createCallId, GENERATED_CALL_ID_LENGTH } from './core/call-id.js';
export type { CallIdGenerator } from './core/call-id.js';
export { pairToolTurns, findOrphanRuns } from './core/pair-tool-turns.js';
export type {
  TurnEntry,
  PairingScope,
  Pairing,
  ResultPairing,
  UnansweredCall,
  CallRef,
  OrphanRun,
} from './core/pair-tool-turns.js';
export {
  isPlaceholderResult,
  missingResultPlaceholder,
  MISSING_RESULT_NAME,
  DEFERRED_RESULT_NAME,
} from './core/placeholder-result.js';
export type { MissingResultPlaceholder } from './core/placeholder-result.js';
export { toValidationResult } from './core/issue.js';
export type {
  HistoryIssue,
  ValidationResult,
  OrphanToolResultIssue,
  UnknownToolCallIdIssue,
  MissingToolResultIssue,
  DuplicateToolCallIdIssue,
  InvalidToolCallIdIssue,
  InvalidArgumentsIssue,
  EmptyToolCallsIssue,
} from './core/issue.js';

// Inputs in the shapes users hold
export { readToolCalls } from './history/tool-call-input.js';
export type { ToolCallInput, PendingCall } from './history/tool-call-input.js';
export { readToolResults } from './history/tool-result-input.js';
export type { ToolResultInput, PendingResult } from './history/tool-result-input.js';

// Errors
export { ToolHistoryError, isToolHistoryError } from './errors/tool-history-error.js';
export type { ToolHistoryErrorCode } from './errors/tool-history-error.js';
export { InvalidHistoryError } from './errors/invalid-history-error.js';

// OpenAI Chat Completions
export type {
  OpenAIChatMessage,
  OpenAIChatToolCall,
  OpenAIChatAssistantMessage,
  OpenAIChatToolMessage,
  OpenAIChatUserMessage,
  OpenAIChatSystemMessage,
} from './formats/openai-chat/openai-chat-types.js';
export {
  validateOpenAIChat,
  assertValidOpenAIChat,
  OPENAI_CHAT_MAX_TOOL_CALL_ID_LENGTH,
} from './formats/openai-chat/validate-openai-chat.js';
export { openAIErrorBodyFor } from './formats/openai-chat/openai-chat-error.js';
export type {
  OpenAIErrorBody,
  OpenAIErrorResponse,
} from './formats/openai-chat/openai-chat-error.js';

// The groups below keep their own explicit export lists (src/<group>/index.ts); each public symbol
// is listed once, there.
export * from './validate/index.js';
export * from './convert/index.js';
export * from './repair/index.js';
export * from './trim/index.js';
export * from './pairs/index.js';
export * from './streaming/index.js';
