import { describe, expect, it } from 'vitest';
import { repairWholeHistory, repairHistory } from '../../../src/repair/repair-history.js';
import { inspectBedrock } from '../../../src/formats/bedrock/validate-bedrock.js';

const use = (toolUseId: string, name = 'search'): unknown => ({
  toolUse: { toolUseId, name, input: {} },
});
const result = (toolUseId: string, text?: string): unknown => ({
  toolResult: { toolUseId, content: text === undefined ? [] : [{ text }] },
});

describe('repairHistory on Bedrock: a result later than the message after its calls', () => {
  it('moves it into that message, in windows as on the whole history', () => {
    // Found by the windows property (seed 1681159118), shrunk: function_call_0's result follows
    // the user message after its call turn, and its id comes back in the next call turn.
    const messages = [
      { role: 'user', content: [result('call_OafF'), { text: 'first' }] },
      {
        role: 'assistant',
        content: [{ text: 'MHu' }, use('function_call_0'), use('call_w'), use('exec_0')],
      },
      { role: 'user', content: [result('call_w'), result('exec_0'), { text: 'again' }] },
      { role: 'user', content: [result('function_call_0', 'retry'), { text: 'then' }] },
      {
        role: 'assistant',
        content: [use('function_call_0', 'get_weather'), use('call_GxEd'), use('call_A')],
      },
      { role: 'user', content: [result('call_GxEd')] },
      { role: 'assistant', content: [{ text: 'done' }] },
    ];
    const whole = repairWholeHistory(messages, {
      format: 'bedrock',
      orphanResults: 'to-text',
    });
    const windowed = repairHistory(messages, { format: 'bedrock', orphanResults: 'to-text' });
    expect(windowed).toEqual(whole);
    expect(windowed.fixes).toContainEqual(
      expect.objectContaining({
        kind: 'moved-result',
        callId: 'function_call_0',
        fromIndex: 3,
        messageIndex: 2,
      }),
    );
    expect(windowed.messages[2]).toEqual({
      role: 'user',
      content: [
        result('call_w'),
        result('exec_0'),
        result('function_call_0', 'retry'),
        { text: 'again' },
      ],
    });
    expect(inspectBedrock(windowed.messages).result).toEqual({ ok: true, issues: [] });
    // The untouched answer comes back as the same object.
    expect(windowed.messages[6]).toBe(messages[6]);
  });

  it('joins results split over two user messages into the first', () => {
    const calls = { role: 'assistant', content: [use('tooluse_a'), use('tooluse_b')] };
    const first = { role: 'user', content: [result('tooluse_b', 'b')] };
    const messages = [
      { role: 'user', content: [{ text: 'Search twice' }] },
      calls,
      first,
      { role: 'user', content: [result('tooluse_a', 'a')] },
      { role: 'assistant', content: [{ text: 'Found both.' }] },
    ];
    const repaired = repairHistory(messages, { format: 'bedrock' });
    expect(repaired.messages).toEqual([
      messages[0],
      calls,
      { role: 'user', content: [result('tooluse_b', 'b'), result('tooluse_a', 'a')] },
      messages[4],
    ]);
    expect(repaired.fixes.map((fix) => [fix.kind, fix.messageIndex])).toEqual([
      ['moved-result', 2],
    ]);
    expect(inspectBedrock(repaired.messages).result.ok).toBe(true);
    expect(repaired.messages[1]).toBe(calls);
  });
});
