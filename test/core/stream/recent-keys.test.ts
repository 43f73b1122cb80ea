import { describe, expect, it } from 'vitest';
import { RecentKeys } from '../../../src/core/stream/recent-keys.js';

describe('RecentKeys', () => {
  it('returns the string it already has for a key sliced again', () => {
    const keys = new RecentKeys();
    const first = keys.slice('{"name":1}', 2, 6);
    expect(first).toBe('name');
    expect(keys.slice('[{"name":2}', 3, 7)).toBe(first);
    expect(keys.remember(['na', 'me'].join(''))).toBe(first);
  });

  it('remembers an assembled key for the next time it is sliced or assembled', () => {
    const keys = new RecentKeys();
    const assembled = keys.remember(['ta', 'gs'].join(''));
    expect(keys.remember(['t', 'ags'].join(''))).toBe(assembled);
    expect(keys.slice('"tags"', 1, 5)).toBe(assembled);
  });

  it('gives every key its own value, whatever it shares a slot with', () => {
    const keys = new RecentKeys();
    const words = Array.from(
      { length: 300 },
      (_, index) => `k${index.toString(36)}${'x'.repeat(index % 5)}`,
    );
    for (const word of [...words, ...words]) {
      expect(keys.slice(`"${word}"`, 1, word.length + 1)).toBe(word);
      expect(keys.remember(word)).toBe(word);
    }
    expect(keys.slice('""', 1, 1)).toBe('');
    expect(keys.remember('')).toBe('');
  });
});
