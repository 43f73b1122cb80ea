import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { MESSAGE_FORMATS } from '../../src/core/format.js';
import { readFormat, writeFormat } from '../../src/repair/format-io.js';
import { arbitraryBrokenHistory } from '../arbitraries/broken-history.js';
import { FORMAT_FEATURES } from '../arbitraries/history.js';
import { validateOpenAIChat } from '../../src/formats/openai-chat/validate-openai-chat.js';
import type { OpenAIChatMessage } from '../../src/formats/openai-chat/openai-chat-types.js';
import { repairHistory } from '../../src/repair/repair-history.js';
import { arbitraryHistoryWithOrphans } from '../arbitraries/openai-chat-history.js';
import {
  chatTemplatesAvailable,
  readChatTemplateFile,
  renderChatTemplate,
} from '../helpers/chat-templates.js';
import { numRuns } from '../setup/num-runs.js';

// 30 runs in `npm test`, ten times that in `npm run test:long`.
const RUNS = { numRuns: numRuns(30) };

const gptOss = readChatTemplateFile('gpt-oss-120b.jinja');
const addMissingCalls = (messages: readonly unknown[]) =>
  repairHistory(messages, { format: 'openai-chat', preset: 'add-missing-calls' });

test.prop([arbitraryHistoryWithOrphans], RUNS)('the output validates', (messages) => {
  const { messages: fixed } = addMissingCalls(messages);
  expect(validateOpenAIChat(fixed)).toEqual({ ok: true, issues: [] });
});

// The real template needs ../shared/chat-templates; a clone on its own skips it (with a reason).
describe.skipIf(!chatTemplatesAvailable)('with the real gpt-oss chat template', () => {
  test.prop([arbitraryHistoryWithOrphans], RUNS)('the template renders the output', (messages) => {
    const { messages: fixed } = addMissingCalls(messages);
    expect(() => renderChatTemplate(gptOss, fixed)).not.toThrow();
  });
});

test.prop([arbitraryHistoryWithOrphans], RUNS)('a second pass changes nothing', (messages) => {
  const once = addMissingCalls(messages).messages;
  expect(addMissingCalls(once)).toEqual({ messages: once, fixes: [], warnings: [] });
});

test.prop([arbitraryHistoryWithOrphans], RUNS)(
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

describe.each(MESSAGE_FORMATS)("preset 'add-missing-calls' on broken %s histories", (format) => {
  const broken = arbitraryBrokenHistory(FORMAT_FEATURES[format]).map(
    ({ history }) => writeFormat(history, format, new Set()) as unknown[],
  );
  const preset = 'add-missing-calls' as const;

  test.prop([broken], RUNS)('a second pass changes nothing', (messages) => {
    const once = repairHistory(messages, { format, preset }).messages;
    expect(repairHistory(once, { format, preset })).toEqual({
      messages: once,
      fixes: [],
      warnings: [],
    });
  });

  test.prop([broken], RUNS)('keeps every result and adds only calls', (messages) => {
    const { messages: fixed, fixes } = repairHistory(messages, { format, preset });
    const count = (wire: readonly unknown[]) => {
      let results = 0;
      let calls = 0;
      for (const message of readFormat(wire, format).history) {
        if (message.role === 'tool') results += message.results.length;
        if (message.role === 'assistant')
          for (const part of message.parts) if (part.type === 'tool-call') calls++;
      }
      return { results, calls };
    };
    const synthesized = fixes.filter((fix) => fix.kind === 'synthesized-call').length;
    const before = count(messages);
    expect(count(fixed)).toEqual({ results: before.results, calls: before.calls + synthesized });
  });
});

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
