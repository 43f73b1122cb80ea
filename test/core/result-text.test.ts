import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../../src/core/history.js';
import { resultText, sharedContent } from '../../src/core/result-text.js';

describe('resultText', () => {
  it('is the string itself, or JSON.stringify of anything else, shared contents included', () => {
    const json = fc.jsonValue() as fc.Arbitrary<JsonValue>;
    const flat = fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.boolean()));
    fc.assert(
      fc.property(json, flat, (value, record) => {
        const shared = sharedContent({ ...record });
        expect(resultText(value)).toBe(typeof value === 'string' ? value : JSON.stringify(value));
        expect(resultText(shared)).toBe(JSON.stringify(record));
      }),
    );
  });

  it('freezes a shared content, so no holder can change it', () => {
    const shared = sharedContent({ error: true, message: 'x' });
    expect(() => {
      (shared as { message: string }).message = 'y';
    }).toThrow(TypeError);
    expect(resultText(shared)).toBe('{"error":true,"message":"x"}');
  });
});
