import '../../src/register.js';
import { fc, test } from '@fast-check/vitest';
import { Lang, LangMessages, type LangMessageItem } from 'aiwrapper';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { liftFunctionCalls } from '../../src/aiwrapper/serializer-fixes.js';
import { validateHistory } from '../../src/validate/validate-history.js';
import { captureRequests, type CapturedRequest } from '../helpers/capture-requests.js';

type Item = Record<string, unknown>;

const text = fc.string({ maxLength: 6 });
const nestedCall = fc.record({
  type: fc.constant('function_call'),
  call_id: fc.stringMatching(/^call_[a-z0-9]{1,4}$/),
  name: fc.constantFrom('get_weather', 'search'),
  arguments: fc.constantFrom('{}', '{"city":"Paris"}', '{ "q" : 1 }'),
});
const textPart = fc.oneof(
  fc.record({ type: fc.constant('output_text'), text }),
  fc.record({ type: fc.constant('input_text'), text }),
);
/** A message item as aiwrapper writes one (calls among its parts), sometimes with other fields. */
const message = fc.record(
  {
    role: fc.constantFrom('user', 'assistant'),
    content: fc.array(fc.oneof(textPart, nestedCall), { maxLength: 5 }),
    type: fc.constant('message'),
    status: fc.constant('completed'),
  },
  { requiredKeys: ['role', 'content'] },
);
/** Items that are not messages, or messages without parts: never changed. */
const otherItem = fc.oneof(
  nestedCall,
  fc.record({ type: fc.constant('function_call_output'), call_id: text, output: text }),
  fc.record({ type: fc.constant('reasoning'), summary: fc.constant([]) }),
  fc.record({ role: fc.constant('user'), content: text }),
  // A typed item that is not a message keeps its parts, whatever they are.
  fc.record({
    type: fc.constant('custom'),
    role: fc.constant('assistant'),
    content: fc.array(nestedCall),
  }),
);
const input = fc.array(fc.oneof(message, otherItem), { maxLength: 8 });

/** The input as one sequence: each message's parts (with its fields), every other item itself. */
function flatten(items: readonly unknown[]): unknown[] {
  return items.flatMap((item) => {
    const { content, ...fields } = item as Item;
    const isMessage = typeof fields.role === 'string' && (fields.type ?? 'message') === 'message';
    if (!isMessage || !Array.isArray(content)) return [item];
    return (content as unknown[]).map((part) =>
      (part as Item).type === 'function_call' ? part : { fields, part },
    );
  });
}

const hasNestedCall = (item: unknown): boolean => {
  const { type, role, content } = item as Item;
  return (
    typeof role === 'string' &&
    (type ?? 'message') === 'message' &&
    Array.isArray(content) &&
    content.some((part) => (part as Item).type === 'function_call')
  );
};

test.prop([input])('liftFunctionCalls leaves no call nested and loses nothing', (items) => {
  const frozen = structuredClone(items);
  const lifted = liftFunctionCalls(items);
  expect(items).toEqual(frozen);
  expect(lifted.some(hasNestedCall)).toBe(false);
  // Same parts and items in the same order; a message is cut only around its calls.
  const before = flatten(items);
  const after = flatten(lifted);
  expect(after).toEqual(before);
  after.forEach((entry, index) => {
    const original = before[index];
    if (typeof entry === 'object' && entry !== null && 'part' in entry)
      expect(entry.part).toBe((original as { part: unknown }).part);
    else expect(entry).toBe(original);
  });
  // A message made by the cut holds at least one part.
  const kept = new Set<unknown>(items);
  for (const item of lifted)
    if (!kept.has(item) && 'content' in (item as Item))
      expect((item as Item).content).not.toEqual([]);
});

test.prop([input])(
  'liftFunctionCalls is idempotent, and returns its input when nothing is nested',
  (items) => {
    const lifted = liftFunctionCalls(items);
    expect(liftFunctionCalls(lifted)).toBe(lifted);
    expect(lifted === items).toBe(!items.some(hasNestedCall));
    // An untouched item comes back as the input's own object.
    for (const item of items) if (!hasNestedCall(item)) expect(lifted).toContain(item);
  },
);

// Rounds an agent loop writes without chat() in between: text beside the calls or not.
const round = fc.record({
  say: fc.option(fc.string({ minLength: 1, maxLength: 6 }), { nil: undefined }),
  cities: fc.array(fc.constantFrom('Paris', 'London', 'Oslo'), { minLength: 1, maxLength: 3 }),
  ask: fc.boolean(),
});

let captured: CapturedRequest[];
beforeAll(() => {
  // aiwrapper warns about the stub's minimal event stream ("Unknown item").
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  captured = captureRequests();
});
afterAll(() => {
  vi.restoreAllMocks();
});

test.prop([fc.array(round, { minLength: 1, maxLength: 4 })])(
  'Lang.openai sends any tool history written into a LangMessages as the input OpenAI accepts',
  async (rounds) => {
    const messages = new LangMessages('Weather?');
    const expected: unknown[] = [
      { role: 'user', content: [{ type: 'input_text', text: 'Weather?' }] },
    ];
    let next = 0;
    for (const { say, cities, ask } of rounds) {
      const calls = cities.map((city) => ({ callId: `call_${next++}`, city }));
      const items: LangMessageItem[] = calls.map(({ callId, city }) => ({
        type: 'tool',
        callId,
        name: 'get_weather',
        arguments: { city },
      }));
      if (say !== undefined) {
        items.unshift({ type: 'text', text: say });
        expected.push({ role: 'assistant', content: [{ type: 'output_text', text: say }] });
      }
      messages.addAssistantItems(items);
      messages.addToolResultsMessage(
        calls.map(({ callId, city }) => ({
          type: 'tool-result',
          callId,
          name: 'get_weather',
          result: city,
        })),
      );
      for (const { callId, city } of calls)
        expected.push({
          type: 'function_call',
          call_id: callId,
          name: 'get_weather',
          arguments: JSON.stringify({ city }),
        });
      for (const { callId, city } of calls)
        expected.push({ type: 'function_call_output', call_id: callId, output: city });
      if (ask) {
        messages.addUserMessage('And?');
        expected.push({ role: 'user', content: [{ type: 'input_text', text: 'And?' }] });
      }
    }
    captured.length = 0;
    await Lang.openai({ apiKey: 'test', model: 'gpt-4o-mini' }).chat(messages);
    const { input } = JSON.parse(captured[0]?.body ?? '{}') as { input: unknown[] };
    expect(input).toEqual(expected);
    expect(validateHistory(input, { format: 'openai-responses' })).toEqual({
      ok: true,
      issues: [],
    });
  },
);
