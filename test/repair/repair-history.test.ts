import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MESSAGE_FORMATS, type MessageFormat } from '../../src/core/format.js';
import { UnsupportedFormatError } from '../../src/errors/unsupported-format-error.js';
import type { HistoryFix } from '../../src/repair/history-fix.js';
import { repairHistory } from '../../src/repair/repair-history.js';
import { restoreIds } from '../../src/repair/restore-ids.js';
import { chatTemplateHistories as histories } from '../helpers/chat-templates.js';

interface Expected {
  readonly input: unknown[];
  readonly expected: { readonly messages: unknown[]; readonly fixes: readonly (Omit<HistoryFix, 'message'> & { readonly message: string })[] };
}

/**
 * __fixtures__/broken-neutral.ts written in each format, and the repair reviewed by hand: the
 * orphan at the start gets its call (Gemini: after a user turn), the missing result a
 * placeholder, the duplicate is dropped and kept in its fix, Mistral ids become 9 characters and
 * an assistant message comes between results and a user message. Fix sentences are checked in
 * repair-tool-history.test.ts.
 */
const cases = JSON.parse(readFileSync(new URL('__fixtures__/repair-history.expected.json', import.meta.url), 'utf8')) as Record<MessageFormat, Expected>;

describe('repairHistory', () => {
  it.each(MESSAGE_FORMATS)('repairs a broken %s history and reports every fix with indexes into its arrays', (format) => {
    const { input, expected } = cases[format];
    const before = structuredClone(input);
    expect(repairHistory(input, { format })).toEqual({
      messages: expected.messages,
      fixes: expected.fixes.map((fix) => ({ ...fix, message: expect.any(String) })),
    });
    expect(input).toEqual(before);
  });

  it.each(MESSAGE_FORMATS)('reports the fix kinds expected for %s', (format) => {
    const kinds = repairHistory(cases[format].input, { format }).fixes.map((fix) => fix.kind);
    const expected: Record<MessageFormat, readonly string[]> = {
      'openai-chat': ['synthesized-call', 'dropped-duplicate-result', 'inserted-placeholder'],
      'openai-responses': ['synthesized-call', 'inserted-placeholder', 'dropped-duplicate-result'],
      anthropic: ['synthesized-call', 'inserted-placeholder', 'dropped-duplicate-result'],
      gemini: ['inserted-user-turn', 'synthesized-call', 'inserted-placeholder', 'dropped-duplicate-result'],
      mistral: ['rewrote-call-id', 'synthesized-call', 'inserted-assistant-turn', 'rewrote-call-id', 'dropped-duplicate-result', 'inserted-placeholder', 'inserted-assistant-turn'],
      aiwrapper: ['synthesized-call', 'inserted-placeholder', 'dropped-duplicate-result'],
      vercel: ['synthesized-call', 'inserted-placeholder', 'dropped-duplicate-result'],
    };
    expect([...kinds].sort()).toEqual([...expected[format]].sort());
  });

  it('returns a history its validator accepts unchanged, as a new array', () => {
    const messages = histories.cases.a_valid ?? [];
    const result = repairHistory(messages, { format: 'openai-chat' });
    expect(result).toEqual({ messages, fixes: [] });
    expect(result.messages).not.toBe(messages);
  });

  it('turns an orphan into text under orphanResults: to-text', () => {
    const messages = [{ role: 'tool', tool_call_id: 'x', content: 'late' }, { role: 'user', content: 'hi' }];
    expect(repairHistory(messages, { format: 'openai-chat', orphanResults: 'to-text' }).messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Result of a tool for call "x", whose call is not in this conversation:\nlate' }, { type: 'text', text: 'hi' }] },
    ]);
  });

  it('repairs for another provider than the format when given a profile', () => {
    const messages = [{ role: 'assistant', items: [{ type: 'tool', callId: 'call_abc123xyz', name: 'f', arguments: {} }] }, { role: 'tool-results', items: [{ type: 'tool-result', callId: 'call_abc123xyz', name: 'f', result: 'ok' }] }];
    const { messages: repaired, fixes } = repairHistory(messages, { format: 'aiwrapper', profile: 'mistral' });
    expect(fixes.map((fix) => fix.kind)).toEqual(['rewrote-call-id']);
    expect(JSON.stringify(repaired)).not.toContain('call_abc123xyz');
  });

  it('throws UnsupportedFormatError for an unknown format', () => {
    expect(() => repairHistory([], { format: 'cohere' as MessageFormat })).toThrow(UnsupportedFormatError);
  });
});

describe('restoreIds', () => {
  it('gives the calls and results of a repaired Mistral history their original ids back', () => {
    const messages = histories.cases.d_bad_id_format ?? [];
    const { messages: repaired, fixes } = repairHistory(messages, { format: 'mistral' });
    expect(JSON.stringify(repaired)).not.toContain('call_abc123xyz');
    const restored = restoreIds(repaired, fixes, { format: 'mistral' });
    expect(restored).toEqual(messages.map((message) => (message.role === 'tool' ? { ...message, name: 'get_weather' } : message)));
  });

  it('returns a copy when no id was rewritten', () => {
    const messages = [{ role: 'user', content: 'hi' }];
    expect(restoreIds(messages, [], { format: 'openai-chat' })).toEqual(messages);
  });
});
