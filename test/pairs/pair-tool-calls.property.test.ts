import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { pairToolCalls } from '../../src/pairs/pair-tool-calls.js';
import { adapterFor } from '../../src/formats/index.js';
import { arbitraryFormatHistory, arbitraryValidFormatHistory } from '../trim/format-history.js';

const sorted = (values: readonly string[]): string[] => [...values].sort();

test.prop([fc.oneof(arbitraryValidFormatHistory, arbitraryFormatHistory)])(
  'every call appears once and every result once',
  ({ format, messages }) => {
    const history = adapterFor(format).read(messages).messages;
    const calls: string[] = [];
    const results: string[] = [];
    for (const message of history) {
      if (message.role === 'assistant')
        for (const part of message.parts) if (part.type === 'tool-call') calls.push(part.callId);
      if (message.role === 'tool')
        for (const result of message.results)
          results.push(`${result.sourceIndex ?? message.sourceIndex ?? -1} ${result.callId}`);
    }
    const { pairs, unpaired } = pairToolCalls(messages, { format });
    expect(sorted(pairs.map((pair) => pair.callId))).toEqual(sorted(calls));
    const seenResults = [
      ...pairs.flatMap((pair) =>
        pair.result === undefined ? [] : [`${pair.result.messageIndex} ${pair.callId}`],
      ),
      ...unpaired.map((result) => `${result.messageIndex} ${result.callId}`),
    ];
    expect(sorted(seenResults)).toEqual(sorted(results));
  },
);

test.prop([arbitraryValidFormatHistory])(
  'in a valid history every result pairs, after its call and before the next call turn',
  ({ format, messages }) => {
    const { pairs, unpaired } = pairToolCalls(messages, { format });
    expect(unpaired).toEqual([]);
    const turnStarts = [...new Set(pairs.map((pair) => pair.callMessageIndex))];
    for (const pair of pairs) {
      if (pair.result === undefined) continue;
      const { messageIndex } = pair.result;
      expect(messageIndex).toBeGreaterThan(pair.callMessageIndex);
      if (format === 'openai-responses') continue;
      // Turn scope: no other call turn sits between the call and its result.
      expect(
        turnStarts.filter((start) => start > pair.callMessageIndex && start < messageIndex),
      ).toEqual([]);
    }
  },
);

test.prop([arbitraryValidFormatHistory])(
  'status follows the result: pending without one, error when it reports a failure',
  ({ format, messages }) => {
    for (const pair of pairToolCalls(messages, { format }).pairs) {
      expect(pair.status).toBe(
        pair.result === undefined ? 'pending' : pair.result.isError ? 'error' : 'ok',
      );
    }
  },
);
