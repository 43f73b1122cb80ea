import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { repairHistory } from '../../../src/repair/repair-history.js';
import { validateHistory } from '../../../src/validate/validate-history.js';

// Anthropic histories with extended thinking: thinking blocks first, late or missing in their call
// turn, call turns split over two assistant messages, results split over consecutive user
// messages (with text before some), results missing. Every id is valid and unique.

interface Round {
  readonly calls: number;
  /** Where the thinking block goes: first, after some text, after the calls, or nowhere. */
  readonly thinking: 'first' | 'after-text' | 'after-calls' | 'none' | 'redacted';
  /** The call turn is split into two assistant messages after its first block. */
  readonly splitTurn: boolean;
  /** Results answered, in order, and where the user turn is cut into two messages. */
  readonly answered: readonly boolean[];
  readonly cut: number;
  /** Text opens the second results message. */
  readonly textInSecond: boolean;
}

const arbitraryRound: fc.Arbitrary<Round> = fc.integer({ min: 1, max: 3 }).chain((calls) =>
  fc.record({
    calls: fc.constant(calls),
    thinking: fc.constantFrom('first', 'after-text', 'after-calls', 'none', 'redacted'),
    splitTurn: fc.boolean(),
    answered: fc.array(fc.boolean(), { minLength: calls, maxLength: calls }),
    cut: fc.integer({ min: 0, max: calls }),
    textInSecond: fc.boolean(),
  }),
);

function render(rounds: readonly Round[]): unknown[] {
  const messages: unknown[] = [];
  let next = 0;
  rounds.forEach((round, roundIndex) => {
    messages.push({ role: 'user', content: `question ${String(roundIndex)}` });
    const ids = Array.from({ length: round.calls }, () => `toolu_${String(next++)}`);
    const uses = ids.map((id) => ({ type: 'tool_use', id, name: 'get_weather', input: {} }));
    const text = { type: 'text', text: 'checking' };
    const thought =
      round.thinking === 'redacted'
        ? { type: 'redacted_thinking', data: `data-${String(roundIndex)}` }
        : {
            type: 'thinking',
            thinking: `t${String(roundIndex)}`,
            signature: `s${String(roundIndex)}`,
          };
    const blocks: unknown[] =
      round.thinking === 'first' || round.thinking === 'redacted'
        ? [thought, text, ...uses]
        : round.thinking === 'after-text'
          ? [text, thought, ...uses]
          : round.thinking === 'after-calls'
            ? [text, ...uses, thought]
            : [text, ...uses];
    if (round.splitTurn) {
      messages.push({ role: 'assistant', content: blocks.slice(0, 1) });
      messages.push({ role: 'assistant', content: blocks.slice(1) });
    } else messages.push({ role: 'assistant', content: blocks });
    const results = ids
      .filter((_, index) => round.answered[index])
      .map((id) => ({ type: 'tool_result', tool_use_id: id, content: '21C' }));
    const first = results.slice(0, round.cut);
    const second = results.slice(round.cut);
    if (first.length > 0) messages.push({ role: 'user', content: first });
    if (second.length > 0)
      messages.push({
        role: 'user',
        content: round.textInSecond ? [{ type: 'text', text: 'also' }, ...second] : second,
      });
  });
  return messages;
}

const THINKING = new Set(['thinking', 'redacted_thinking']);

/** Per thinking block (by identity), the tool_use ids of the assistant run that holds it. */
function thinkingTurns(messages: readonly unknown[]): Map<unknown, string> {
  const turns = new Map<unknown, string>();
  let run: { blocks: unknown[]; ids: string[] } = { blocks: [], ids: [] };
  const close = (): void => {
    for (const block of run.blocks) turns.set(block, run.ids.join(','));
    run = { blocks: [], ids: [] };
  };
  for (const message of messages as { role: string; content: unknown }[]) {
    if (message.role !== 'assistant') {
      close();
      continue;
    }
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content as { type: string; id?: string }[]) {
      if (THINKING.has(block.type)) run.blocks.push(block);
      if (block.type === 'tool_use' && block.id !== undefined) run.ids.push(block.id);
    }
  }
  close();
  return turns;
}

const options = { format: 'anthropic', thinking: true } as const;

test.prop([fc.array(arbitraryRound, { minLength: 1, maxLength: 4 })])(
  'with thinking on, repair output validates, or says the final turn has no thinking block to move',
  (rounds) => {
    const input = render(rounds);
    const { messages, warnings } = repairHistory(input, options);
    const { issues } = validateHistory(messages, options);
    expect(issues.map((issue) => issue.code)).toEqual(
      warnings.some((warning) => warning.code === 'unrepaired-issue') ? ['missing-reasoning'] : [],
    );
  },
);

test.prop([fc.array(arbitraryRound, { minLength: 1, maxLength: 4 })])(
  'repair is idempotent',
  (rounds) => {
    const once = repairHistory(render(rounds), options);
    const twice = repairHistory(once.messages as unknown[], options);
    expect(twice.fixes).toEqual([]);
    expect(twice.messages).toEqual(once.messages);
  },
);

test.prop([fc.array(arbitraryRound, { minLength: 1, maxLength: 4 })])(
  'every thinking block comes back unchanged, in the same call turn',
  (rounds) => {
    const input = render(rounds);
    const before = thinkingTurns(input);
    const after = thinkingTurns(repairHistory(input, options).messages);
    expect(after).toEqual(before);
    for (const block of before.keys()) expect(after.has(block)).toBe(true);
  },
);

test.prop([fc.array(arbitraryRound, { minLength: 1, maxLength: 4 })])(
  'results split over consecutive user messages, with the thinking block first, are valid as they are',
  (rounds) => {
    const input = render(
      rounds.map((round) => ({
        ...round,
        thinking: 'first',
        answered: round.answered.map(() => true),
        textInSecond: false,
      })),
    );
    expect(validateHistory(input, options)).toEqual({ ok: true, issues: [] });
    const { messages, fixes } = repairHistory(input, options);
    expect(fixes).toEqual([]);
    expect(messages.every((message, index) => message === input[index])).toBe(true);
  },
);
