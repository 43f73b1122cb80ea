import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { trimHistory, type TrimHistoryOptions } from '../../src/trim/trim-history.js';
import {
  arbitraryFormatHistory,
  arbitraryLongFormatHistory,
  arbitraryValidFormatHistory,
} from './format-history.js';
import { referenceTrimHistory } from './reference-trim.js';

// trimHistory counts from the newest message back and reads only around the cut; the reference
// reads and counts everything. They must agree on every history, valid or not, and every budget.

const budget = (
  longest: number,
): fc.Arbitrary<Pick<TrimHistoryOptions, 'maxMessages' | 'maxTokens' | 'keep' | 'countTokens'>> =>
  fc.record(
    {
      maxMessages: fc.nat({ max: longest }),
      maxTokens: fc.nat({ max: longest * 40 }),
      keep: fc.record(
        { system: fc.boolean(), firstUserMessage: fc.boolean() },
        { requiredKeys: [] },
      ),
      countTokens: fc.constant((): number => 1),
    },
    { requiredKeys: [] },
  );

test.prop([fc.oneof(arbitraryValidFormatHistory, arbitraryFormatHistory), budget(20)])(
  'keeps what the whole-history trim keeps',
  ({ format, messages }, options) => {
    expect(trimHistory(messages, { ...options, format })).toEqual(
      referenceTrimHistory(messages, { ...options, format }),
    );
  },
);

test.prop([arbitraryLongFormatHistory, budget(100)])(
  'keeps what the whole-history trim keeps on histories read in several windows',
  ({ format, messages }, options) => {
    expect(trimHistory(messages, { ...options, format })).toEqual(
      referenceTrimHistory(messages, { ...options, format }),
    );
  },
);
