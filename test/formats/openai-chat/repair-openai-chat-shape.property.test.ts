import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { CHAT_HOST_NAMES } from '../../../src/formats/index.js';
import { repairHistory } from '../../../src/repair/repair-history.js';
import { validateHistory } from '../../../src/validate/validate-history.js';
import {
  arbitraryDamagedChatHistory,
  type LooseMessage,
} from '../../arbitraries/damaged-openai-chat.js';

const host = fc.constantFrom(...CHAT_HOST_NAMES);
const thinking = fc.boolean();

test.prop([arbitraryDamagedChatHistory, host, thinking])(
  "repair output validates under the host's rules, for every Chat Completions host",
  (messages, provider, on) => {
    const options = { format: 'openai-chat', provider, thinking: on } as const;
    const { messages: repaired } = repairHistory(messages, options);
    expect(validateHistory(repaired, options)).toEqual({ ok: true, issues: [] });
  },
);

test.prop([arbitraryDamagedChatHistory, host, thinking])(
  'repair is idempotent',
  (messages, provider, on) => {
    const options = { format: 'openai-chat', provider, thinking: on } as const;
    const once = repairHistory(messages, options).messages;
    const twice = repairHistory(once, options);
    expect(twice.fixes).toEqual([]);
    expect(twice.messages).toEqual(once);
  },
);

test.prop([arbitraryDamagedChatHistory, host])(
  'loses no result and no call unless a fix holds it, and never touches its input',
  (messages, provider) => {
    const before = JSON.stringify(messages);
    const { messages: repaired, fixes } = repairHistory(messages, {
      format: 'openai-chat',
      provider,
    });
    expect(JSON.stringify(messages)).toBe(before);
    const text = JSON.stringify(repaired);
    const kept = new Set<string>();
    for (const fix of fixes)
      if (fix.kind === 'dropped-duplicate-result' && typeof fix.result.content === 'string')
        kept.add(fix.result.content);
    for (const message of messages) {
      if (message.role !== 'tool') continue;
      const content = message.content as string;
      // A result stays a tool message, becomes text of a user message, or is kept in its fix.
      expect(text.includes(JSON.stringify(content).slice(1, -1)) || kept.has(content)).toBe(true);
    }
    expect(callCount(repaired)).toBeGreaterThanOrEqual(callCount(messages));
  },
);

test.prop([arbitraryDamagedChatHistory])(
  'reports every change: a message without a fix at its index comes back as the input object',
  (messages) => {
    const { messages: repaired, fixes } = repairHistory(messages, { format: 'openai-chat' });
    // With nothing but shape fixes (no message added, dropped or moved), every message no fix
    // names is the input's own object.
    if (repaired.length !== messages.length || fixes.some((fix) => !SHAPE_KINDS.has(fix.kind)))
      return;
    const fixed = new Set(fixes.map((fix) => fix.messageIndex));
    repaired.forEach((message, index) => {
      if (!fixed.has(index)) expect(message).toBe(messages[index]);
    });
  },
);

const SHAPE_KINDS: ReadonlySet<string> = new Set([
  'stringified-arguments',
  'removed-empty-tool-calls',
  'added-tool-call-id',
  'filled-content',
  'named-call',
  'added-reasoning',
]);

function callCount(messages: readonly unknown[]): number {
  let count = 0;
  for (const message of messages as readonly LooseMessage[])
    if (Array.isArray(message.tool_calls)) count += message.tool_calls.length;
  return count;
}
