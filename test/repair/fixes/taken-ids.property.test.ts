import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { TakenIds } from '../../../src/repair/fixes/taken-ids.js';

// Ids of the new ids' shape (9 of [A-Za-z0-9]) sharing prefixes, and ids of any other shape.
const hashShaped = fc
  .tuple(
    fc.constantFrom('abcd', 'abcE', 'Z9x0'),
    fc.string({ unit: fc.constantFrom(...'aB3zZ9'.split('')), minLength: 5, maxLength: 5 }),
  )
  .map(([prefix, rest]) => prefix + rest);
const id = fc.oneof(hashShaped, fc.string({ maxLength: 10 }));

describe('TakenIds', () => {
  test.prop([
    fc.array(id, { maxLength: 40 }),
    fc.array(fc.tuple(id, fc.boolean()), { maxLength: 40 }),
  ])('answers as a plain list of the input ids and the added ones does', (input, steps) => {
    const taken = new TakenIds(input);
    const reference = [...input];
    for (const [step, add] of steps) {
      expect(taken.has(step), step).toBe(reference.includes(step));
      if (add) {
        taken.add(step);
        reference.push(step);
      }
    }
  });
});
