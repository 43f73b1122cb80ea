import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { MESSAGE_FORMATS } from '../../src/core/format.js';
import type { ToolHistory } from '../../src/core/history.js';
import { readFormat, writeFormat } from '../../src/repair/format-io.js';
import type { HistoryFix } from '../../src/repair/history-fix.js';
import { repairHistory } from '../../src/repair/repair-history.js';
import { arbitraryBrokenHistory } from '../arbitraries/broken-history.js';
import { FORMAT_FEATURES } from '../arbitraries/history.js';
import { expectRepaired, unrepairedWarnings } from '../helpers/unrepaired.js';
import { numRuns } from '../setup/num-runs.js';

// 40 runs in `npm test`, ten times that in `npm run test:long`.
const RUNS = { numRuns: numRuns(40) };

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

  // Mistral's last-role rule is left, with a warning: no fix keeps the answer that ends the history.
  test.prop([broken], RUNS)(
    'the output validates, but for what repair warns it left',
    (messages) => {
      const { messages: repaired, warnings } = repairHistory(messages, { format });
      expectRepaired(repaired, warnings, { format });
    },
  );

  test.prop([broken], RUNS)('repair is idempotent', (messages) => {
    const once = repairHistory(messages, { format });
    expect(repairHistory(once.messages, { format })).toEqual({
      messages: once.messages,
      fixes: [],
      warnings: unrepairedWarnings(once.warnings),
    });
  });

  test.prop([broken], RUNS)('no result content is lost', (messages) => {
    const { messages: repaired, fixes } = repairHistory(messages, { format });
    const kept = [...contentsOf(readFormat(repaired, format).history), ...contentsIn(fixes)];
    for (const content of contentsOf(readFormat(messages, format).history)) {
      const at = kept.indexOf(content);
      expect(at, `content ${content} is lost`).not.toBe(-1);
      kept.splice(at, 1);
    }
  });

  test.prop([broken, fc.constantFrom('to-text' as const, 'synthesize-call' as const)], RUNS)(
    'the output validates under either orphan policy',
    (messages, orphanResults) => {
      const { messages: repaired, warnings } = repairHistory(messages, { format, orphanResults });
      expectRepaired(repaired, warnings, { format });
    },
  );
});
