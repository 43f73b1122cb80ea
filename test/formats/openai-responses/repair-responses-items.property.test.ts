import { test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { arbitraryResponsesItems } from '../../arbitraries/responses-items.js';
import { repairHistory } from '../../../src/repair/repair-history.js';
import { validateOpenAIResponses } from '../../../src/formats/openai-responses/validate-openai-responses.js';

const options = { format: 'openai-responses' } as const;

test.prop([arbitraryResponsesItems()])('repair output validates, with no warning', (input) => {
  const { messages, warnings } = repairHistory(input, options);
  expect({ result: validateOpenAIResponses(messages), warnings }).toEqual({
    result: { ok: true, issues: [] },
    warnings: [],
  });
});

test.prop([arbitraryResponsesItems()])('repair is idempotent', (input) => {
  const once = repairHistory(input, options).messages;
  expect(repairHistory(once, options)).toEqual({ messages: once, fixes: [], warnings: [] });
});

test.prop([arbitraryResponsesItems()])(
  'every input item comes back as itself, or a fix says what became of it',
  (input) => {
    const { messages, fixes } = repairHistory(input, options);
    const kept = new Set<unknown>(messages);
    const accounted = new Set<unknown>();
    for (const fix of fixes) {
      if ('item' in fix) accounted.add(fix.item);
      if ('fromIndex' in fix) accounted.add(input[fix.fromIndex]);
    }
    const stripped = fixes.filter((fix) => fix.kind === 'stripped-item-id');
    const lost = input.filter((item) => !kept.has(item) && !accounted.has(item));
    // A call whose id was stripped comes back as a copy without it, each with its fix.
    expect(lost.length).toBe(
      stripped.filter((fix) => !kept.has(input.find((item) => item.id === fix.itemId))).length,
    );
    for (const item of lost) {
      const copy = messages.find(
        (message) => message.type === item.type && message.call_id === item.call_id,
      );
      expect(copy).toEqual(
        Object.fromEntries(Object.entries(item).filter(([key]) => key !== 'id')),
      );
    }
  },
);
