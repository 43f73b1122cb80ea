import { LangMessages, type LangOptions, type LanguageProvider, type ToolRequest } from 'aiwrapper';
import type { ToolCallInput } from './history/tool-call-input.js';
import type { ToolResultInput } from './history/tool-result-input.js';
import { toAvailableTools, type ChatToolOption } from './chat-tools-option.js';
import {
  addAssistantToolCalls,
  addToolCallsAndResults,
  addToolUseMessage,
  latestToolCalls,
} from './lang-messages-tool-calls.js';
import { synthesizeCallTurns } from './synthesize-tool-calls.js';
import { repairCollection } from './repair-lang-messages.js';
import { installResponsesInputFix } from './responses-input.js';
import { installChatWrapper, isWrappedWith } from './chat-wrappers.js';
import { formatOf, providerPrototypes } from './lang-format.js';
import type { ProviderFormat } from '../core/format.js';
import type { HistoryFix } from '../repair/history-fix.js';

declare module 'aiwrapper' {
  interface LangMessages {
    /** Adds one assistant turn holding these calls (no-op when the latest turn holds them). Installed by aiwrapper-tool-calls. */
    addAssistantToolCalls(tools: readonly ToolCallInput[]): this;
    /** Adds the call turn (unless present), then the results in call order. Installed by aiwrapper-tool-calls. */
    addToolCallsAndResults(
      tools: readonly ToolCallInput[],
      results: readonly ToolResultInput[],
    ): this;
    /** Adds results for the latest turn's calls (the pre-3.0 API). Installed by aiwrapper-tool-calls. */
    addToolUseMessage(results: readonly ToolResultInput[]): this;
    /** The latest assistant turn's calls, or `null` (the pre-3.0 API). Installed by aiwrapper-tool-calls. */
    readonly tools: ToolRequest[] | null;
    /** The collection itself (the pre-3.0 API). Installed by aiwrapper-tool-calls. */
    readonly messages: this;
  }
  interface LangOptions {
    /**
     * Synthesize the missing assistant tool-call turn before tool results that lack one, when the
     * request is built. Installed by aiwrapper-tool-calls.
     * @defaultValue the install default, `false` unless set
     */
    autoAssistantToolCalls?: boolean | undefined;
    /** Tools for this request (the pre-3.0 API); sets the collection's `availableTools`. Installed by aiwrapper-tool-calls. */
    tools?: readonly ChatToolOption[] | undefined;
    /**
     * Repair the collection, when the request is built, so that this provider accepts it (ids
     * reshaped, orphans and missing results fixed, results moved next to their calls). Installed
     * by aiwrapper-tool-calls.
     * @defaultValue the install default, `false` unless set
     */
    autoRepairToolHistory?: boolean | undefined;
    /**
     * Called with the fixes `autoRepairToolHistory` made (the `fixes` of {@link repairLangMessages}),
     * before the request is sent, when it made any. Installed by aiwrapper-tool-calls.
     */
    onToolHistoryRepair?: ((fixes: readonly HistoryFix[]) => void) | undefined;
  }
}

/** Options of {@link installToolCalls}. */
export interface InstallToolCallsOptions {
  /**
   * The default of the `autoAssistantToolCalls` chat option.
   * @defaultValue false
   */
  readonly autoAssistantToolCalls?: boolean | undefined;
  /**
   * The default of the `autoRepairToolHistory` chat option.
   * @defaultValue false
   */
  readonly autoRepairToolHistory?: boolean | undefined;
}

type Chat = (
  this: LanguageProvider,
  messages: unknown,
  options?: LangOptions,
) => Promise<LangMessages>;

// Symbol.for keys: a second copy of this package sees the first one's install.
const WRAPPED = Symbol.for('aiwrapper-tool-calls.wrapped-chat');
const SETTINGS = Symbol.for('aiwrapper-tool-calls.settings');

interface Settings {
  autoAssistantToolCalls: boolean;
  autoRepairToolHistory: boolean;
}

function settings(): Settings {
  const holder = globalThis as { [SETTINGS]?: Settings };
  const existing = holder[SETTINGS];
  if (existing) return existing;
  const created: Settings = { autoAssistantToolCalls: false, autoRepairToolHistory: false };
  holder[SETTINGS] = created;
  return created;
}

