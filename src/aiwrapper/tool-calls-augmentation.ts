// The types of what `installToolCalls` adds to aiwrapper. Only src/register.ts imports this file,
// so TypeScript flags `result.tools` or `{ autoAssistantToolCalls: true }` without the register import.
import type { ToolRequest } from 'aiwrapper';
import type { ToolCallInput, ToolResultInput } from './history/tool-input.js';
import type { ToolCallChatOptions } from './install-tool-calls.js';

declare module 'aiwrapper' {
  interface LangMessages {
    /** Adds one assistant turn holding these calls (no-op when the latest turn holds them). Installed by aiwrapper-tool-calls/register. */
    addAssistantToolCalls(tools: readonly ToolCallInput[]): this;
    /** Adds the call turn (unless present), then the results in call order. Installed by aiwrapper-tool-calls/register. */
    addToolCallsAndResults(
      tools: readonly ToolCallInput[],
      results: readonly ToolResultInput[],
    ): this;
    /** Adds results for the latest turn's calls (the pre-3.0 API). Installed by aiwrapper-tool-calls/register. */
    addToolUseMessage(results: readonly ToolResultInput[]): this;
    /** The latest assistant turn's calls, or `null` (the pre-3.0 API). Installed by aiwrapper-tool-calls/register. */
    readonly tools: ToolRequest[] | null;
    /** The collection itself (the pre-3.0 API). Installed by aiwrapper-tool-calls/register. */
    readonly messages: this;
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into aiwrapper's own
  interface LangOptions extends ToolCallChatOptions {}
}
