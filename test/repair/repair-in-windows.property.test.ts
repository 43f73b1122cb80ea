import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { MESSAGE_FORMATS } from '../../src/core/format.js';
import type { HistoryMessage } from '../../src/core/history.js';
import { readFormat, writeFormat } from '../../src/repair/format-io.js';
import { repairWholeHistory, repairHistory } from '../../src/repair/repair-history.js';
import { validateHistory } from '../../src/validate/validate-history.js';
import { arbitraryBrokenHistory } from '../arbitraries/broken-history.js';
import { FORMAT_FEATURES } from '../arbitraries/history.js';
import { numRuns } from '../setup/num-runs.js';

// 25 runs in `npm test`, ten times that in `npm run test:long`.
const RUNS = { numRuns: numRuns(25) };

/**
 * repairHistory reads only the stretches around the issues; reading the whole history gives the
 * same repair. The broken histories are ones the format's writer gives back as they are, so the
 * whole-history path writes untouched messages back unchanged, and the two must agree exactly.
 */
describe.each(MESSAGE_FORMATS)('repairHistory in windows on %s', (format) => {
  // Several broken histories one after another: long enough for windows with kept stretches between.
  const broken = fc
    .array(
      arbitraryBrokenHistory(FORMAT_FEATURES[format]).map(({ history }) => history),
      { minLength: 1, maxLength: 4 },
    )
    .map((histories) => writeFormat(histories.flat(), format, new Set()) as unknown[])
    // Read and written once more, the format's writer gives these messages back as they are
    // (consecutive results messages, for one, are read as one and written as one).
    .map(
      (messages) =>
        writeFormat(readFormat(messages, format).history, format, new Set()) as unknown[],
    );

  test.prop([broken, fc.constantFrom('to-text' as const, 'synthesize-call' as const)], RUNS)(
    'repairs exactly as the whole history would',
    (messages, orphanResults) => {
      const windowed = repairHistory(messages, { format, orphanResults });
      if (validateHistory(messages, { format }).ok) {
        // Valid: nothing to repair, whatever the neutral model might normalize.
        expect(windowed).toEqual({ messages, fixes: [], warnings: [] });
        return;
      }
      const whole = repairWholeHistory(messages, { format, orphanResults });
      if (whole.fixes.length === 0) {
        // Nothing the neutral model repairs: the history comes back as it was (with the warnings
        // of what no repair can fix, Mistral's last role).
        expect(windowed).toEqual({ messages, fixes: [], warnings: whole.warnings });
        return;
      }
      expect(windowed).toEqual(whole);
    },
  );

  test.prop(
    [arbitraryBrokenHistory(FORMAT_FEATURES[format]), fc.nat({ max: 6 }), fc.nat({ max: 6 })],
    RUNS,
  )(
    'keeps the valid conversation around a broken stretch as the same objects',
    ({ history }, roundsBefore, roundsAfter) => {
      const before = writeFormat(validRounds('b', roundsBefore), format, new Set()) as unknown[];
      const after = writeFormat(validRounds('a', roundsAfter), format, new Set()) as unknown[];
      // Repair may reach back to the user message that opens the broken stretch, and up to the next one.
      const middle = writeFormat(
        [
          { role: 'user', parts: [{ type: 'text', text: 'go on' }] },
          ...history,
          { role: 'assistant', parts: [{ type: 'text', text: 'done' }] },
        ],
        format,
        new Set(),
      ) as unknown[];
      const messages = [...before, ...middle, ...after];
      const { messages: repaired } = repairHistory(messages, { format });
      before.forEach((message, index) => {
        expect(repaired[index]).toBe(message);
      });
      after.forEach((message, index) => {
        expect(repaired[repaired.length - after.length + index]).toBe(message);
      });
    },
  );
});

/** Rounds of a question, two calls with ids no generated history uses, their results and an answer: valid in every format. */
function validRounds(tag: string, count: number): HistoryMessage[] {
  const history: HistoryMessage[] = [];
  for (let round = 0; round < count; round++) {
    const ids = [0, 1].map(
      (call) => `${tag.toUpperCase()}${String(round * 2 + call).padStart(8, '0')}`,
    );
    history.push(
      { role: 'user', parts: [{ type: 'text', text: `question ${String(round)}` }] },
      {
        role: 'assistant',
        parts: ids.map((callId) => ({
          type: 'tool-call',
          callId,
          name: 'search',
          arguments: { round },
        })),
      },
      {
        role: 'tool',
        results: ids.map((callId) => ({
          callId,
          name: 'search',
          content: `found ${callId}`,
          isError: false,
        })),
      },
      { role: 'assistant', parts: [{ type: 'text', text: `answer ${String(round)}` }] },
    );
  }
  return history;
}

