import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { repairHistory } from '../../../src/repair/repair-history.js';
import { validateHistory } from '../../../src/validate/validate-history.js';
import { trimHistory } from '../../../src/trim/trim-history.js';

// Responses inputs from a reasoning model: each round a user message, then a run of output items
// (a reasoning item or not, then calls with `fc_` item ids or an assistant message, or nothing:
// the reasoning item is left alone), then the outputs of some calls.

interface Round {
  readonly reasoning: boolean;
  readonly calls: number;
  readonly answered: readonly boolean[];
  readonly message: boolean;
}

const arbitraryRound: fc.Arbitrary<Round> = fc.integer({ min: 0, max: 3 }).chain((calls) =>
  fc.record({
    reasoning: fc.boolean(),
    calls: fc.constant(calls),
    answered: fc.array(fc.boolean(), { minLength: calls, maxLength: calls }),
    message: fc.boolean(),
  }),
);

function render(rounds: readonly Round[]): unknown[] {
  const input: unknown[] = [];
  let next = 0;
  rounds.forEach((round, roundIndex) => {
    input.push({ role: 'user', content: `question ${String(roundIndex)}` });
    if (round.reasoning)
      input.push({
        type: 'reasoning',
        id: `rs_${String(roundIndex)}`,
        summary: [],
        encrypted_content: `enc${String(roundIndex)}`,
      });
    const ids: string[] = [];
    for (let call = 0; call < round.calls; call++) {
      const id = String(next++);
      ids.push(id);
      input.push({
        type: 'function_call',
        id: `fc_${id}`,
        call_id: `call_${id}`,
        name: 'get_weather',
        arguments: '{}',
      });
    }
    if (round.message) input.push({ role: 'assistant', content: 'checking' });
    ids.forEach((id, index) => {
      if (round.answered[index])
        input.push({ type: 'function_call_output', call_id: `call_${id}`, output: '21C' });
    });
  });
  return input;
}

/** Per reasoning item (by identity), the call ids of the run of output items after it. */
function reasoningTurns(input: readonly unknown[]): Map<unknown, string> {
  const turns = new Map<unknown, string>();
  let open: { item: unknown; ids: string[] } | undefined;
  for (const item of input as { type?: string; role?: string; call_id?: string }[]) {
    if (item.type === 'reasoning') {
      if (open) turns.set(open.item, open.ids.join(','));
      open = { item, ids: [] };
    } else if (item.type === 'function_call') open?.ids.push(item.call_id ?? '');
    else if (item.type === 'function_call_output' || item.role === 'user') {
      if (open) turns.set(open.item, open.ids.join(','));
      open = undefined;
    }
  }
  if (open) turns.set(open.item, open.ids.join(','));
  return turns;
}

const options = { format: 'openai-responses', model: 'gpt-5' } as const;

test.prop([fc.array(arbitraryRound, { minLength: 1, maxLength: 5 })])(
  'repair output validates for a reasoning model, and a second repair changes nothing',
  (rounds) => {
    const once = repairHistory(render(rounds), options);
    expect(validateHistory(once.messages as unknown[], options)).toEqual({ ok: true, issues: [] });
    const twice = repairHistory(once.messages as unknown[], options);
    expect(twice.fixes).toEqual([]);
    expect(twice.messages).toEqual(once.messages);
  },
);

test.prop([fc.array(arbitraryRound, { minLength: 1, maxLength: 5 })])(
  'a reasoning item is kept with its calls, or dropped whole into a fix when it has nothing after it',
  (rounds) => {
    const input = render(rounds);
    const before = reasoningTurns(input);
    const { messages, fixes } = repairHistory(input, options);
    const after = reasoningTurns(messages);
    const dropped = fixes.flatMap((fix) => (fix.kind === 'dropped-reasoning' ? [fix.item] : []));
    for (const [item, calls] of before) {
      if (dropped.includes(item)) expect(after.has(item)).toBe(false);
      else expect(after.get(item)).toBe(calls);
    }
    expect(after.size + dropped.length).toBe(before.size);
  },
);

test.prop([fc.array(arbitraryRound, { minLength: 1, maxLength: 5 }), fc.nat({ max: 30 })])(
  'trim never keeps a call without the reasoning item before it',
  (rounds, maxMessages) => {
    const input = render(rounds);
    const before = reasoningTurns(input);
    const { messages } = trimHistory(input, { format: 'openai-responses', maxMessages });
    const after = reasoningTurns(messages);
    const kept = new Set(messages.map((message) => (message as { call_id?: string }).call_id));
    for (const [item, calls] of before)
      if (calls !== '' && calls.split(',').some((callId) => kept.has(callId)))
        expect(after.get(item)).toBe(calls);
  },
);
