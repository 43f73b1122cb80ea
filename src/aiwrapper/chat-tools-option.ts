import type { LangTool } from 'aiwrapper';
import { z } from 'zod';
import { DEFERRED_RESULT_NAME } from '../core/placeholder-result.js';
import { ToolHistoryError } from '../errors/tool-history-error.js';

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
        parameters: isRecord(parameters) ? parameters : {},
      });
    }
    const parsed = langTool.safeParse(tool);
    if (!parsed.success) {
      throw new ToolHistoryError(
        'invalid-input',
        `options.tools[${index}] is not a tool: it needs a non-empty name.`,
      );
    }
    const lang = parsed.data;
    // Built-in provider tools (no parameters) and tools with handlers pass through untouched.
    if ('handler' in lang || !('parameters' in lang)) return tool as LangTool;
    return deferred(lang);
  });
}

function deferred(tool: Record<string, unknown> & { name: string }): LangTool {
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
