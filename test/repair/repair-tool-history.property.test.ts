import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { MESSAGE_FORMATS } from '../../src/core/format.js';
import type { ToolHistory } from '../../src/core/history.js';
import { repairToolHistory } from './run-repairer.js';
import { restoreToolHistoryIds } from '../../src/repair/restore-ids.js';
import { arbitraryBrokenHistory } from '../arbitraries/broken-history.js';
import { FORMAT_FEATURES } from '../arbitraries/history.js';
import { numRuns } from '../setup/num-runs.js';

// 30 runs in `npm test`, ten times that in `npm run test:long`.
const RUNS = { numRuns: numRuns(30) };

function callIdAt(
  history: ToolHistory,
  messageIndex: number,
  partIndex: number | undefined,
): string | undefined {
  const message = history[messageIndex];
  const part = message?.role === 'assistant' ? message.parts[partIndex ?? -1] : undefined;
  return part?.type === 'tool-call' ? part.callId : undefined;
}

function callIds(history: ToolHistory): string[] {
  return history.flatMap((message) =>
    message.role === 'assistant'
      ? message.parts.flatMap((part) => (part.type === 'tool-call' ? [part.callId] : []))
      : [],
  );
}

describe.each(MESSAGE_FORMATS)('repairToolHistory with the %s profile', (profile) => {
  const broken = arbitraryBrokenHistory(FORMAT_FEATURES[profile]).map(({ history }) => history);

  test.prop([broken], RUNS)('repair is idempotent', (history) => {
    const once = repairToolHistory(history, { profile }).history;
    expect(repairToolHistory(once, { profile })).toEqual({ history: once, fixes: [] });
  });

  test.prop([broken], RUNS)('every id rewrite is reversible', (history) => {
    const { history: repaired, fixes } = repairToolHistory(history, { profile });
    const restored = restoreToolHistoryIds(repaired, fixes);
    const rewrites = fixes.filter((fix) => fix.kind === 'rewrote-call-id');
    for (const fix of rewrites) {
      expect(callIdAt(repaired, fix.messageIndex, fix.partIndex)).toBe(fix.to);
      expect(callIdAt(restored, fix.messageIndex, fix.partIndex)).toBe(fix.from);
    }
    // New ids are fresh: none was in the input, and none is left after restoring.
    const inputIds = new Set(callIds(history));
    const newIds = new Set(rewrites.map((fix) => fix.to));
    expect(rewrites.filter((fix) => inputIds.has(fix.to))).toEqual([]);
    expect(callIds(restored).filter((id) => newIds.has(id))).toEqual([]);
  });

  test.prop([broken], RUNS)('ids are rewritten deterministically', (history) => {
    expect(repairToolHistory(history, { profile })).toEqual(
      repairToolHistory(history, { profile }),
    );
  });

  test.prop([broken], RUNS)('the input is never modified', (history) => {
    const before = structuredClone(history);
    repairToolHistory(history, { profile });
    expect(history).toEqual(before);
  });
});
