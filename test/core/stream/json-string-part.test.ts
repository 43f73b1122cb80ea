import { describe, expect, it } from 'vitest';
import { IncrementalJsonParser } from '../../../src/core/stream/incremental-json-parser.js';

function parse(chunks: readonly string[]): Pick<IncrementalJsonParser, 'value' | 'error'> {
  const parser = new IncrementalJsonParser();
  for (const chunk of chunks) parser.write(chunk);
  parser.end();
  return { value: parser.value, error: parser.error };
}

describe('IncrementalJsonParser: strings', () => {
  const text = String.raw`"some \"quoted\" \u00e9\n\ud83d\ude00 and more\t"`;

  it('decodes every escape wherever a chunk boundary cuts it', () => {
    for (let cut = 0; cut <= text.length; cut++)
      expect(parse([text.slice(0, cut), text.slice(cut)])).toEqual({
        value: JSON.parse(text),
        error: undefined,
      });
  });

  it('shows the string up to an escape the chunk cuts off', () => {
    const parser = new IncrementalJsonParser();
    parser.write(String.raw`["ab\u00`);
    expect(parser.value).toEqual(['ab']);
    parser.write('e9"]');
    expect(parser.value).toEqual(['abé']);
  });

  it.each([
    ['an invalid escape', [String.raw`"ab\x"`], 4, 'invalid escape sequence'],
    ['a \\u escape with a character that is not hex', [String.raw`"ab\u00g9"`], 7, 'hex'],
    ['the same escape cut by a chunk', [String.raw`"ab\u0`, '0g9"'], 7, 'hex'],
    ['a control character', ['"ab\ncd"'], 3, 'a control character must be escaped'],
  ])('reports %s at its offset, keeping the text before it', (_, chunks, position, message) => {
    const { value, error } = parse(chunks);
    expect(value).toBe('ab');
    expect(error?.position).toBe(position);
    expect(error?.message).toContain(message);
  });

  it('reports a string cut off inside an escape as truncated', () => {
    expect(parse([String.raw`"ab\u00`])).toEqual({
      value: 'ab',
      error: { position: 7, message: 'unexpected end of input (the JSON text is truncated)' },
    });
  });
});
