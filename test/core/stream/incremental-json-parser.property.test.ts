import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { IncrementalJsonParser } from '../../../src/core/stream/incremental-json-parser.js';
import { numRuns } from '../../streaming/num-runs.js';
import { referencePartialParse } from '../../streaming/reference-partial-parse.js';

/**
 * JSON texts in several layouts, with ASCII or any strings (control characters, astral characters
 * as surrogate pairs), some with every non-ASCII character written as a \u escape.
 */
const arbitraryJsonText = fc
  .tuple(
    fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.jsonValue({ maxDepth: 4, stringUnit: 'binary' })),
    fc.constantFrom<number | string>(0, 1, 2, '\t'),
    fc.boolean(),
  )
  .map(([value, indent, escapeUnicode]) => {
    const text = JSON.stringify(value, null, indent);
    return escapeUnicode
      ? text.replace(
          /[\u007f-\uffff]/g,
          (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
        )
      : text;
  });

test.prop([arbitraryJsonText], { numRuns: numRuns(50) })(
  'the partial value after every prefix equals the reference re-parse of that prefix',
  (text) => {
    const parser = new IncrementalJsonParser();
    expect(parser.value).toEqual(referencePartialParse(''));
    for (let end = 1; end <= text.length; end++) {
      parser.write(text.charAt(end - 1));
      expect(parser.value).toEqual(referencePartialParse(text.slice(0, end)));
    }
    parser.end();
    expect(parser.error).toBeUndefined();
    expect(parser.complete).toBe(true);
    expect(parser.value).toEqual(JSON.parse(text));
  },
);

test.prop([arbitraryJsonText, fc.array(fc.nat(), { maxLength: 12 })], { numRuns: numRuns(200) })(
  'any split into chunks gives the reference value at every chunk boundary and JSON.parse at the end',
  (text, cuts) => {
    const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
    const parser = new IncrementalJsonParser();
    let start = 0;
    for (const point of [...points, text.length]) {
      parser.write(text.slice(start, point));
      start = point;
      expect(parser.value).toEqual(referencePartialParse(text.slice(0, point)));
    }
    parser.end();
    expect(parser.value).toEqual(JSON.parse(text));
  },
);

test.prop([arbitraryJsonText, fc.nat(), fc.constantFrom('}', ']', ',', ':', 'x', '"', '\u0001')], {
  numRuns: numRuns(150),
})(
  'text that JSON.parse rejects is reported as an error, never as a complete value',
  (text, at, junk) => {
    const position = at % (text.length + 1);
    const broken = text.slice(0, position) + junk + text.slice(position);
    let valid = true;
    try {
      JSON.parse(broken);
    } catch {
      valid = false;
    }
    const parser = new IncrementalJsonParser();
    parser.write(broken);
    parser.end();
    expect(parser.error === undefined).toBe(valid);
    if (valid) expect(parser.value).toEqual(JSON.parse(broken));
  },
);
