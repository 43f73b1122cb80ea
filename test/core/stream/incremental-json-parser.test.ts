import { describe, expect, it } from 'vitest';
import { IncrementalJsonParser } from '../../../src/core/stream/incremental-json-parser.js';

/** The parser's value after each chunk, then its final value, error and completeness. */
function parseChunks(chunks: readonly string[]): {
  readonly values: unknown[];
  readonly final: unknown;
  readonly error: unknown;
  readonly complete: boolean;
} {
  const parser = new IncrementalJsonParser();
  const values = chunks.map((chunk) => {
    parser.write(chunk);
    return structuredClone(parser.value);
  });
  parser.end();
  return { values, final: parser.value, error: parser.error, complete: parser.complete };
}

describe('IncrementalJsonParser: string escapes', () => {
  it('decodes \\u and one-letter escapes, and a surrogate pair, inside short chunks', () => {
    // Deltas of up to 12 characters are decoded through a buffer of code units.
    expect(parseChunks(['{"e":"', '\\u00e9\\n\\"x', '\\ud83d\\ude00', '"}'])).toEqual({
      values: [{ e: '' }, { e: 'é\n"x' }, { e: 'é\n"x😀' }, { e: 'é\n"x😀' }],
      final: { e: 'é\n"x😀' },
      error: undefined,
      complete: true,
    });
  });

  it('decodes the same escapes inside a long chunk, around runs without escapes', () => {
    // Longer parts are sliced between escapes.
    const text = 'caf\\u00e9 \\ud83d\\ude00 \\"quoted\\" \\\\ end\\t';
    expect(text.length).toBeGreaterThan(12);
    expect(parseChunks([`{"e":"${text}"}`]).final).toEqual({ e: 'café 😀 "quoted" \\ end\t' });
  });

  it('adds a surrogate pair split across deltas one escape at a time, each when its four hex digits are in', () => {
    expect(parseChunks(['["a\\ud8', '3d', '\\u', 'de00', 'b"]']).values).toEqual([
      ['a'],
      ['a\ud83d'],
      ['a\ud83d'],
      ['a😀'],
      ['a😀b'],
    ]);
  });

  it('waits for the character after a backslash that ends a delta', () => {
    expect(parseChunks(['{"path":"C:\\', '\\dir\\', 'n', '"}']).values).toEqual([
      { path: 'C:' },
      { path: 'C:\\dir' },
      { path: 'C:\\dir\n' },
      { path: 'C:\\dir\n' },
    ]);
  });

  it('reports an invalid escape and a bad hex digit where they are, keeping the text before them', () => {
    expect(parseChunks(['{"a":"xy\\q"}'])).toEqual({
      values: [{ a: 'xy' }],
      final: { a: 'xy' },
      error: { position: 9, message: 'invalid escape sequence' },
      complete: false,
    });
    expect(parseChunks(['["ab\\u12G4"]'])).toEqual({
      values: [['ab']],
      final: ['ab'],
      error: { position: 8, message: 'expected four hex digits after \\u' },
      complete: false,
    });
  });

  it('reports a raw control character inside a string where it is', () => {
    expect(parseChunks(['{"a":"line\\none', '\ntwo"}']).error).toEqual({
      position: 15,
      message: 'a control character must be escaped inside a string',
    });
  });
});

describe('IncrementalJsonParser: numbers', () => {
  it('reads numbers that end inside a chunk exactly as JSON.parse does', () => {
    const text =
      '[0,-0,7,-42,123.456,-0.5,0.1,9007199254740991,9007199254740993,12345678901234567890,1e3,2.5E-3,1.7976931348623157e308,5e-324,0.0000000000000000000001,0.00000000000000000000001]';
    const { final } = parseChunks([text]);
    expect(final).toEqual(JSON.parse(text));
    expect(Object.is((final as number[])[1], -0)).toBe(true);
  });

  it('reads a number split across chunks once a character after it shows it is complete', () => {
    expect(parseChunks(['{"n":12', '3.4', '5,"m":-', '0}']).values).toEqual([
      {},
      {},
      { n: 123.45 },
      { n: 123.45, m: -0 },
    ]);
  });

  it('reports an invalid number at the character after it', () => {
    expect(parseChunks(['[01,2]']).error).toEqual({ position: 3, message: "invalid number '01'" });
    expect(parseChunks(['{"a":1.}']).error).toEqual({
      position: 7,
      message: "invalid number '1.'",
    });
    expect(parseChunks(['[-', ']']).error).toEqual({ position: 2, message: "invalid number '-'" });
  });

  it('reads literals split across chunks, and reports a misspelt one at its first wrong letter', () => {
    expect(parseChunks(['[tr', 'ue,n', 'ull,false]']).values).toEqual([
      [],
      [true],
      [true, null, false],
    ]);
    expect(parseChunks(['[tru', 'x]']).error).toEqual({
      position: 4,
      message: "expected 'true'",
    });
  });
});

describe('IncrementalJsonParser: keys', () => {
  it('gives repeated keys, whole or split across chunks, the same members as JSON.parse', () => {
    const text = JSON.stringify(
      Array.from({ length: 40 }, (_, id) => ({
        id,
        name: `row ${id}`,
        tags: ['a'],
        active: id % 2 === 0,
      })),
    );
    const chunks: string[] = [];
    for (let at = 0, size = 1; at < text.length; at += size, size = (size % 9) + 1)
      chunks.push(text.slice(at, at + size));
    expect(parseChunks(chunks).final).toEqual(JSON.parse(text));
  });

  it('keeps "__proto__" an own key when it is split across chunks and repeated', () => {
    const { final } = parseChunks(['[{"__pro', 'to__":1},{"__proto__"', ':2}]']);
    expect(final).toEqual(JSON.parse('[{"__proto__":1},{"__proto__":2}]'));
    expect(Object.getPrototypeOf((final as object[])[1])).toBe(Object.prototype);
  });
});
