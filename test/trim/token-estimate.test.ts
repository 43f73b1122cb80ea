import { describe, expect, it } from 'vitest';
import { estimateTokens } from '../../src/trim/token-estimate.js';

describe('estimateTokens', () => {
  it('counts a quarter token per character of JSON, rounded up, plus 3 per message', () => {
    // {"role":"user","content":"What is the weather in Paris?"} is 57 characters.
    expect(estimateTokens({ role: 'user', content: 'What is the weather in Paris?' })).toBe(15 + 3);
  });

  it('counts tool arguments and results, not just text', () => {
    const bare = estimateTokens({ role: 'assistant', content: null });
    const withCall = estimateTokens({
      role: 'assistant',
      content: null,
      tool_calls: [
        {
          id: 'call_1',
          type: 'function',
          function: { name: 'search', arguments: '{"q":"weather"}' },
        },
      ],
    });
    // 35 and 147 characters of JSON.
    expect([bare, withCall]).toEqual([12, 40]);
  });

  it('counts a value JSON cannot hold as the per-message cost alone', () => {
    expect(estimateTokens(undefined)).toBe(3);
  });
});
