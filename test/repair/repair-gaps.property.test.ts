import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { MESSAGE_FORMATS } from '../../src/core/format.js';
import type { HistoryMessage } from '../../src/core/history.js';
import { adapterFor } from '../../src/formats/index.js';
import { findGaps } from '../../src/repair/find-gaps.js';
import { writeFormat } from '../../src/repair/format-io.js';
import { PROVIDER_PROFILES } from '../../src/repair/provider-profile.js';
import { repairWholeHistory, repairHistory } from '../../src/repair/repair-history.js';
import { resolvePolicy } from '../../src/repair/repair-policy.js';
import { inspectHistory } from '../../src/validate/inspect-history.js';
import { validateHistory } from '../../src/validate/validate-history.js';

/** What is missing from one round: nothing, its call turn, its results, or its results and the answer. */
type Damage = 'none' | 'calls' | 'results' | 'results-and-answer';

interface RoundSpec {
  readonly names: readonly string[];
  readonly damage: Damage;
  /** Whether the results carry their call's name (formats that have no name field drop it). */
  readonly namedResults: boolean;
  readonly text: string;
}

const round: fc.Arbitrary<RoundSpec> = fc.record({
  names: fc.array(fc.constantFrom('get_weather', 'search', 'now'), { minLength: 1, maxLength: 3 }),
  damage: fc.constantFrom<Damage>('none', 'calls', 'results', 'results-and-answer'),
  namedResults: fc.boolean(),
  text: fc.string({ maxLength: 6 }),
});

/**
 * Rounds as neutral messages; every id is 9 alphanumeric characters (valid everywhere) and unique.
 * `named`: every result carries its call's name (Gemini renames results that do not).
 */
function historyOf(rounds: readonly RoundSpec[], named: boolean): HistoryMessage[] {
  const history: HistoryMessage[] = [];
  rounds.forEach((spec, turn) => {
    const ids = spec.names.map(
      (_, index) => `k${String(turn).padStart(7, '0')}${'abc'[index] ?? 'z'}`,
    );
    history.push({ role: 'user', parts: [{ type: 'text', text: `q${spec.text}` }] });
    if (spec.damage !== 'calls')
      history.push({
        role: 'assistant',
        parts: spec.names.map((name, index) => ({
          type: 'tool-call',
          callId: ids[index] ?? '',
          name,
          arguments: { day: turn },
        })),
      });
    if (spec.damage === 'none' || spec.damage === 'calls')
      history.push({
        role: 'tool',
        results: spec.names.map((name, index) => ({
          callId: ids[index] ?? '',
          name: spec.namedResults || named ? name : '',
          content: `r${String(index)}`,
          isError: false,
        })),
      });
    if (spec.damage !== 'results-and-answer')
      history.push({ role: 'assistant', parts: [{ type: 'text', text: `a${spec.text}` }] });
  });
  return history;
}

/**
 * Missing call turns and missing results are filled in the format's own array, without the
 * neutral model; the engine reading the whole history must give exactly the same repair.
 */
describe.each(MESSAGE_FORMATS)('repairHistory filling gaps on %s', (format) => {
  const profile = PROVIDER_PROFILES[format];
  const named = profile.resultNamesMatchCalls;
  const leaves = adapterFor(format).repairWire?.leaves;
  const histories = fc
    .array(round, { minLength: 1, maxLength: 8 })
    .map((rounds) => writeFormat(historyOf(rounds, named), format, new Set()) as unknown[]);
  // Results without names too, where names must match (the engine renames them; the fill must not take them).
  const anyNames = fc
    .array(round, { minLength: 1, maxLength: 8 })
    .map((rounds) => writeFormat(historyOf(rounds, false), format, new Set()) as unknown[]);

  test.prop([anyNames])('fills them exactly as the engine does', (messages) => {
    const repaired = repairHistory(messages, { format });
    const whole = repairWholeHistory(messages, { format });
    if (validateHistory(messages, { format }).ok) {
      expect(repaired).toEqual({ messages, fixes: [], warnings: [] });
      return;
    }
    expect(repaired).toEqual(whole);
    // What the format's repair leaves (Mistral's last role) stays, and nothing else.
    const left = validateHistory(repaired.messages, { format }).issues.filter(
      (issue) => leaves?.has(issue.code) !== true,
    );
    expect(left).toEqual([]);
  });

  test.prop([histories])('keeps every message it does not add as the same object', (messages) => {
    const { messages: repaired } = repairHistory(messages, { format });
    const kept = new Set<unknown>(repaired);
    for (const message of messages) expect(kept.has(message)).toBe(true);
  });

  // The gaps of these histories are filled without the engine, in every layout (orphans need a
  // user turn before them only in Gemini and Mistral; Responses joins the items of a turn).
  test.prop([fc.array(round, { minLength: 1, maxLength: 8 })])(
    'finds the gaps of a history missing only call turns and results',
    (rounds) => {
      const damaged = rounds.map((spec) =>
        spec.damage === 'results-and-answer' ? { ...spec, damage: 'results' as const } : spec,
      );
      const messages = writeFormat(historyOf(damaged, named), format, new Set()) as unknown[];
      const { result, table } = inspectHistory(messages, format, {});
      const gaps = findGaps(messages, format, table, result.issues, profile, resolvePolicy());
      const gapped = result.issues.some(
        (issue) => issue.code === 'orphan-tool-result' || issue.code === 'missing-tool-result',
      );
      if (gapped) expect(gaps).toBeDefined();
      else expect(gaps).toBeUndefined();
    },
  );
});
