import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { validateOpenAIResponses } from '../../../src/formats/openai-responses/validate-openai-responses.js';
import { repairHistory } from '../../../src/repair/repair-history.js';
import { validateHistory } from '../../../src/validate/validate-history.js';

// Responses inputs built item by item from a small pool, so that runs of reasoning items (several
// in a row, before nothing, before a user message, before a call or an output) come up often, with
// call ids shared between calls and outputs in any order.

type Item = Record<string, unknown>;

const callId = fc.constantFrom('call_0', 'call_1', 'call_2');

const arbitraryItem: fc.Arbitrary<Item> = fc.oneof(
  {
    arbitrary: fc
      .nat({ max: 9 })
      .map((n) => ({ type: 'reasoning', id: `rs_${String(n)}`, summary: [] })),
    weight: 4,
  },
  {
    arbitrary: fc.constant({ type: 'reasoning', summary: [], encrypted_content: 'enc' }),
    weight: 1,
  },
  { arbitrary: fc.constant({ role: 'user', content: 'question' }), weight: 2 },
  { arbitrary: fc.constant({ role: 'assistant', content: 'answer' }), weight: 2 },
  {
    arbitrary: fc.record({ callId, itemId: fc.boolean() }).map(({ callId: id, itemId }) => ({
      type: 'function_call',
      ...(itemId ? { id: `fc_${id}` } : {}),
      call_id: id,
      name: 'get_weather',
      arguments: '{}',
    })),
    weight: 2,
  },
  {
    arbitrary: callId.map((id) => ({ type: 'function_call_output', call_id: id, output: '21C' })),
    weight: 2,
  },
);

const arbitraryInput: fc.Arbitrary<Item[]> = fc
  .tuple(fc.array(arbitraryItem, { maxLength: 12 }), fc.array(fc.nat({ max: 9 }), { maxLength: 3 }))
  // A tail of reasoning items with ids, so inputs ending in a run of them are common. Every item is
  // its own object, so identity tells which input item came through.
  .map(([items, tail]) => [
    { role: 'user', content: 'start' },
    ...items.map((item) => ({ ...item })),
    ...tail.map((n) => ({ type: 'reasoning', id: `rs_t${String(n)}`, summary: [] })),
  ]);

const arbitraryModel = fc.constantFrom(undefined, 'gpt-5');

/** Indexes of the reasoning items with an id that no output item follows before an input item or the end. */
function orphanReasoningIndexes(input: readonly Item[]): number[] {
  const orphans: number[] = [];
  let waiting: number[] = [];
  const isInput = (item: Item): boolean =>
    item.type === undefined
      ? item.role !== 'assistant'
      : typeof item.type === 'string' && item.type.endsWith('_output');
  for (const [index, item] of input.entries()) {
    if (item.type === 'reasoning') {
      if (typeof item.id === 'string') waiting.push(index);
    } else if (isInput(item)) {
      orphans.push(...waiting);
      waiting = [];
    } else waiting = [];
  }
  return [...orphans, ...waiting];
}

test.prop([arbitraryInput, arbitraryModel])(
  'validation reports every reasoning item with an id that nothing follows in its run',
  (input, model) => {
    const reported = validateOpenAIResponses(input, { model })
      .issues.filter((issue) => issue.code === 'orphan-reasoning')
      .map((issue) => issue.messageIndex);
    expect(reported).toEqual(orphanReasoningIndexes(input));
  },
);

test.prop([arbitraryInput, arbitraryModel])(
  'one repair fixes everything: the output validates and a second repair makes no fix',
  (input, model) => {
    const options = { format: 'openai-responses', model } as const;
    const once = repairHistory(input, options);
    expect(validateHistory(once.messages as unknown[], options)).toEqual({ ok: true, issues: [] });
    const twice = repairHistory(once.messages as unknown[], options);
    expect(twice.fixes).toEqual([]);
    expect(twice.messages).toEqual(once.messages);
  },
);
test.prop([arbitraryInput, arbitraryModel])(
  'repair changes nothing it does not report: every other item is the input object',
  (input, model) => {
    const { messages, fixes } = repairHistory(input, { format: 'openai-responses', model });
    const kept = (messages as unknown[]).filter((item) => input.includes(item as Item));
    if (fixes.length === 0) expect(messages).toEqual(input);
    // Each item that did not come through as is was dropped or changed by a reported fix; a
    // rewritten call id changes the call and every result that names it.
    const covered = fixes.reduce(
      (count, fix) =>
        count +
        (fix.kind === 'rewrote-call-id'
          ? (messages as Item[]).filter((item) => item.call_id === fix.to).length
          : 1),
      0,
    );
    expect(input.length - kept.length).toBeLessThanOrEqual(covered);
    for (const fix of fixes)
      if (fix.kind === 'dropped-reasoning') {
        expect(fix.item).toBe(input[fix.fromIndex]);
        expect(messages).not.toContain(fix.item);
      }
  },
);
