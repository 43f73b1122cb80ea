import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { isJsonNumber, shortJsonNumber } from '../../../src/core/stream/json-characters.js';
import { numRuns } from '../../streaming/num-runs.js';

/** Number texts: as JSON writes doubles, and decimals with many digits or leading zeros. */
const arbitraryNumberText = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => JSON.stringify(value)),
  fc.integer().map(String),
  fc
    .tuple(fc.boolean(), fc.stringMatching(/^(0|[1-9]\d{0,19})$/), fc.stringMatching(/^\d{1,24}$/))
    .map(([negative, integer, fraction]) => `${negative ? '-' : ''}${integer}.${fraction}`),
);

test.prop([arbitraryNumberText], { numRuns: numRuns(2000) })(
  'shortJsonNumber reads a number text as Number does, or declines it',
  (text) => {
    expect(isJsonNumber(text)).toBe(true);
    const value = shortJsonNumber(text, 0, text.length);
    if (!Number.isNaN(value)) expect(value).toBe(Number(text));
  },
);

test.prop(
  [fc.string({ maxLength: 8, unit: fc.constantFrom('0', '1', '9', '-', '+', '.', 'e', 'E', 'x') })],
  { numRuns: numRuns(2000) },
)('shortJsonNumber declines every text that is not a JSON number', (text) => {
  if (!isJsonNumber(text)) expect(shortJsonNumber(`[${text}]`, 1, text.length + 1)).toBeNaN();
});
