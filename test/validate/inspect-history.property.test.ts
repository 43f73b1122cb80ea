import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { MESSAGE_FORMATS } from '../../src/core/format.js';
import type { HistoryIssue } from '../../src/errors/history-issue.js';
import { writeFormat } from '../../src/repair/format-io.js';
import { inspectHistory } from '../../src/validate/validate-history.js';
import { arbitraryBrokenHistory } from '../arbitraries/broken-history.js';
import { FORMAT_FEATURES } from '../arbitraries/history.js';

/** An issue without what an inspection for repair may leave out: its text. */
function facts(issue: HistoryIssue): Readonly<Record<string, unknown>> {
  return { ...issue, message: undefined, param: undefined };
}

/**
 * An inspection for repair finds what one for validation finds (the same issues, codes, places
 * and ids, the same turn table); it only may leave out the text, and leaves the validator's
 * wording as it was for the next validation.
 */
describe.each(MESSAGE_FORMATS)('inspectHistory for repair on %s', (format) => {
  const broken = arbitraryBrokenHistory(FORMAT_FEATURES[format]).map(
    ({ history }) => writeFormat(history, format, new Set()) as unknown[],
  );

  test.prop([broken])('finds the issues and table validation finds, text aside', (messages) => {
    const validated = inspectHistory(messages, format);
    const repaired = inspectHistory(messages, format, {}, 'repair');
    expect(repaired.result.issues.map(facts)).toEqual(validated.result.issues.map(facts));
    repaired.result.issues.forEach((issue, index) => {
      const worded = validated.result.issues[index];
      // Text is left out whole or kept as validation words it, never changed.
      if (issue.message !== '') expect(issue.message).toBe(worded?.message);
      if (issue.param !== undefined) expect(issue.param).toBe(worded?.param);
    });
    expect(repaired.table).toEqual(validated.table);
    // Validation after a repair inspection still words every issue.
    const again = inspectHistory(messages, format).result.issues;
    expect(again).toEqual(validated.result.issues);
    for (const issue of again) expect(issue.message).not.toBe('');
  });
});
