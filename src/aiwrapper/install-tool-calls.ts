import { LangMessages, type LangOptions, type LangTool, type LanguageProvider } from 'aiwrapper';
import {
  addAssistantToolCalls,
  addToolCallsAndResults,
  addToolUseMessage,
  latestToolCalls,
} from './lang-messages-tool-calls.js';
import { META_KEYS } from './meta-keys.js';
import {
  repairLangMessages,
  type RepairLangMessagesOptions,
  type RepairLangMessagesResult,
} from './repair-lang-messages.js';
import type { InternalRepairOptions } from '../repair/repair-history.js';
import { installResponsesInputFix } from './serializer-fixes.js';
import { defineMethod, formatOf, patchMethod } from './provider-prototypes.js';
import type { ProviderFormat } from '../core/format.js';
import type { HistoryFix } from '../repair/history-fix.js';
import { z } from 'zod';
import { DEFERRED_RESULT_NAME } from '../core/placeholder-result.js';
import { isObject } from '../core/input-guards.js';
import { ToolHistoryError } from '../errors/tool-history-error.js';

/** The chat options `installToolCalls` adds (typed for users by `aiwrapper-tool-calls/register`). */
export interface ToolCallChatOptions {
  /** Synthesize the missing call turn before results that lack one (default: the install's). */
  autoAssistantToolCalls?: boolean | undefined;
  /** Tools for this request (the pre-3.0 API); sets the collection's `availableTools`. */
  tools?: readonly ChatToolOption[] | undefined;
  /** Repair the collection so this provider accepts it (default: the install's). */
  autoRepairToolHistory?: boolean | undefined;
  /** Called with the fixes `autoRepairToolHistory` made, before the request, when any. */
  onToolHistoryRepair?: ((fixes: readonly HistoryFix[]) => void) | undefined;
}

/** Options of {@link installToolCalls}. */
export interface InstallToolCallsOptions {
  /** The default of the `autoAssistantToolCalls` chat option (`false`). */
  readonly autoAssistantToolCalls?: boolean | undefined;
  /** The default of the `autoRepairToolHistory` chat option (`false`). */
  readonly autoRepairToolHistory?: boolean | undefined;
}

// Symbol.for: a second copy of this package shares the first one's defaults.
const SETTINGS = Symbol.for('aiwrapper-tool-calls.settings');
type Settings = Record<'autoAssistantToolCalls' | 'autoRepairToolHistory', boolean>;
const holder = globalThis as { [SETTINGS]?: Settings | undefined };
const settings = (holder[SETTINGS] ??= {
  autoAssistantToolCalls: false,
  autoRepairToolHistory: false,
});

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
 * Installs the helpers on `LangMessages` and the `tools`, `autoAssistantToolCalls` and
 * `autoRepairToolHistory` chat options; without them, requests are byte-identical to aiwrapper's.
 * Their types come only with `import 'aiwrapper-tool-calls/register'` (which also calls this).
 * @example
 * installToolCalls({ autoAssistantToolCalls: true });
 */
