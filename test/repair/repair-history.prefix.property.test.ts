import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { MESSAGE_FORMATS, type MessageFormat } from '../../src/core/format.js';
import { writeFormat } from '../../src/repair/format-io.js';
import { repairHistory } from '../../src/repair/repair-history.js';
import { validateHistory } from '../../src/validate/validate-history.js';
import { arbitraryBrokenHistory } from '../arbitraries/broken-history.js';
import { arbitraryHistory, FORMAT_FEATURES } from '../arbitraries/history.js';
import { numRuns } from '../setup/num-runs.js';

// 30 runs in `npm test`, ten times that in `npm run test:long`.
const RUNS = { numRuns: numRuns(30) };

/**
 * Providers' prompt caches key on the exact bytes of the prefix: a repair must leave every message
 * before the first broken one as it was (the same object, so the same JSON), whatever its key
 * order, argument whitespace, big numbers, non-ASCII text or extra fields.
 */
describe.each(MESSAGE_FORMATS)('repairHistory keeps a valid %s prefix byte-identical', (format) => {
  const prefix = arbitraryHistory(FORMAT_FEATURES[format]).map((history) =>
    (writeFormat(history, format, new Set()) as unknown[]).map(oddly),
  );
  // The broken tail opens with a user message, so no fix has a reason to reach into the prefix.
  const tail = arbitraryBrokenHistory(FORMAT_FEATURES[format]).map(
    ({ history }) =>
      writeFormat(
        [{ role: 'user', parts: [{ type: 'text', text: 'and then?' }] }, ...history],
        format,
        new Set(),
      ) as unknown[],
  );
  const providers = fc.constantFrom<MessageFormat>(...MESSAGE_FORMATS);

  test.prop([prefix, tail, providers], RUNS)(
    'with its own rules and with any provider whose rules the prefix meets',
    (valid, broken, provider) => {
      // Valid as a prefix: its last message is not the request's (Mistral's last-role rule).
      fc.pre(
        validateHistory(valid, { format }).issues.every(
          (issue) => issue.code === 'unexpected-last-role',
        ),
      );
      // The prefix must already meet the provider's rules, or repair has a reason to touch it.
      fc.pre(repairHistory(valid, { format, provider }).fixes.length === 0);
      const messages = [...valid, ...broken];
      const before = messages.map((message) => JSON.stringify(message));
      const { messages: repaired } = repairHistory(messages, { format, provider });
      for (let index = 0; index < valid.length; index++) {
        expect(repaired[index]).toBe(messages[index]);
        expect(JSON.stringify(repaired[index])).toBe(before[index]);
      }
      // The input is untouched.
      expect(messages.map((message) => JSON.stringify(message))).toEqual(before);
    },
  );
});

/**
 * A message as a client might hold it: keys in reverse order, argument JSON text with whitespace
 * and a big integer the neutral model would round, non-ASCII text and an extra field.
 */
function oddly(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(oddly);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).reverse();
  const out: Record<string, unknown> = {};
  for (const [key, entry] of entries) {
    out[key] =
      key === 'arguments' && typeof entry === 'string' && entry.startsWith('{')
        ? spacedArguments(entry)
        : key === 'text' && typeof entry === 'string'
          ? `${entry} — é 🙂`
          : oddly(entry);
  }
  return out;
}

function spacedArguments(text: string): string {
  try {
    const spaced = JSON.stringify(JSON.parse(text), null, 2);
    return spaced === '{}'
      ? '{ "n": 12345678901234567890 }'
      : spaced.replace(/^\{/, '{ "n": 12345678901234567890,');
  } catch {
    return text;
  }
}
