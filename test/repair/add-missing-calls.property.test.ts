import { test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { validateOpenAIChat } from '../../src/formats/openai-chat/validate-openai-chat.js';
import type { OpenAIChatMessage } from '../../src/formats/openai-chat/openai-chat-types.js';
import { repairHistory } from '../../src/repair/repair-history.js';
import { arbitraryHistoryWithOrphans } from '../arbitraries/openai-chat-history.js';
import { readChatTemplateFile, renderChatTemplate } from '../helpers/chat-templates.js';

const gptOss = readChatTemplateFile('gpt-oss-120b.jinja');
const addMissingCalls = (messages: readonly unknown[]) =>
  repairHistory(messages, { format: 'openai-chat', preset: 'add-missing-calls' });

test.prop([arbitraryHistoryWithOrphans])(
  'the output validates and the real gpt-oss template renders it',
  (messages) => {
    const { messages: fixed } = addMissingCalls(messages);
    expect(validateOpenAIChat(fixed)).toEqual({ ok: true, issues: [] });
    expect(() => renderChatTemplate(gptOss, fixed)).not.toThrow();
  },
);

test.prop([arbitraryHistoryWithOrphans])('a second pass changes nothing', (messages) => {
  const once = addMissingCalls(messages).messages;
  expect(addMissingCalls(once)).toEqual({ messages: once, fixes: [], warnings: [] });
});

test.prop([arbitraryHistoryWithOrphans])(
  'every input message survives, altered only by a reported id rewrite',
  (messages) => {
    const { messages: fixed, fixes } = addMissingCalls(messages);
    const insertedAt = new Set(
      fixes.flatMap((fix) => (fix.kind === 'synthesized-call' ? [fix.messageIndex] : [])),
    );
    const kept = fixed.filter((_, index) => !insertedAt.has(index));
    expect(kept).toHaveLength(messages.length);
    const renamed = new Map(
      fixes.flatMap((fix) => (fix.kind === 'rewrote-call-id' ? [[fix.to, fix.from]] : [])),
    );
    const restored = kept.map((message: OpenAIChatMessage) =>
      message.role === 'tool' && renamed.has(message.tool_call_id)
        ? { ...message, tool_call_id: renamed.get(message.tool_call_id) }
        : message,
    );
    expect([...restored].sort(byJson)).toEqual([...messages].sort(byJson));
  },
);

/** Orders messages by content whatever their key order (rewritten messages may order keys differently). */
function byJson(a: unknown, b: unknown): number {
  return canonical(a).localeCompare(canonical(b));
}

function canonical(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value).filter(([, entry]) => entry !== undefined);
  entries.sort(([a], [b]) => a.localeCompare(b));
  return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonical(entry)}`).join(',')}}`;
}
