import { describe, expect, it } from 'vitest';
import { describeThrown, thrownResult } from '../../../src/aiwrapper/loop/tool-outcome.js';
import { HOSTILE_VALUES } from '../../arbitraries/hostile-values.js';

const hostile = Object.entries(HOSTILE_VALUES);

describe('describeThrown', () => {
  it.each(hostile)('gives text for a %s, without throwing', (_name, make) => {
    const text = describeThrown(make());
    expect(typeof text).toBe('string');
    expect(text).not.toBe('');
  });

  it('gives the text of a string, the message of an Error, and JSON or String for the rest', () => {
    expect(
      [
        'disk full',
        new RangeError('out of range'),
        Object.defineProperty(new Error(), 'message', { value: 7n }),
        10n,
        Symbol('s'),
        { code: 42 },
        undefined,
        '',
      ].map(describeThrown),
    ).toEqual([
      'disk full',
      'out of range',
      '7',
      '10',
      'Symbol(s)',
      '{"code":42}',
      'undefined',
      '',
    ]);
  });

  it('names the kind of a value that has no description (a revoked proxy)', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(describeThrown(proxy)).toBe('an object that cannot be described');
    expect(describeThrown(Object.assign(Object.create(null) as object, { n: 1n }))).toBe(
      'an object that cannot be described',
    );
  });
});

describe('thrownResult', () => {
  it.each(hostile)('answers a %s with a plain error result of strings', (_name, make) => {
    const result = thrownResult(make());
    expect(result).toEqual({ error: true, name: expect.any(String), message: expect.any(String) });
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });

  it("keeps an Error's name and message, and names anything else `Error`", () => {
    expect(thrownResult(new TypeError('bad type'))).toEqual({
      error: true,
      name: 'TypeError',
      message: 'bad type',
    });
    expect(thrownResult(Object.defineProperty(new Error('x'), 'name', { value: 1n }))).toEqual({
      error: true,
      name: 'Error',
      message: 'x',
    });
    expect(thrownResult(10n)).toEqual({ error: true, name: 'Error', message: '10' });
  });
});
