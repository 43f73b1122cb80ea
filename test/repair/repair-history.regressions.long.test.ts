import { describe, expect, it } from 'vitest';
import { repairHistory } from '../../src/repair/repair-history.js';

// Sizes past the engine's argument-spread limit: `npm run test:long` only.
describe('repairHistory regressions', () => {
  it('repairs 300k Chat messages whose call turns are all missing without a spread of a large array', () => {
    const messages: unknown[] = [];
    for (let turn = 0; messages.length < 300_000; turn++) {
      messages.push({ role: 'user', content: `q${String(turn)}` });
      messages.push({ role: 'tool', tool_call_id: `c${String(turn)}`, name: 'f', content: 'r' });
    }
    const { messages: repaired, fixes } = repairHistory(messages, {
      format: 'openai-chat',
      preset: 'add-missing-calls',
    });
    expect(fixes).toHaveLength(150_000);
    expect(repaired).toHaveLength(450_000);
    expect(repaired[2]).toBe(messages[1]);
  });
});
