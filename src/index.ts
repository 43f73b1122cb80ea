// aiwrapper-tool-calls: the provider-neutral core, listed by hand. It works without aiwrapper; the
// aiwrapper integration is `aiwrapper-tool-calls/aiwrapper` (and `/register`), the strict test
// server and the providers' error bodies `aiwrapper-tool-calls/testing`.
//
// Deliberately withheld (import them by their src path in tests): the per-format validators,
// readers and writers (validateOpenAIChat, fromAnthropic, toGemini, …), id-pattern and limit
// constants, the pairing internals (pairToolTurns, findOrphanRuns, toTurnEntries, toolCallsOf),
// the input readers (readToolCalls, readToolResults), the incremental JSON parser, and the
// neutral repair engine. One public call per job keeps the surface small enough to learn.

// Formats: the names every `format` option accepts.
export { MESSAGE_FORMATS } from './core/format.js';
export type { MessageFormat, ProviderFormat, NeutralFormat } from './core/format.js';

// Validate: each provider's rules, in its own words.
export { validateHistory, assertValidHistory } from './validate/validate-history.js';
export type { ValidateHistoryOptions } from './validate/validate-history.js';
export type { ProviderName } from './validate/provider-rules.js';
export type { ChatHostName } from './formats/index.js';
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
  MisplacedToolResultIssue,
  ContentAfterToolCallIssue,
  MisplacedToolCallIssue,
  ToolNameMismatchIssue,
  UnexpectedRoleIssue,
  InvalidContentIssue,
  InvalidToolNameIssue,
  MissingReasoningIssue,
  OrphanReasoningIssue,
  MissingThoughtSignatureIssue,
  UnexpectedLastRoleIssue,
} from './core/issue.js';

// Repair: one call, a report of every change, and the way back for rewritten ids.
export { repairHistory } from './repair/repair-history.js';
export type {
  RepairHistoryOptions,
  RepairHistoryResult,
  RepairPreset,
} from './repair/repair-history.js';
export { restoreIds } from './repair/restore-ids.js';
export type { RestoreIdsOptions } from './repair/restore-ids.js';
export { PROVIDER_PROFILES } from './repair/provider-profile.js';
export type { ProviderProfile, CallIdRule } from './repair/provider-profile.js';
export { DEFAULT_MISSING_RESULT_TEXTS } from './repair/repair-policy.js';
export type {
  RepairPolicy,
  MissingResultContext,
  MissingResultContent,
  MissingResultTexts,
} from './repair/repair-policy.js';
// The name given to a synthesized call whose result carries none.
export { UNKNOWN_TOOL_NAME } from './repair/add-missing-calls.js';
export type { KnownCall } from './repair/add-missing-calls.js';
export type { FormatMessages } from './repair/format-io.js';
export type {
  HistoryFix,
  HistoryFixKind,
  SynthesizedCallFix,
  ResultToTextFix,
  InsertedPlaceholderFix,
  MissingResultCause,
  MovedResultFix,
  DroppedDuplicateFix,
  RewroteIdFix,
  IdRewriteCause,
  MovedTextFix,
  RenamedResultFix,
  InsertedAssistantTurnFix,
  InsertedUserTurnFix,
  MovedReasoningFix,
  DroppedReasoningFix,
  StrippedItemIdFix,
  AddedThoughtSignatureFix,
  ShapeFix,
  ShapeFixKind,
} from './repair/history-fix.js';

// Convert: any format to any other through the neutral model.
export { convertHistory } from './convert/convert-history.js';
export type { ConvertHistoryOptions } from './convert/convert-history.js';
export type { ConversionWarning } from './core/conversion-result.js';
export type {
  ToolHistory,
  HistoryMessage,
  SystemMessage,
  UserMessage,
  AssistantMessage,
  ToolResultsMessage,
  TextPart,
  OpaquePart,
  ToolCallPart,
  ToolResult,
  JsonValue,
  ProviderData,
} from './core/history.js';
// The wire shapes convertHistory and repairHistory return (our own minimal types, no vendor SDK).
export type { OpenAIChatMessage } from './formats/openai-chat/openai-chat-types.js';
export type { OpenAIResponsesInputItem } from './formats/openai-responses/openai-responses-types.js';
export type { AnthropicMessage } from './formats/anthropic/anthropic-types.js';
export type { GeminiContent } from './formats/gemini/gemini-types.js';
export type { MistralMessage } from './formats/mistral/mistral-types.js';
export type { BedrockMessage } from './formats/bedrock/bedrock-types.js';
export type { AiwrapperMessage } from './formats/aiwrapper/aiwrapper-types.js';
export type { VercelModelMessage } from './formats/vercel/vercel-types.js';

// Ids and placeholders.
export { createCallId } from './core/call-id.js';
export type { CallIdGenerator } from './core/call-id.js';
export { isPlaceholderResult } from './core/placeholder-result.js';
export type { ToolCall } from './core/tool-call.js';

// Errors: one base class with a `code`, and three subclasses.
export { ToolHistoryError, isToolHistoryError } from './errors/tool-history-error.js';
export type { ToolHistoryErrorCode } from './errors/tool-history-error.js';
export { InvalidHistoryError } from './errors/invalid-history-error.js';
export { UnsupportedFormatError } from './errors/unsupported-format-error.js';
export { StreamAccumulationError } from './errors/stream-accumulation-error.js';

// Trim and pairs: a window that never splits a tool turn, and each call with its result.
export { trimHistory } from './trim/trim-history.js';
export type {
  TrimHistoryOptions,
  TrimKeepOptions,
  TrimResult,
  DroppedMessage,
} from './trim/trim-history.js';
export { estimateTokens } from './trim/token-estimate.js';
export { pairToolCalls } from './pairs/pair-tool-calls.js';
export type {
  PairToolCallsOptions,
  ToolCallPairs,
  ToolCallPair,
  PairedToolResult,
  UnpairedToolResult,
  ToolCallStatus,
} from './pairs/pair-tool-calls.js';

// Streaming: finished calls and a live view of their arguments from any provider's events.
export { createToolCallAccumulator } from './streaming/tool-call-accumulator.js';
export type {
  AccumulationResult,
  StreamFormat,
  ToolCallAccumulator,
  ToolCallAccumulatorOptions,
} from './streaming/tool-call-accumulator.js';
export type {
  AccumulatedToolCall,
  ArgumentsProblem,
  LiveToolCall,
} from './core/stream/accumulated-tool-call.js';
export type { ToolCallStreamEvent } from './core/stream/tool-call-stream-event.js';
export { accumulateSSE } from './streaming/accumulate-sse.js';
export type { AccumulateSSEOptions } from './streaming/accumulate-sse.js';
export type { StreamLimits } from './core/stream/stream-limits.js';
export type { StreamWarning } from './core/stream/stream-warning.js';
