import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { createToolCallAccumulator } from '../../src/streaming/tool-call-accumulator.js';
import { numRuns } from './num-runs.js';

// The live argumentsText is kept in blocks of deltas, joined when read; a reader that polls after
// (nearly) every delta switches the call to appending each delta as it comes. Whatever the reading
// pattern, across block boundaries, the text read is the deltas so far, exactly.

test.prop(
  [
    fc.array(fc.string({ unit: 'binary', maxLength: 4 }), { minLength: 1100, maxLength: 2500 }),
    fc.array(fc.nat(5), { minLength: 1, maxLength: 50 }),
  ],
  { numRuns: numRuns(25) },
)('argumentsText is the deltas so far, whenever and however often it is read', (deltas, gaps) => {
  const accumulator = createToolCallAccumulator({ format: 'anthropic' });
  accumulator.push({
    type: 'content_block_start',
    index: 0,
    content_block: { type: 'tool_use', id: 'toolu_1', name: 'f', input: {} },
  });
  let expected = '';
  let untilRead = 0;
  let gap = 0;
  for (const delta of deltas) {
    accumulator.push({
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'input_json_delta', partial_json: delta },
    });
    expected += delta;
    if (untilRead-- <= 0) {
      expect(accumulator.liveCalls[0]?.argumentsText).toBe(expected);
      untilRead = gaps[gap++ % gaps.length] ?? 0;
    }
  }
  expect(accumulator.liveCalls[0]?.argumentsText).toBe(expected);
  const [call] = accumulator.finish().calls;
  if (call?.argumentsError !== undefined) expect(call.argumentsText).toBe(expected);
});
