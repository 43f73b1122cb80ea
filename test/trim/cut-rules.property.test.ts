import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { CutFinder, findPinnedMessages } from '../../src/trim/cut-finder.js';
import { cutBreaksRules } from '../../src/trim/cut-rules.js';
import {
  arbitraryFormatHistory,
  arbitraryLongFormatHistory,
  arbitraryValidFormatHistory,
} from './format-history.js';
import { cutBreaksRulesWhole } from './reference-trim.js';

// The local decision reads around the cut and the pinned messages; the whole answer validates the
// whole input and the whole kept part. They must agree at every allowed cut, valid input or not.

const keep = fc.record({ system: fc.boolean(), firstUserMessage: fc.boolean() });

test.prop([
  fc.oneof(arbitraryValidFormatHistory, arbitraryFormatHistory, arbitraryLongFormatHistory),
  keep,
])('decides at every allowed cut what validating the whole input decides', (history, request) => {
  const { format, messages } = history;
  const pinned = findPinnedMessages(messages, format, request);
  const pinnedFlags = messages.map((_, index) => pinned.includes(index));
  const cuts = new CutFinder(messages, format);
  const decisions: { cut: number; breaks: boolean }[] = [];
  const expected: { cut: number; breaks: boolean }[] = [];
  for (let cut = 1; cut < messages.length; cut++) {
    if (!cuts.isAllowed(cut)) continue;
    decisions.push({ cut, breaks: cutBreaksRules(messages, format, pinned, cuts, cut) });
    expected.push({ cut, breaks: cutBreaksRulesWhole(messages, format, pinnedFlags, cut) });
  }
  expect(decisions).toEqual(expected);
});
