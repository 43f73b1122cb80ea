import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { repairHistory } from '../../../src/repair/repair-history.js';
import { validateHistory } from '../../../src/validate/validate-history.js';

// Claude with extended thinking on Bedrock: the final call turn starts with `reasoningContent`.

const reasoning = {
  reasoningContent: { reasoningText: { text: 'Weather first.', signature: 'sig' } },
};
const use = (id: string): object => ({
  toolUse: { toolUseId: id, name: 'get_weather', input: {} },
});
const result = (id: string): object => ({
  toolResult: { toolUseId: id, content: [{ text: '21C' }] },
});
const user = (content: unknown[]): object => ({ role: 'user', content });
const assistant = (content: unknown[]): object => ({ role: 'assistant', content });
const bedrock = { format: 'bedrock', thinking: true } as const;

describe('extended thinking on Bedrock', () => {
  it("refuses a final call turn that does not start with reasoningContent, in the API's words", () => {
    const messages = [
      user([{ text: 'Paris?' }]),
      assistant([{ text: 'Checking' }, use('t1')]),
      user([result('t1')]),
    ];
    const { issues } = validateHistory(messages, bedrock);
    expect(issues).toMatchObject([
      {
        code: 'missing-reasoning',
        messageIndex: 1,
        partIndex: 0,
        toolCallIds: ['t1'],
        param: 'messages.1.content.0.type',
      },
    ]);
    expect(issues[0]?.message).toMatch(
      /^messages\.1\.content\.0\.type: Expected `thinking` or `redacted_thinking`, but found `text`\./,
    );
    expect(validateHistory(messages, { format: 'bedrock' })).toEqual({ ok: true, issues: [] });
  });

  it('moves the turn’s reasoningContent first, unchanged', () => {
    const messages = [
      user([{ text: 'Paris?' }]),
      assistant([{ text: 'Checking' }, reasoning, use('t1')]),
      user([result('t1')]),
    ];
    const repaired = repairHistory(messages, bedrock);
    expect(repaired.messages).toEqual([
      messages[0],
      assistant([reasoning, { text: 'Checking' }, use('t1')]),
      messages[2],
    ]);
    expect(repaired.messages[0]).toBe(messages[0]);
    expect(repaired.fixes).toMatchObject([
      { kind: 'moved-reasoning', messageIndex: 1, fromIndex: 1, fromPartIndex: 1 },
    ]);
    expect(validateHistory(repaired.messages, bedrock)).toEqual({ ok: true, issues: [] });
  });

  it('warns when the turn has no reasoningContent to move', () => {
    const messages = [user([{ text: 'Paris?' }]), assistant([use('t1')]), user([result('t1')])];
    const repaired = repairHistory(messages, bedrock);
    expect(repaired.messages).toEqual(messages);
    expect(repaired.warnings.map((warning) => [warning.code, warning.messageIndex])).toEqual([
      ['unrepaired-issue', 1],
    ]);
  });
});

const arbitraryTurn = fc.record({
  before: fc.array(fc.constantFrom<object>({ text: 'a' }, reasoning), { maxLength: 2 }),
  calls: fc.integer({ min: 1, max: 2 }),
  after: fc.array(fc.constantFrom<object>(reasoning), { maxLength: 1 }),
  answered: fc.boolean(),
});

test.prop([fc.array(arbitraryTurn, { minLength: 1, maxLength: 3 })])(
  'repair moves reasoning first or warns, validates when it moved, and is idempotent',
  (turns) => {
    let next = 0;
    const messages = turns.flatMap((turn) => {
      const ids = Array.from({ length: turn.calls }, () => `t${String(next++)}`);
      const blocks = [...turn.before, ...ids.map(use), ...turn.after];
      return [
        user([{ text: 'go' }]),
        assistant(blocks),
        ...(turn.answered ? [user(ids.map(result))] : []),
      ];
    });
    const repaired = repairHistory(messages, bedrock);
    const again = repairHistory(repaired.messages, bedrock);
    expect(again.messages).toEqual(repaired.messages);
    expect(again.fixes).toEqual([]);
    const left = validateHistory(repaired.messages, bedrock).issues.map((issue) => issue.code);
    if (repaired.warnings.length === 0) expect(left).toEqual([]);
    else expect(left).toEqual(['missing-reasoning']);
  },
);