export function installToolCalls(options: InstallToolCallsOptions = {}): void {
  settings.autoAssistantToolCalls =
    options.autoAssistantToolCalls ?? settings.autoAssistantToolCalls;
  settings.autoRepairToolHistory = options.autoRepairToolHistory ?? settings.autoRepairToolHistory;
  const proto = LangMessages.prototype;
  for (const [name, value] of Object.entries(methods)) defineMethod(proto, name, value);
  const getter = (name: string, get: (this: LangMessages) => unknown): void => {
    Object.defineProperty(proto, name, { get, enumerable: false, configurable: true });
  };
  getter('tools', function () {
    return latestToolCalls(this);
  });
  if (!Object.hasOwn(proto, 'messages'))
    getter('messages', function () {
      return this;
    });
  patchMethod(
    'chat',
    Symbol.for('aiwrapper-tool-calls.wrapped-chat'),
    (original, providerFormat) =>
      async function chat(this: unknown, messages: unknown, given?: unknown): Promise<unknown> {
        const options = given as (LangOptions & ToolCallChatOptions) | undefined;
        const auto = options?.autoAssistantToolCalls ?? settings.autoAssistantToolCalls;
        const repair = options?.autoRepairToolHistory ?? settings.autoRepairToolHistory;
        if (!auto && !repair && options?.tools === undefined)
          return await original.call(this, messages, options);
        const collection =
          messages instanceof LangMessages
            ? messages
            : new LangMessages(messages as ConstructorParameters<typeof LangMessages>[0]);
        if (options?.tools !== undefined)
          collection.availableTools = toAvailableTools(options.tools);
        const format = formatOf(this as LanguageProvider, providerFormat);
        const covered = format === 'openai-responses' ? coveredByPreviousResponse(collection) : -1;
        if (repair && covered === -1) {
          // Repair covers what the synthesis pass does (an orphan result gets its call synthesized).
          const { fixes } = repairLangMessages(collection, { provider: format });
          if (fixes.length > 0) options?.onToolHistoryRepair?.(fixes);
        } else if (auto || repair) {
          synthesizeCallTurns(collection, format, covered);
        }
        return await original.call(this, collection, options);
      },
  );
  installResponsesInputFix();
}

/** The `autoAssistantToolCalls` pass, in place; results through `coveredThrough` are left alone. */
export function synthesizeCallTurns(
  collection: LangMessages,
  provider: ProviderFormat,
  coveredThrough: number,
): RepairLangMessagesResult {
  const options: RepairLangMessagesOptions & InternalRepairOptions = {
    provider,
    preset: 'add-missing-calls',
    leaveThrough: coveredThrough,
    markTurn: { aiwrapper: { meta: { [META_KEYS.synthesized]: true } } },
  };
  return repairLangMessages(collection, options);
}

/** The last index a Responses `previous_response_id` covers (the assistant turn and its results). */
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

/** A tool as passed in `chat()` options (the old API): aiwrapper's shape or an OpenAI function tool. */
export type ChatToolOption =
  | LangTool
  | {
      readonly type: 'function';
      readonly function: {
        readonly name: string;
        readonly description?: string | undefined;
        readonly parameters?: unknown;
      };
    };

const openAITool = z.looseObject({
  type: z.literal('function'),
  function: z.looseObject({
    name: z.string().min(1),
    description: z.string().optional(),
    parameters: z.unknown().optional(),
  }),
});
const langTool = z.looseObject({ name: z.string().min(1) });

/**
 * Turns `chat()`'s `tools` into `availableTools`; a handler-less function tool gets a hidden one
 * recording a placeholder, so aiwrapper declares it as a function. Throws `invalid-input`.
 */
export function toAvailableTools(tools: unknown): LangTool[] {
  if (!Array.isArray(tools))
    throw new ToolHistoryError('invalid-input', 'options.tools must be an array of tools.');
  return tools.map((tool: unknown, index): LangTool => {
    const openAI = openAITool.safeParse(tool);
    if (openAI.success) {
      const { name, description, parameters } = openAI.data.function;
      return deferred({
        name,
        description: description ?? '',
        parameters: isObject(parameters) ? parameters : {},
      });
    }
    const parsed = langTool.safeParse(tool);
    if (!parsed.success)
      throw new ToolHistoryError(
        'invalid-input',
        `options.tools[${index}] is not a tool: it needs a non-empty name.`,
      );
    // Built-in provider tools (no parameters) and tools with handlers pass through untouched.
    if ('handler' in parsed.data || !('parameters' in parsed.data)) return tool as LangTool;
    return deferred(parsed.data);
  });
}

function deferred(tool: Readonly<Record<string, unknown>> & { readonly name: string }): LangTool {
  const copy = { description: '', parameters: {}, ...tool } as LangTool & Record<string, unknown>;
  Object.defineProperty(copy, 'handler', {
    enumerable: false,
    value: () => ({
      error: true,
      name: DEFERRED_RESULT_NAME,
      message: `Tool "${tool.name}" runs outside aiwrapper; the caller adds its result.`,
    }),
  });
  return copy;
}
