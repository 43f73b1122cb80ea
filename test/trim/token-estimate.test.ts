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
    // 35 and 143 characters: 147 of JSON, less the 4 backslashes escaping the arguments' quotes.
    expect([bare, withCall]).toEqual([12, 39]);
  });

  it('counts a string by its length, escapes left out, and a number as 4 characters', () => {
    // {"text":"a\"b\nc","n":123456789} is 32 characters; less 2 backslashes and 5 digits: 25.
    expect(estimateTokens({ text: 'a"b\nc', n: 123456789 })).toBe(Math.ceil(25 / 4) + 3);
  });

  it('counts a value JSON cannot hold as the per-message cost alone', () => {
    expect(estimateTokens(undefined)).toBe(3);
  });
});
