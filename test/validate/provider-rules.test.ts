import { describe, expect, it } from 'vitest';
import { UnsupportedFormatError } from '../../src/errors/tool-history-error.js';
import { repairHistory } from '../../src/repair/repair-history.js';
import {
  ruleContextOf,
  rulesFormatFor,
  validateHistory,
} from '../../src/validate/validate-history.js';

const id = 'call_0_3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c';
const messages = [
  { role: 'user', content: 'Weather?' },
  {
    role: 'assistant',
    content: '',
    tool_calls: [{ id, type: 'function', function: { name: 'w', arguments: '{}' } }],
  },
  { role: 'tool', tool_call_id: id, content: 'sunny' },
];

describe('rulesFormatFor', () => {
  it("picks the format whose validator applies: the format's own, a same-shape format's, or Chat's for a host", () => {
    expect(rulesFormatFor('openai-chat', undefined)).toBe('openai-chat');
    expect(rulesFormatFor('openai-chat', 'mistral')).toBe('mistral');
    expect(rulesFormatFor('mistral', 'deepseek')).toBe('openai-chat');
    expect(() => rulesFormatFor('gemini', 'groq')).toThrow(/groq rules check openai-chat/);
    expect(() => rulesFormatFor('openai-chat', 'azure')).toThrow(UnsupportedFormatError);
  });
});

describe('ruleContextOf', () => {
  it('names a host for a host provider, none for OpenAI or a format', () => {
    expect(ruleContextOf({ provider: 'deepseek' })).toEqual({
      model: undefined,
      thinking: undefined,
      host: 'deepseek',
    });
    expect(ruleContextOf({ provider: 'openai' })).toEqual({});
    expect(ruleContextOf({ provider: 'mistral' })).toEqual({});
  });
});

describe('the provider option', () => {
  it("accepts DeepSeek's own id under its host, and repair leaves it as it is", () => {
    const result = validateHistory(messages, { format: 'openai-chat', provider: 'deepseek' });
    expect(result).toEqual({ ok: true, issues: [] });
    const repaired = repairHistory(messages, { format: 'openai-chat', provider: 'deepseek' });
    expect(repaired.fixes).toEqual([]);
    expect(repaired.messages[1]).toBe(messages[1]);
  });

  it("rewrites DeepSeek's 43-character id for provider 'openai', whose limit is 40", () => {
    const openai = repairHistory(messages, { format: 'openai-chat', provider: 'openai' });
    expect(openai.fixes.map((fix) => [fix.kind, fix.messageIndex])).toEqual([
      ['rewrote-call-id', 1],
    ]);
    expect(validateHistory(openai.messages, { format: 'openai-chat', provider: 'openai' }).ok).toBe(
      true,
    );
  });
});
