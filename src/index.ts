// aiwrapper-tool-calls: the provider-neutral core, listed by hand. It works without aiwrapper; the
// aiwrapper integration is `aiwrapper-tool-calls/aiwrapper` (and `/register`), the strict test
// server `aiwrapper-tool-calls/testing`.
//
// One public call per job. Withheld on purpose: the per-format validators, readers and writers
// (convertHistory and the `format` option reach them), the provider profiles (name a provider
// instead), each issue, fix and event variant (narrow the unions on `code`, `kind` and `type`),
// and the internal engines.

export { MESSAGE_FORMATS } from './core/format.js';
export type { MessageFormat } from './core/format.js';

// Validate: each provider's rules, in its own words.
export { validateHistory, assertValidHistory } from './validate/validate-history.js';
export type { ValidateHistoryOptions } from './validate/validate-history.js';
export type { ProviderName } from './validate/validate-history.js';
export type { HistoryIssue, ValidationResult } from './errors/history-issue.js';

// Repair: one call, a report of every change, and the way back for rewritten ids.
export { repairHistory } from './repair/repair-history.js';
export type { RepairHistoryOptions, RepairHistoryResult } from './repair/repair-history.js';
export type { HistoryFix } from './repair/history-fix.js';
export { restoreIds } from './repair/restore-ids.js';
// The name given to a synthesized call whose result carries none.
export { UNKNOWN_TOOL_NAME } from './repair/fixes/rebuild-parts.js';

// Convert: any format to any other through the neutral model.
export { convertHistory } from './convert/convert-history.js';
export type { ConvertHistoryOptions } from './convert/convert-history.js';
// An MCP tool's CallToolResult, written as a format's result message.
export { fromMcpResult } from './convert/from-mcp-result.js';
export type { FromMcpResultOptions } from './convert/from-mcp-result.js';
export type {
  ConversionWarning,
  ToolHistory,
  HistoryMessage,
  ToolCallPart,
  ToolResult,
  JsonValue,
} from './core/history.js';
// The wire shapes convertHistory and repairHistory return (our own minimal types, no vendor SDK).
export type { OpenAIChatMessage } from './formats/openai-chat/openai-chat-types.js';
export type { OpenAIResponsesInputItem } from './formats/openai-responses/openai-responses-types.js';
export type { AnthropicMessage } from './formats/anthropic/anthropic-types.js';
export type { GeminiContent } from './formats/gemini/gemini-types.js';
export type { MistralMessage } from './formats/openai-chat/openai-chat-types.js';
export type { BedrockMessage } from './formats/bedrock/bedrock-types.js';
export type { AiwrapperMessage } from './formats/aiwrapper/aiwrapper-types.js';
export type { VercelModelMessage } from './formats/vercel/vercel-types.js';

// Trim and pairs: a window that never splits a tool turn, and each call with its result.
export { trimHistory } from './trim/trim-history.js';
export type { TrimHistoryOptions, TrimResult } from './trim/trim-history.js';
export { pairToolCalls } from './pairs/pair-tool-calls.js';
export type { ToolCallPairs, ToolCallPair } from './pairs/pair-tool-calls.js';

// Stream: finished calls and a live view of their arguments, from provider events or SSE bytes.
export { createToolCallAccumulator } from './streaming/tool-call-accumulator.js';
export type {
  ToolCallAccumulator,
  ToolCallAccumulatorOptions,
} from './streaming/tool-call-accumulator.js';
export type {
  AccumulatedToolCall,
  LiveToolCall,
  ToolCallStreamEvent,
} from './core/stream/tool-call-stream-event.js';
export { accumulateSSE } from './streaming/accumulate-sse.js';
export type { StreamLimits } from './core/stream/stream-limits.js';

// View: a history as one self-contained HTML page, for reports and debugging.
export { renderHistoryHtml } from './view/render-history-html.js';
export type { RenderHistoryHtmlOptions } from './view/render-history-html.js';

// Ids and placeholders.
export { createCallId } from './core/call-id.js';
export { isPlaceholderResult } from './core/placeholder-result.js';

// Errors: one base class with a `code`, and three subclasses.
export {
  ToolHistoryError,
  isToolHistoryError,
  InvalidHistoryError,
  UnsupportedFormatError,
  StreamAccumulationError,
} from './errors/tool-history-error.js';
export type { ToolHistoryErrorCode } from './errors/tool-history-error.js';
