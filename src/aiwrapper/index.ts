// The aiwrapper integration: `aiwrapper-tool-calls/aiwrapper`. Needs the `aiwrapper` peer dependency.
export {
  addAssistantToolCalls,
  addToolCallsAndResults,
  addToolUseMessage,
  latestToolCalls,
} from './lang-messages-tool-calls.js';
export type { ToolCallHelperOptions } from './lang-messages-tool-calls.js';
export { installToolCalls } from './install-tool-calls.js';
export type { InstallToolCallsOptions } from './install-tool-calls.js';
// The `meta` key that marks a call turn the autoAssistantToolCalls pass inserted.
export { SYNTHESIZED_META_KEY } from './synthesize-tool-calls.js';
export type { ChatToolOption } from './chat-tools-option.js';
export { repairLangMessages } from './repair-lang-messages.js';
export type {
  RepairLangMessagesOptions,
  RepairLangMessagesResult,
} from './repair-lang-messages.js';
// Withheld: the synthesis pass itself (synthesizeMissingToolCalls) is internal; it is
// repairLangMessages with `preset: 'add-missing-calls'`, which autoAssistantToolCalls runs.
export {
  installProviderErrors,
  isProviderError,
  ProviderError,
  providerErrorOf,
  providerMessageOf,
  withProviderErrors,
  type InstallProviderErrorsOptions,
  type ProviderErrorAction,
  type ProviderErrorInit,
  type ProviderHttpRequest,
} from './provider-errors.js';
// The agent loop: runs the calls itself, keeps the history valid at every event, pauses for
// approvals and resumes from the history alone.
export { runToolLoop, resumeToolLoop } from './run-tool-loop.js';
export type { ToolApproval, ToolLoopOptions } from './tool-loop-setup.js';
export { pendingToolCalls, STARTED_META_KEY } from './pending-tool-calls.js';
export { SENT_CALLS_META_KEY } from './commit-response.js';
export type { PendingToolCalls } from './pending-tool-calls.js';
export type { LoopTool, LoopToolCall, ToolRunContext, ToolSideEffects } from '../loop/loop-tool.js';
export { LOOP_RESULT_NAMES } from '../loop/tool-outcome.js';
export type { ToolResultStatus } from '../loop/tool-outcome.js';
export type {
  DoneEvent,
  PausedEvent,
  RoundEndEvent,
  ToolLoopDoneReason,
  ToolLoopEvent,
  ToolResultEvent,
  ToolRunStartEvent,
} from '../loop/tool-loop-events.js';
