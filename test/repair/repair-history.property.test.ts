import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { MESSAGE_FORMATS } from '../../src/core/format.js';
import type { ToolHistory } from '../../src/core/history.js';
import { readFormat, writeFormat } from '../../src/repair/format-io.js';
import type { HistoryFix } from '../../src/repair/history-fix.js';
import { repairHistory } from '../../src/repair/repair-history.js';
import { validateHistory } from '../../src/validate/validate-history.js';
import { arbitraryBrokenHistory } from '../arbitraries/broken-history.js';
import { FORMAT_FEATURES } from '../arbitraries/history.js';

/** Every result content of a neutral history, as JSON text. */
function contentsOf(history: ToolHistory): string[] {
  return history.flatMap((message) =>
    message.role === 'tool' ? message.results.map((result) => JSON.stringify(result.content)) : [],
  );
}

/** The result contents a list of fixes carries whole. */
function contentsIn(fixes: readonly HistoryFix[]): string[] {
  return fixes.flatMap((fix) =>
    fix.kind === 'dropped-duplicate-result' || fix.kind === 'result-to-text'
      ? [JSON.stringify(fix.result.content)]
      : [],
  );
}

describe.each(MESSAGE_FORMATS)('repairHistory on broken %s histories', (format) => {
  const broken = arbitraryBrokenHistory(FORMAT_FEATURES[format]).map(
    ({ history }) => writeFormat(history, format, new Set()) as unknown[],
  );

  test.prop([broken])('the output validates', (messages) => {
    const { messages: repaired } = repairHistory(messages, { format });
    expect(validateHistory(repaired, { format })).toEqual({ ok: true, issues: [] });
  });

  test.prop([broken])('repair is idempotent', (messages) => {
    const once = repairHistory(messages, { format }).messages;
    expect(repairHistory(once, { format })).toEqual({ messages: once, fixes: [], warnings: [] });
  });

  test.prop([broken])('no result content is lost', (messages) => {
    const { messages: repaired, fixes } = repairHistory(messages, { format });
    const kept = [...contentsOf(readFormat(repaired, format).history), ...contentsIn(fixes)];
    for (const content of contentsOf(readFormat(messages, format).history)) {
      const at = kept.indexOf(content);
      expect(at, `content ${content} is lost`).not.toBe(-1);
      kept.splice(at, 1);
    }
  });

  test.prop([broken, fc.constantFrom('to-text' as const, 'synthesize-call' as const)])(
    'the output validates under either orphan policy',
    (messages, orphanResults) => {
      const { messages: repaired } = repairHistory(messages, { format, orphanResults });
      expect(validateHistory(repaired, { format })).toEqual({ ok: true, issues: [] });
    },
  );
});
