/**
 * Streaming: assemble tool calls and text from provider stream events, with a live view of each
 * call's partial arguments. The lead wires these into `src/index.ts`.
 */
export { createToolCallAccumulator, STREAM_FORMATS } from './tool-call-accumulator.js';
export type {
  AccumulationResult,
  StreamFormat,
  ToolCallAccumulator,
  ToolCallAccumulatorOptions,
} from './tool-call-accumulator.js';
export type {
  AccumulatedToolCall,
  ArgumentsProblem,
  LiveToolCall,
} from '../core/stream/accumulated-tool-call.js';
export type {
  TextDeltaEvent,
  ToolCallDeltaEvent,
  ToolCallEndEvent,
  ToolCallStartEvent,
  ToolCallStreamEvent,
  ToolCallStreamListener,
} from '../core/stream/tool-call-stream-event.js';
export { DEFAULT_STREAM_LIMITS } from '../core/stream/stream-limits.js';
export type { ResolvedStreamLimits, StreamLimits } from '../core/stream/stream-limits.js';
export {
  createIncrementalJsonParser,
  DEFAULT_MAX_JSON_DEPTH,
} from '../core/stream/incremental-json-parser.js';
export type {
  IncrementalJsonParser,
  IncrementalJsonParserOptions,
  JsonSyntaxProblem,
} from '../core/stream/incremental-json-parser.js';
export { accumulateSSE } from './accumulate-sse.js';
export type { AccumulateSSEOptions } from './accumulate-sse.js';
export { readStreamEvents } from './read-stream-events.js';
export type { ReadStreamEventsOptions, StreamSource } from './read-stream-events.js';
export type { StreamFraming } from './event-stream-decoder.js';
export { watchLangMessageToolCalls } from './watch-lang-message-tool-calls.js';
export type {
  LangMessageItemLike,
  LangMessageLike,
  LangMessageTextDeltaEvent,
  LangMessageToolCallEvent,
  LangMessageToolCallStartEvent,
  LangMessageToolCallUpdateEvent,
} from './watch-lang-message-tool-calls.js';
// The error lives in src/errors (one base class per package); re-exported here for convenience.
export { StreamAccumulationError } from '../errors/stream-accumulation-error.js';
export type {
  InvalidStreamEventDetail,
  StreamAccumulationErrorDetail,
  StreamLimitDetail,
  StreamLimitName,
} from '../errors/stream-accumulation-error.js';
// Deliberately withheld: AccumulatorCore, ToolCallState, the per-format handlers and
// EventStreamDecoder are internal; resolveStreamLimits is an implementation helper.
