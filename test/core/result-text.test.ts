import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type JsonValue, resultText } from '../../src/core/history.js';

describe('resultText', () => {
  it('is the string itself, or JSON.stringify of anything else', () => {
    const json = fc.jsonValue() as fc.Arbitrary<JsonValue>;
    fc.assert(
      fc.property(json, (value) => {
        expect(resultText(value)).toBe(typeof value === 'string' ? value : JSON.stringify(value));
      }),
    );
  });
});