describe('repairHistory in windows: found by the property above', () => {
  test('an Anthropic result parted from its turn goes back to the latest call with its id, in windows and whole', () => {
    // call_1 is made twice; its result follows text in the message after the second call turn, so
    // repair moves it back to that turn (the latest call_1 before it), not to the first call_1
    // three windows away, which gets a placeholder.
    const use = (id: string): unknown => ({ type: 'tool_use', id, name: 'get_weather', input: {} });
    const result = (id: string): unknown => ({
      type: 'tool_result',
      tool_use_id: id,
      content: 'ok',
    });
    const messages = [
      { role: 'assistant', content: [use('call_1')] },
      { role: 'user', content: 'next' },
      { role: 'assistant', content: [use('call_A')] },
      { role: 'assistant', content: [{ type: 'text', text: 'thinking' }] },
      { role: 'user', content: 'next' },
      { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
      { role: 'user', content: 'go on' },
      { role: 'assistant', content: [use('call_2'), use('call_1')] },
      { role: 'user', content: [result('call_2'), { type: 'text', text: 'and' }] },
      { role: 'user', content: [result('call_1')] },
      { role: 'assistant', content: [{ type: 'text', text: 'done' }] },
    ];
    const whole = repairWholeHistory(messages, { format: 'anthropic' });
    expect(repairHistory(messages, { format: 'anthropic' })).toEqual(whole);
    expect(whole.fixes.find((fix) => fix.kind === 'moved-result')).toMatchObject({
      messageIndex: 10,
      fromIndex: 9,
    });
    expect(whole.fixes.find((fix) => fix.kind === 'inserted-placeholder')).toMatchObject({
      messageIndex: 1,
      callId: 'call_1',
    });
  });
});

describe('repairHistory in windows: found at FC_NUM_RUNS=1000 (seed -1314569623)', () => {
  test('a result after merged call turns answers the latest call with its id, in windows and whole', () => {
    // call_1 is made in the first turn and again in a later one that Anthropic merges with the
    // next; the result after them answers the later call_1 (whose id is rewritten, as ids repeat),
    // and the first turn's calls get placeholders. The whole-history repair used to move the
    // result back to the first call_1.
    const use = (id: string): unknown => ({ type: 'tool_use', id, name: 'get_weather', input: {} });
    const messages = [
      { role: 'assistant', content: [use(''), use('call_1')] },
      { role: 'user', content: 'next' },
      { role: 'assistant', content: [{ type: 'text', text: ' ' }] },
      { role: 'user', content: ' ' },
      { role: 'assistant', content: [use('call_1'), use('exec_0')] },
      { role: 'assistant', content: [use('call_A')] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: '' }] },
    ];
    for (const orphanResults of ['synthesize-call', 'to-text'] as const) {
      const whole = repairWholeHistory(messages, {
        format: 'anthropic',
        orphanResults,
      });
      expect(repairHistory(messages, { format: 'anthropic', orphanResults })).toEqual(whole);
      expect(
        whole.fixes
          .filter((fix) => fix.kind === 'inserted-placeholder' || fix.kind === 'moved-result')
          .map((fix) => [fix.kind, fix.messageIndex]),
      ).toEqual([
        ['inserted-placeholder', 1],
        ['inserted-placeholder', 1],
        ['moved-result', 6],
        ['inserted-placeholder', 6],
        ['inserted-placeholder', 8],
      ]);
    }
  });
});

describe('repairHistory in windows: agent loops', () => {
  test('cuts between rounds of calls and results where no user message comes between', () => {
    // One question, then 40 rounds of a call and its result; round 20 lost its result.
    const messages: unknown[] = [{ role: 'user', content: 'research this' }];
    for (let round = 0; round < 40; round++) {
      const id = `call_${String(round)}`;
      messages.push({
        role: 'assistant',
        content: null,
        tool_calls: [{ id, type: 'function', function: { name: 'search', arguments: '{}' } }],
      });
      if (round !== 20) messages.push({ role: 'tool', tool_call_id: id, content: 'found' });
    }
    const { messages: repaired, fixes } = repairHistory(messages, { format: 'openai-chat' });
    expect(fixes.map((fix) => [fix.kind, fix.messageIndex])).toEqual([
      ['inserted-placeholder', 42],
    ]);
    // Every input message is the input's own object, the broken round's included.
    const kept = repaired.filter(
      (message, index) => message === messages[index < 42 ? index : index - 1],
    ).length;
    expect(kept).toBe(messages.length);
  });
});
