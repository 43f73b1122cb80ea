import { describe, expect, it } from 'vitest';
import { MESSAGE_FORMATS } from '../../src/core/format.js';
import { validateHistory } from '../../src/validate/validate-history.js';
import { renderHistory, type NeutralRound } from '../helpers/format-histories.js';

/** About 100 000 messages: rounds of user, call turn, results, reply. */
function largeHistory(format: (typeof MESSAGE_FORMATS)[number], lacking: boolean): unknown[] {
  const rounds: NeutralRound[] = [];
  let length = 0;
  for (let index = 0; length < 100_000; index++) {
    // Ids are unique per round for the formats that need it; 9 alphanumerics for Mistral.
    const id = `c${String(index).padStart(8, '0')}`;
    rounds.push({ calls: [{ id, name: 'get_weather' }], resultOrder: lacking ? [] : [0] });
    length += lacking ? 3 : 4;
  }
  return renderHistory(format, rounds).messages;
}

describe('validateHistory on 100 000 messages', () => {
  it.each(MESSAGE_FORMATS)('validates a valid %s history in one linear pass', (format) => {
    const messages = largeHistory(format, false);
    expect(messages.length).toBeGreaterThanOrEqual(100_000);
    expect(validateHistory(messages, { format })).toEqual({ ok: true, issues: [] });
  });

  it.each(MESSAGE_FORMATS)('reports every unanswered turn of a %s history', (format) => {
    const messages = largeHistory(format, true);
    const { issues } = validateHistory(messages, { format });
    expect([issues.length, issues.every((issue) => issue.code === 'missing-tool-result')]).toEqual([
      Math.ceil(100_000 / 3),
      true,
    ]);
  });
});
