import { readFileSync } from 'node:fs';
import { Template } from '@huggingface/jinja';

// The shared chat templates live next to the checkout (/work/shared beside /work/main, also in CI).
// Reading them at import time makes a test file FAIL, not skip, when the folder is missing.
const templatesDir = new URL('../../../shared/chat-templates/', import.meta.url);

/** Reads a file of shared/chat-templates. */
export function readChatTemplateFile(name: string): string {
  return readFileSync(new URL(name, templatesDir), 'utf8');
}

/** histories.json: the OpenAI-format histories the templates were checked with. */
export interface ChatTemplateHistories {
  readonly tools: readonly unknown[];
  readonly cases: Readonly<Record<string, readonly Readonly<Record<string, unknown>>[]>>;
}

export const chatTemplateHistories: ChatTemplateHistories = JSON.parse(
  readChatTemplateFile('histories.json'),
) as ChatTemplateHistories;

/**
 * What vLLM / llama.cpp hand a template: `arguments` parsed into an object. `content: null` on a
 * tool-call turn becomes `""`, as the templates README advises (gpt-oss fails on null in both
 * engines, which is an engine error, not a check).
 */
function asTemplateInput(messages: readonly object[]): Record<string, unknown>[] {
  return messages.map((message) => {
    const record = message as Record<string, unknown>;
    const toolCalls = record.tool_calls;
    if (!Array.isArray(toolCalls)) return { ...record };
    return {
      ...record,
      content: record.content ?? '',
      tool_calls: toolCalls.map((call: { function: { name: string; arguments: string } }) => ({
        ...call,
        function: { ...call.function, arguments: JSON.parse(call.function.arguments) as unknown },
      })),
    };
  });
}

/** Renders OpenAI-format `messages` through a template; a template's raise_exception throws. */
export function renderChatTemplate(template: string, messages: readonly object[]): string {
  return new Template(template).render({
    messages: asTemplateInput(messages),
    tools: chatTemplateHistories.tools,
    add_generation_prompt: false,
    bos_token: '<s>',
    eos_token: '</s>',
  });
}
