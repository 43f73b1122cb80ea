import { describe, expect, it } from 'vitest';
import { assertWritableJson, findUnwritableJson } from '../../src/core/json-text.js';

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
}

describe('findUnwritableJson', () => {
  it('finds nothing in a writable value', () => {
    expect(findUnwritableJson({ a: [1, 'x', null, { b: true }], c: new Date(0) })).toBeUndefined();
  });

  it('names the path of a BigInt', () => {
    expect(findUnwritableJson({ a: [1, { id: 12n }] })).toEqual({
      path: '.a[1].id',
      problem: 'is the BigInt 12n',
    });
  });

  it('names where a cycle closes, and accepts a shared object that is no cycle', () => {
    const shared = { x: 1 };
    expect(findUnwritableJson({ left: shared, right: shared })).toBeUndefined();
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.b = [cyclic];
    expect(findUnwritableJson(cyclic)).toEqual({
      path: '.b[0]',
      problem: 'refers back to itself (a cycle)',
    });
  });

  it('reports nesting past the limit, eliding the deep part of the path, without overflowing', () => {
    expect(findUnwritableJson(nested(100_000))).toEqual({
      path: `${'.a'.repeat(12)}…`,
      problem: 'nests deeper than 1000 levels',
    });
    expect(findUnwritableJson(nested(999))).toBeUndefined();
  });
});

describe('assertWritableJson', () => {
  it('accepts what JSON can carry', () => {
    expect(() => {
      assertWritableJson({ a: [1, 'x'] }, 'messages[0]');
    }).not.toThrow();
  });

  it('throws a typed error naming the place and the path inside the value', () => {
    expect(() => {
      assertWritableJson({ n: 1n }, 'messages[3].content');
    }).toThrow(
      expect.objectContaining({
        code: 'invalid-input',
        message:
          'messages[3].content.n is the BigInt 1n, which JSON cannot carry. Convert it to a number, string or plain object first.',
      }),
    );
  });
});
