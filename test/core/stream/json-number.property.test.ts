import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { isJsonNumber } from '../../../src/core/stream/incremental-json-parser.js';
import { numRuns } from '../../streaming/num-runs.js';

function parsesAsNumber(text: string): boolean {
  try {
    return typeof JSON.parse(text) === 'number';
  } catch {
    return false;
  }
}

test.prop(
  [fc.string({ maxLength: 8, unit: fc.constantFrom('0', '1', '9', '-', '+', '.', 'e', 'E', 'x') })],
  { numRuns: numRuns(2000) },
)('isJsonNumber accepts exactly the texts JSON.parse reads as a number', (text) => {
  expect(isJsonNumber(text)).toBe(parsesAsNumber(text));
});

test.prop([fc.double({ noNaN: true, noDefaultInfinity: true })], { numRuns: numRuns(500) })(
  'isJsonNumber accepts every number as JSON writes it',
  (value) => {
    expect(isJsonNumber(JSON.stringify(value))).toBe(true);
  },
);
