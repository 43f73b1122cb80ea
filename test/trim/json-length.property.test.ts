import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { ToolHistoryError } from '../../src/errors/tool-history-error.js';
import { jsonLength } from '../../src/trim/json-length.js';

/**
 * What JSON.stringify does with `value`: its length, or that it throws (jsonLength throws a typed
 * ToolHistoryError where JSON.stringify throws a TypeError).
 */
function stringifyOutcome(value: unknown): { length: number | undefined } | { error: string } {
  try {
    return { length: (JSON.stringify(value) as string | undefined)?.length };
  } catch (error) {
    return { error: error instanceof TypeError ? 'ToolHistoryError' : 'thrown' };
  }
}

function jsonLengthOutcome(value: unknown): { length: number | undefined } | { error: string } {
  try {
    return { length: jsonLength(value) };
  } catch (error) {
    return { error: error instanceof Error ? error.constructor.name : 'thrown' };
  }
}

const anything = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  // Any UTF-16 code units, lone surrogates included: JSON.stringify escapes those.
  stringUnit: 'binary',
  maxDepth: 4,
});

test.prop([anything])('is the length of JSON.stringify, or throws as it does', (value) => {
  expect(jsonLengthOutcome(value)).toEqual(stringifyOutcome(value));
});

test.prop([fc.jsonValue()])('is the length of JSON.stringify for any JSON value', (value) => {
  expect(jsonLength(value)).toBe(JSON.stringify(value).length);
});

describe('jsonLength', () => {
  class Message {
    constructor(
      readonly role: string,
      readonly items: readonly unknown[],
    ) {}
  }
  const cases: readonly [string, unknown][] = [
    ['escapes, control characters and lone surrogates', { text: 'a"b\\c\n\u0001\ud800 é 🚀' }],
    [
      'values JSON leaves out or writes as null',
      { a: undefined, b: () => 1, c: [undefined, Symbol('s'), NaN, -0, Infinity] },
    ],
    [
      'toJSON, called with the member key',
      {
        at: new Date(0),
        keyed: { toJSON: (key: string) => `key:${key}` },
        list: [{ toJSON: (key: string) => key }],
      },
    ],
    [
      'class instances and boxed primitives',
      [new Message('user', [1, 'two']), new String('s'), new Number(1), new Boolean(false)],
    ],
    ['empty containers', { empty: {}, list: [], nested: [[], [{}]] }],
    ['deep nesting past the walk', JSON.parse(`${'['.repeat(200)}1${']'.repeat(200)}`) as unknown],
  ];
  for (const [name, value] of cases)
    it(`agrees with JSON.stringify on ${name}`, () => {
      expect(jsonLength(value)).toBe(JSON.stringify(value).length);
    });

  it('is undefined where JSON.stringify writes nothing, and throws typed errors on cycles and BigInts', () => {
    expect([jsonLength(undefined), jsonLength(() => 1)]).toEqual([undefined, undefined]);
    const cycle: Record<string, unknown> = {};
    cycle.self = { list: [cycle] };
    expect(() => jsonLength(cycle)).toThrow(
      new ToolHistoryError(
        'invalid-input',
        'message.self.list[0] refers back to itself (a cycle), which JSON cannot carry. Convert it to a number, string or plain object first.',
      ),
    );
    expect(() => jsonLength({ a: [10n] })).toThrow(
      'message.a[0] is the BigInt 10n, which JSON cannot carry.',
    );
  });
});
