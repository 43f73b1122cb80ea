import { readFileSync } from 'node:fs';
import { Template } from '@huggingface/jinja';
import { hasShared, SHARED_DIR } from './shared-dir.js';

const templatesDir = new URL('chat-templates/', SHARED_DIR);

/**
 * Whether ../shared/chat-templates is there. Every test that uses this module sits in a
 * `describe.skipIf(!chatTemplatesAvailable)` (or `it.skipIf`) block: a clone on its own skips them
 * with a printed reason; CI, which has the folder, runs them.
 */
export const chatTemplatesAvailable: boolean = hasShared('chat-templates');

/**
 * Reads a file of shared/chat-templates. Without the folder it returns `''`: vitest still runs
 * the body of a skipped suite to collect its tests, and that must not throw;
 * {@link renderChatTemplate} refuses such a template, so a test that forgot to skip fails.
 */
export function readChatTemplateFile(name: string): string {
  if (!chatTemplatesAvailable) return '';
  return readFileSync(new URL(name, templatesDir), 'utf8');
}

/** histories.json: the OpenAI-format histories the templates were checked with. */
export interface ChatTemplateHistories {
  readonly tools: readonly unknown[];
  readonly cases: Readonly<Record<string, readonly Readonly<Record<string, unknown>>[]>>;
}

/** histories.json, or no cases at all without ../shared (see {@link readChatTemplateFile}). */
export const chatTemplateHistories: ChatTemplateHistories = chatTemplatesAvailable
  ? (JSON.parse(readChatTemplateFile('histories.json')) as ChatTemplateHistories)
  : { tools: [], cases: {} };

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
  if (!chatTemplatesAvailable) {
    throw new Error(
      'renderChatTemplate without ../shared/chat-templates: put this test under describe.skipIf(!chatTemplatesAvailable)',
    );
  }
  return new Template(template).render({
    messages: asTemplateInput(messages),
    tools: chatTemplateHistories.tools,
    add_generation_prompt: false,
    bos_token: '<s>',
    eos_token: '</s>',
  });
}
