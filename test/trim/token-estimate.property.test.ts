import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { estimateTokens } from '../../src/trim/token-estimate.js';

/** What JSON.stringify does with `value`: `ok`, or the error class it throws. */
function outcome(run: () => unknown): string {
  try {
    run();
    return 'ok';
  } catch (error) {
    return error instanceof Error ? error.constructor.name : 'thrown';
  }
}

// Strings with nothing JSON escapes, and scalars JSON writes in exactly 4 characters.
const plainText = fc.string({ unit: fc.constantFrom('a', 'b', ' ', 'é', '東', '0', ':', '{') });
const plainJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    plainText,
    fc.constantFrom(null, true, 1234, 0.25),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(plainText, tie('value'), { maxKeys: 4 }),
  ),
})).value;

test.prop([plainJson])(
  'is ceil(JSON length / 4) + 3 when no string needs escaping and scalars are 4 characters',
  (value) => {
    expect(estimateTokens(value)).toBe(Math.ceil(JSON.stringify(value).length / 4) + 3);
  },
);

test.prop([fc.jsonValue(), fc.jsonValue(), fc.string()])(
  'never drops when a member or an item is added',
  (value, added, name) => {
    const record = { value };
    expect(estimateTokens({ ...record, [`${name}_`]: added })).toBeGreaterThanOrEqual(
      estimateTokens(record),
    );
    expect(estimateTokens([value, added])).toBeGreaterThanOrEqual(estimateTokens([value]));
  },
);

test.prop([fc.anything({ withBigInt: true, withDate: true, withBoxedValues: true, maxDepth: 3 })])(
  'is deterministic and throws a typed error where JSON.stringify throws',
  (value) => {
    const stringify = outcome(() => JSON.stringify(value));
    const estimate = outcome(() => estimateTokens(value));
    // JSON.stringify's TypeError (a BigInt, a cycle) becomes a ToolHistoryError naming the path.
    expect(estimate).toBe(stringify === 'ok' ? 'ok' : 'ToolHistoryError');
    if (outcome(() => JSON.stringify(value)) === 'ok')
      expect(estimateTokens(value)).toBe(estimateTokens(value));
  },
);
