import { describe, expect, it } from 'vitest';
import { MessageStrings } from '../../src/core/message-strings.js';

describe('MessageStrings', () => {
  it('makes the string of a message once while the message stays the same', () => {
    const made: number[] = [];
    const prefixes = new MessageStrings((index) => {
      made.push(index);
      return `messages.${String(index)}.content.`;
    });
    expect([3, 3, 3, 4, 4, 3].map((index) => prefixes.of(index))).toEqual([
      'messages.3.content.',
      'messages.3.content.',
      'messages.3.content.',
      'messages.4.content.',
      'messages.4.content.',
      'messages.3.content.',
    ]);
    expect(made).toEqual([3, 4, 3]);
  });
});
