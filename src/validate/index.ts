// validateHistory and its per-format validators. The lead wires these into src/index.ts.
export { validateHistory, assertValidHistory } from './validate-history.js';
export type { ValidateHistoryOptions } from './validate-history.js';
export { UnsupportedFormatError } from '../errors/unsupported-format-error.js';
export type {
  MisplacedToolResultIssue,
  ContentAfterToolCallIssue,
  MisplacedToolCallIssue,
  ToolNameMismatchIssue,
  UnexpectedRoleIssue,
} from '../core/issue.js';

// Per-format validators and the error replies their providers send (for strict test servers).
export {
  validateOpenAIResponses,
  assertValidOpenAIResponses,
  OPENAI_RESPONSES_MAX_CALL_ID_LENGTH,
} from '../formats/openai-responses/validate-openai-responses.js';
export { openAIResponsesErrorBodyFor } from '../formats/openai-responses/openai-responses-error.js';
export {
  validateAnthropic,
  assertValidAnthropic,
  ANTHROPIC_TOOL_USE_ID_PATTERN,
} from '../formats/anthropic/validate-anthropic.js';
export { anthropicErrorBodyFor } from '../formats/anthropic/anthropic-error.js';
export type {
  AnthropicErrorBody,
  AnthropicErrorResponse,
} from '../formats/anthropic/anthropic-error.js';
export {
  validateGemini,
  assertValidGemini,
  GEMINI_COUNT_MISMATCH,
  GEMINI_RESPONSE_NOT_AFTER_CALL,
  GEMINI_CALL_NOT_AFTER_USER,
} from '../formats/gemini/validate-gemini.js';
export { geminiErrorBodyFor } from '../formats/gemini/gemini-error.js';
export type { GeminiErrorBody, GeminiErrorResponse } from '../formats/gemini/gemini-error.js';
export {
  validateMistral,
  assertValidMistral,
  MISTRAL_TOOL_CALL_ID_PATTERN,
  MISTRAL_COUNT_MISMATCH,
} from '../formats/mistral/validate-mistral.js';
export { mistralErrorBodyFor } from '../formats/mistral/mistral-error.js';
export type { MistralErrorBody, MistralErrorResponse } from '../formats/mistral/mistral-error.js';
export { validateVercel, assertValidVercel } from '../formats/vercel/validate-vercel.js';
export {
  validateAiwrapper,
  assertValidAiwrapper,
} from '../formats/aiwrapper/validate-aiwrapper.js';
