import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { addMissingToolCalls } from '../../../src/formats/openai-chat/add-missing-tool-calls.js';
import { validateOpenAIChat } from '../../../src/formats/openai-chat/validate-openai-chat.js';
import { arbitraryHistoryWithOrphans } from '../../arbitraries/openai-chat-history.js';
import {
  chatTemplatesAvailable,
  readChatTemplateFile,
  renderChatTemplate,
} from '../../helpers/chat-templates.js';

const gptOss = readChatTemplateFile('gpt-oss-120b.jinja');

describe.skipIf(!chatTemplatesAvailable)('against the real gpt-oss chat template', () => {
  test.prop([arbitraryHistoryWithOrphans])(
    'the output validates and the real gpt-oss template renders it',
    (messages) => {
      const { messages: fixed } = addMissingToolCalls(messages);
      expect(validateOpenAIChat(fixed)).toEqual({ ok: true, issues: [] });
      expect(() => renderChatTemplate(gptOss, fixed)).not.toThrow();
    },
  );
});

test.prop([arbitraryHistoryWithOrphans])('a second pass changes nothing', (messages) => {
  const once = addMissingToolCalls(messages).messages;
  expect(addMissingToolCalls(once)).toEqual({ messages: once, inserted: [] });
});

test.prop([arbitraryHistoryWithOrphans])(
  'every input message survives, altered only by a reported id renaming',
  (messages) => {
    const { messages: fixed, inserted } = addMissingToolCalls(messages);
    const insertedAt = new Set(inserted.map((turn) => turn.messageIndex));
    const kept = fixed.filter((_, index) => !insertedAt.has(index));
    expect(kept).toHaveLength(messages.length);
    const renamed = inserted.flatMap((turn) => turn.renamedIds);
    const restored = kept.map((message) => {
      if (message.role !== 'tool' || messages.includes(message)) return message;
      const pair = renamed.find(([, to]) => to === message.tool_call_id);
      return { ...message, tool_call_id: pair?.[0] };
    });
    expect([...restored].sort(byJson)).toEqual([...messages].sort(byJson));
  },
);

function byJson(a: unknown, b: unknown): number {
  return JSON.stringify(a).localeCompare(JSON.stringify(b));
}