const methods = {
  addAssistantToolCalls(this: LangMessages, tools: unknown): LangMessages {
    return addAssistantToolCalls(this, tools);
  },
  addToolCallsAndResults(this: LangMessages, tools: unknown, results: unknown): LangMessages {
    return addToolCallsAndResults(this, tools, results);
  },
  addToolUseMessage(this: LangMessages, results: unknown): LangMessages {
    return addToolUseMessage(this, results);
  },
};

/**
 * Installs the helpers as methods of aiwrapper's `LangMessages` (so `LangResult` has them too)
 * and makes every provider's `chat()` understand the `tools` and `autoAssistantToolCalls`
 * options. Calling it again only updates the defaults. Methods are non-enumerable.
 *
 * With `autoAssistantToolCalls` off and no `tools` option, every request aiwrapper sends is
 * byte-identical to aiwrapper alone.
 *
 * @example
 * installToolCalls({ autoAssistantToolCalls: true });
 */
export function installToolCalls(options: InstallToolCallsOptions = {}): void {
  if (options.autoAssistantToolCalls !== undefined)
    settings().autoAssistantToolCalls = options.autoAssistantToolCalls;
  if (options.autoRepairToolHistory !== undefined)
    settings().autoRepairToolHistory = options.autoRepairToolHistory;
  const proto = LangMessages.prototype as unknown as Record<string, unknown>;
  for (const [name, value] of Object.entries(methods)) {
    Object.defineProperty(proto, name, {
      value,
      enumerable: false,
      configurable: true,
      writable: true,
    });
  }
  Object.defineProperty(proto, 'tools', {
    get(this: LangMessages) {
      return latestToolCalls(this);
    },
    enumerable: false,
    configurable: true,
  });
  if (!Object.hasOwn(proto, 'messages')) {
    Object.defineProperty(proto, 'messages', {
      get(this: LangMessages) {
        return this;
      },
      enumerable: false,
      configurable: true,
    });
  }
  for (const { prototype, format } of providerPrototypes()) wrapChat(prototype, format);
  installResponsesInputFix();
}

function wrapChat(prototype: Record<PropertyKey, unknown>, providerFormat: ProviderFormat): void {
  const original = prototype.chat as Chat;
  if (typeof original !== 'function' || isWrappedWith(original, WRAPPED)) return;
  const chat = async function chat(
    this: LanguageProvider,
    messages: unknown,
    options?: LangOptions,
  ): Promise<LangMessages> {
    const auto = options?.autoAssistantToolCalls ?? settings().autoAssistantToolCalls;
    const repair = options?.autoRepairToolHistory ?? settings().autoRepairToolHistory;
    if (!auto && !repair && options?.tools === undefined)
      return original.call(this, messages, options);
    const collection =
      messages instanceof LangMessages
        ? messages
        : new LangMessages(messages as ConstructorParameters<typeof LangMessages>[0]);
    if (options?.tools !== undefined) collection.availableTools = toAvailableTools(options.tools);
    const format = formatOf(this, providerFormat);
    const responses = format === 'openai-responses';
    const covered = responses ? coveredByPreviousResponse(collection) : -1;
    if (repair && covered === -1) {
      // Repair covers what the synthesis pass does (an orphan result gets its call synthesized).
      const { fixes } = repairCollection(collection, { provider: format });
      if (fixes.length > 0) options?.onToolHistoryRepair?.(fixes);
    } else if (auto || repair) {
      synthesizeCallTurns(collection, format, covered);
    }
    return original.call(this, collection, options);
  };
  installChatWrapper(prototype, original, chat, WRAPPED);
}

/**
 * aiwrapper's Responses adapter sends only what follows the last assistant message when that
 * message carries `meta.openaiResponseId`, with `previous_response_id`. The results run right
 * after that message answers the previous response's calls, which the API holds (the collection
 * may not, after trimming): those are covered, and nothing before them is sent.
 */
function coveredByPreviousResponse(messages: LangMessages): number {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    if (message?.role !== 'assistant') continue;
    if (typeof message.meta?.openaiResponseId !== 'string') return -1;
    let last = index;
    while (messages[last + 1]?.role === 'tool-results') last++;
    return last;
  }
  return -1;
}
