import { describe, expect, it } from 'vitest';
import {
  decodeStringPart,
  type StringPart,
} from '../../../src/core/stream/incremental-json-parser.js';

function decode(chunk: string, start = 0): StringPart {
  const part: StringPart = { text: '', end: -1 };
  decodeStringPart(chunk, start, part);
  return part;
}

describe('decodeStringPart', () => {
  it('returns a run without escapes up to the closing quote, or the whole chunk', () => {
    expect(decode('abc"}', 0)).toEqual({ text: 'abc', end: 3 });
    expect(decode('{"k":"abc', 6)).toEqual({ text: 'abc', end: 9 });
    expect(decode('"', 0)).toEqual({ text: '', end: 0 });
  });

  it('stops at a control character, which the parser reports', () => {
    expect(decode('ab\ncd')).toEqual({ text: 'ab', end: 2 });
    expect(decode('a\\nb\tc')).toEqual({ text: 'a\nb', end: 4 });
  });

  it.each([
    ['a short part (12 characters or fewer)', 'x\\"\\u00e9\\n"', { text: 'x"é\n', end: 11 }],
    [
      'a long part',
      'some text \\"quoted\\" \\u00e9 and more\\t"',
      { text: 'some text "quoted" é and more\t', end: 38 },
    ],
  ])(
    'decodes every complete escape in %s, each \\u escape as one code unit',
    (_, chunk, expected) => {
      expect(decode(chunk)).toEqual(expected);
    },
  );

  it('gives the two halves of a surrogate pair written as two escapes', () => {
    expect(decode('\\ud83d\\ude00')).toEqual({ text: '😀', end: 12 });
    expect(decode('long prefix \\ud83d\\ude00 x')).toEqual({ text: 'long prefix 😀 x', end: 26 });
    expect(decode('\\ud83d"')).toEqual({ text: '\ud83d', end: 6 });
  });

  it.each([
    ['a backslash at the end', 'ab\\', 2],
    ['a \\u escape with three hex digits', 'ab\\u00e', 2],
    ['an invalid escape', 'ab\\x"', 2],
    ['a \\u escape with a character that is not hex', 'ab\\u00g9"', 2],
    ['a backslash at the end of a long part', 'abcdefghij\\nklm\\', 15],
    ['an incomplete \\u escape in a long part', 'abcdefghij\\nklm\\u12', 15],
  ])('stops before %s, for the state machine to read', (_, chunk, end) => {
    const part = decode(chunk);
    expect(part.end).toBe(end);
    expect(part.text).toBe(JSON.parse(`"${chunk.slice(0, end)}"`));
  });
});
