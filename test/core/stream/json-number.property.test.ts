import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { IncrementalJsonParser } from '../../../src/core/stream/incremental-json-parser.js';
import { numRuns } from '../../streaming/num-runs.js';

function parsesAsNumber(text: string): boolean {
  try {
    return typeof JSON.parse(text) === 'number';
  } catch {
    return false;
  }
}

/** Whether the parser reads `text`, in chunks of one character, as a number (alone or in `[]`). */
function readsAsNumber(text: string, inArray = false): boolean {
  const parser = new IncrementalJsonParser();
  for (const char of inArray ? `[${text}]` : text) parser.write(char);
  parser.end();
  const value = inArray && Array.isArray(parser.value) ? parser.value[0] : parser.value;
  return parser.error === undefined && typeof value === 'number';
}

test.prop(
  [fc.string({ maxLength: 8, unit: fc.constantFrom('0', '1', '9', '-', '+', '.', 'e', 'E', 'x') })],
  { numRuns: numRuns(2000) },
)('the parser accepts exactly the numbers JSON.parse reads', (text) => {
  expect(readsAsNumber(text)).toBe(parsesAsNumber(text));
  expect(readsAsNumber(text, true)).toBe(parsesAsNumber(text));
});

test.prop([fc.double({ noNaN: true, noDefaultInfinity: true })], { numRuns: numRuns(500) })(
  'the parser reads every number as JSON writes it',
  (value) => {
    expect(readsAsNumber(JSON.stringify(value))).toBe(true);
  },
);
