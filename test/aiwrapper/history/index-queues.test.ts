import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { deepEqual } from '../../../src/core/deep-equal.js';
import { equalityKey, IndexQueues } from '../../../src/aiwrapper/history/index-queues.js';

/** The same value with every object's keys in reverse order. */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, entry]) => [key, reversedKeys(entry)]),
  );
}

describe('equalityKey', () => {
  test.prop([fc.jsonValue()])('gives values deepEqual holds equal the same key', (value) => {
    const other = reversedKeys(value);
    expect(deepEqual(value, other)).toBe(true);
    expect(equalityKey(other)).toBe(equalityKey(value));
  });

  test.prop([fc.jsonValue(), fc.jsonValue()])(
    'gives different keys to JSON values deepEqual tells apart',
    (first, second) => {
      // JSON has no -0: compare the values as JSON has them.
      const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
      fc.pre(!deepEqual(json(first), json(second)));
      expect(equalityKey(first)).not.toBe(equalityKey(second));
    },
  );

  it('tells a string from the number it spells', () => {
    expect(equalityKey({ a: '1' })).not.toBe(equalityKey({ a: 1 }));
  });
});

describe('IndexQueues', () => {
  it('returns the first unused index of a group that is accepted, skipping used ones', () => {
    const queues = IndexQueues.of(['a', 'b', 'a', 'a'], (key) => key);
    const used = new Uint8Array(4);
    expect(queues.first('a', used, () => true)).toBe(0);
    used[0] = 1;
    expect(queues.first('a', used, (index) => index !== 2)).toBe(3);
    expect(queues.first('c', used, () => true)).toBe(-1);
    expect(queues.any('a')).toBe(0);
    expect(queues.any('c')).toBe(-1);
  });
});
