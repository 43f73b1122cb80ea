import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { CallIdIndex } from '../../src/core/call-id-index.js';

describe('CallIdIndex', () => {
  // Few distinct ids, so most runs repeat some; any size it was made for, even too small a one.
  const ids = fc.array(fc.oneof(fc.constantFrom('a', 'b', 'toolu_1', ''), fc.string()), {
    maxLength: 200,
  });
  test.prop([ids, fc.nat(200)])('finds the first site of every id a Map would', (list, size) => {
    const index = new CallIdIndex(Math.max(size, list.length), (slot) => list[slot] ?? '');
    const firsts = new Map<string, number>();
    list.forEach((id, slot) => {
      expect(index.firstOrAdd(id, slot)).toBe(firsts.get(id) ?? -1);
      if (!firsts.has(id)) firsts.set(id, slot);
    });
  });

  test('tells apart tens of thousands of ids that differ in one character', () => {
    const list = Array.from({ length: 40_000 }, (_, slot) => `toolu_${String(slot % 20_000)}`);
    const index = new CallIdIndex(list.length, (slot) => list[slot] ?? '');
    const found = list.map((id, slot) => index.firstOrAdd(id, slot));
    expect(found.slice(0, 20_000).every((first) => first === -1)).toBe(true);
    expect(found.slice(20_000).every((first, at) => first === at)).toBe(true);
  });
});
