import { test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { toAiwrapper } from '../../../src/formats/aiwrapper/to-aiwrapper.js';
import { repairHistory } from '../../../src/repair/repair-history.js';
import { validateHistory } from '../../../src/validate/validate-history.js';
import { arbitraryBrokenHistory } from '../../arbitraries/broken-history.js';
import { FORMAT_FEATURES } from '../../arbitraries/history.js';

// Broken aiwrapper histories whose results hold images (written as a user message after them).
const messages = arbitraryBrokenHistory({
  ...FORMAT_FEATURES.aiwrapper,
  mediaResults: 'any',
}).map(({ history }) => toAiwrapper(history).messages);

/** The base64 bytes and URLs of every image item. */
function imagesIn(messages: readonly unknown[]): string[] {
  const found: string[] = [];
  JSON.stringify(messages, (_key, value: unknown) => {
    const item = value as {
      type?: unknown;
      base64?: unknown;
      data?: unknown;
      url?: unknown;
    } | null;
    // aiwrapper `image` items, and neutral image parts of a result a fix carries.
    if (item?.type === 'image') found.push(String(item.base64 ?? item.data ?? item.url));
    return value;
  });
  return found.sort();
}

test.prop([messages])(
  'repair of results with images validates, is idempotent and keeps every image of a kept result',
  (input) => {
    const { messages: repaired, fixes } = repairHistory(input, { format: 'aiwrapper' });
    expect(validateHistory(repaired, { format: 'aiwrapper' })).toEqual({ ok: true, issues: [] });
    expect(repairHistory(repaired, { format: 'aiwrapper' })).toEqual({
      messages: repaired,
      fixes: [],
      warnings: [],
    });
    // A result repair drops (a duplicate, an orphan made text) takes its images with it, in the fix.
    const dropped = fixes.flatMap((fix) =>
      fix.kind === 'dropped-duplicate-result' || fix.kind === 'result-to-text'
        ? imagesIn([fix.result])
        : [],
    );
    expect([...imagesIn(repaired), ...dropped].sort()).toEqual(
      expect.arrayContaining(imagesIn(input)),
    );
  },
);
