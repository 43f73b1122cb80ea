import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { pairToolCalls } from '../../src/pairs/pair-tool-calls.js';
import { estimateTokens } from '../../src/trim/token-estimate.js';
import { trimHistory, type TrimHistoryOptions } from '../../src/trim/trim-history.js';
import { validateHistory } from '../../src/validate/validate-history.js';
import { arbitraryFormatHistory, arbitraryValidFormatHistory } from './format-history.js';

const budget: fc.Arbitrary<Pick<TrimHistoryOptions, 'maxMessages' | 'maxTokens' | 'keep'>> =
  fc.record(
    {
      maxMessages: fc.nat({ max: 20 }),
      maxTokens: fc.nat({ max: 400 }),
      keep: fc.record(
        { system: fc.boolean(), firstUserMessage: fc.boolean() },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: [] },
  );

function keptIndexes(length: number, dropped: readonly { readonly index: number }[]): number[] {
  const droppedSet = new Set(dropped.map((entry) => entry.index));
  return Array.from({ length }, (_, index) => index).filter((index) => !droppedSet.has(index));
}

test.prop([arbitraryValidFormatHistory, budget])(
  'the output validates for any budget',
  ({ format, messages }, options) => {
    const { messages: kept } = trimHistory(messages, { ...options, format });
    expect(validateHistory(kept, { format })).toEqual({ ok: true, issues: [] });
  },
);

test.prop([fc.oneof(arbitraryValidFormatHistory, arbitraryFormatHistory), budget])(
  'keeps or drops each call with its result',
  ({ format, messages }, options) => {
    const { dropped } = trimHistory(messages, { ...options, format });
    const droppedSet = new Set(dropped.map((entry) => entry.index));
    for (const pair of pairToolCalls(messages, { format }).pairs) {
      if (pair.result === undefined) continue;
      expect({ callId: pair.callId, dropped: droppedSet.has(pair.result.messageIndex) }).toEqual({
        callId: pair.callId,
        dropped: droppedSet.has(pair.callMessageIndex),
      });
    }
  },
);

test.prop([fc.oneof(arbitraryValidFormatHistory, arbitraryFormatHistory), budget])(
  'dropped plus kept is the input, in order',
  ({ format, messages }, options) => {
    const result = trimHistory(messages, { ...options, format });
    const kept = keptIndexes(messages.length, result.dropped);
    expect(result.messages).toEqual(kept.map((index) => messages[index]));
    result.messages.forEach((message, position) => {
      expect(message).toBe(messages[kept[position] ?? -1]);
    });
    expect(result.dropped).toEqual(
      result.dropped.map((entry) => ({ index: entry.index, message: messages[entry.index] })),
    );
    expect(result.dropped.length + result.messages.length).toBe(messages.length);
  },
);

test.prop([arbitraryValidFormatHistory, budget])(
  'meets the budget unless it says it is over budget',
  ({ format, messages }, options) => {
    const result = trimHistory(messages, { ...options, format });
    const tokens = result.messages.reduce<number>(
      (sum, message) => sum + estimateTokens(message),
      0,
    );
    expect(result.tokens).toBe(tokens);
    const fits =
      (options.maxMessages === undefined || result.messages.length <= options.maxMessages) &&
      (options.maxTokens === undefined || tokens <= options.maxTokens);
    expect(result.overBudget).toBe(!fits);
  },
);

test.prop([arbitraryValidFormatHistory])(
  'without a budget, keeps everything',
  ({ format, messages }) => {
    expect(trimHistory(messages, { format })).toEqual({
      messages,
      dropped: [],
      tokens: messages.reduce<number>((sum, message) => sum + estimateTokens(message), 0),
      overBudget: false,
    });
  },
);
