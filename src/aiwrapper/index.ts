// The aiwrapper integration: `aiwrapper-tool-calls/aiwrapper`. Needs the `aiwrapper` peer dependency.
export {
  addAssistantToolCalls,
  addToolCallsAndResults,
  latestToolCalls,
} from './lang-messages-tool-calls.js';
export type { ToolCallHelperOptions } from './lang-messages-tool-calls.js';
export { installToolCalls } from './install-tool-calls.js';
export type { InstallToolCallsOptions } from './install-tool-calls.js';
// The `meta` keys the package writes: synthesized call turns, started calls, calls as sent.
export { META_KEYS } from './meta-keys.js';
export type { ChatToolOption } from './install-tool-calls.js';
export { repairLangMessages } from './repair-lang-messages.js';
export type {
  RepairLangMessagesOptions,
  RepairLangMessagesResult,
} from './repair-lang-messages.js';
// Withheld: the synthesis pass itself (synthesizeMissingToolCalls) is internal; it is
// repairLangMessages with `preset: 'add-missing-calls'`, which autoAssistantToolCalls runs.
export { isProviderError, ProviderError, withProviderErrors } from './provider-errors.js';
// The agent loop: runs the calls itself, keeps the history valid at every event, pauses for
// approvals and resumes from the history alone.
export { runToolLoop, resumeToolLoop } from './loop/run-tool-loop.js';
export type { ToolApproval, ToolLoopOptions } from './loop/loop-tool.js';
export { pendingToolCalls } from './loop/pending-tool-calls.js';
export type { PendingToolCalls } from './loop/pending-tool-calls.js';
export type { LoopTool, ToolRunContext } from './loop/loop-tool.js';
export type { ToolResultStatus } from './loop/tool-outcome.js';
export type { ToolLoopEvent } from './loop/loop-tool.js';
