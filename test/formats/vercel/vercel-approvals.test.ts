import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { fromVercel } from '../../../src/formats/vercel/from-vercel.js';
import { toVercel } from '../../../src/formats/vercel/to-vercel.js';
import { repairHistory } from '../../../src/repair/repair-history.js';
import { validateHistory } from '../../../src/validate/validate-history.js';
import { sdkVerdict } from '../../helpers/ai-sdk-oracle.js';

// Tool approvals (AI SDK v6) in ModelMessages, checked against `generateText` itself.
const validate = (messages: readonly unknown[]) => validateHistory(messages, { format: 'vercel' });
const user = { role: 'user', content: 'go' };
const call = (id: string) => ({
  type: 'tool-call',
  toolCallId: id,
  toolName: 'get_weather',
  input: {},
});
const request = (id: string) => ({
  type: 'tool-approval-request',
  approvalId: `a_${id}`,
  toolCallId: id,
});
const response = (id: string, approved: boolean) => ({
  type: 'tool-approval-response',
  approvalId: `a_${id}`,
  approved,
});
const result = (id: string) => ({
  type: 'tool-result',
  toolCallId: id,
  toolName: 'get_weather',
  output: { type: 'text', value: '21C' },
});

describe('approvals in vercel ModelMessages', () => {
  it.each([true, false])(
    'a last tool message whose approval (approved: %s) answers the call is valid, as generateText says',
    async (approved) => {
      const messages = [
        user,
        { role: 'assistant', content: [call('c1'), request('c1')] },
        { role: 'tool', content: [response('c1', approved)] },
      ];
      expect(validate(messages)).toEqual({ ok: true, issues: [] });
      expect((await sdkVerdict(messages)).ok).toBe(true);
      expect(repairHistory(messages, { format: 'vercel' })).toEqual({
        messages,
        fixes: [],
        warnings: [],
      });
    },
  );

  it('an approval the conversation went on after is missing its result, in the SDK’s words', async () => {
    const messages = [
      user,
      { role: 'assistant', content: [call('c1'), request('c1')] },
      { role: 'tool', content: [response('c1', false)] },
      user,
    ];
    const message = 'Tool result is missing for tool call c1.';
    expect(validate(messages)).toEqual({
      ok: false,
      issues: [{ code: 'missing-tool-result', messageIndex: 1, toolCallIds: ['c1'], message }],
    });
    expect(await sdkVerdict(messages)).toEqual({ ok: false, error: message });
  });

  it('repair adds a placeholder after the approval it follows, never before it', () => {
    const messages = [
      user,
      { role: 'assistant', content: [call('c1'), request('c1')] },
      { role: 'tool', content: [response('c1', true)] },
      user,
    ];
    const { messages: repaired, fixes } = repairHistory(messages, { format: 'vercel' });
    expect(repaired[2]).toMatchObject({
      role: 'tool',
      content: [response('c1', true), { type: 'tool-result', toolCallId: 'c1' }],
    });
    expect(fixes.map((fix) => fix.kind)).toEqual(['inserted-placeholder']);
    expect(validate(repaired).ok).toBe(true);
  });

  it('repair of the last turn answers only the call without an approval, keeping the approval part', () => {
    const approval = response('c1', true);
    const messages = [
      user,
      { role: 'assistant', content: [call('c1'), request('c1'), call('c2')] },
      { role: 'tool', content: [approval] },
    ];
    expect(validate(messages)).toMatchObject({
      ok: false,
      issues: [{ code: 'missing-tool-result', toolCallIds: ['c2'] }],
    });
    const { messages: repaired, fixes } = repairHistory(messages, { format: 'vercel' });
    expect(fixes).toMatchObject([{ kind: 'inserted-placeholder', callId: 'c2' }]);
    const tool = repaired[2] as { content: unknown[] };
    expect(tool.content[0]).toBe(approval);
    expect(tool.content[1]).toMatchObject({ type: 'tool-result', toolCallId: 'c2' });
    expect(validate(repaired).ok).toBe(true);
  });

  it('reads an approval that answers its call as a result, and writes it back as it was', () => {
    const messages = [
      user,
      { role: 'assistant', content: [call('c1'), request('c1')] },
      { role: 'tool', content: [{ ...response('c1', false), reason: 'not now' }] },
    ];
    const read = fromVercel(messages);
    expect(read.messages[2]).toEqual({
      role: 'tool',
      sourceIndex: 2,
      results: [
        {
          callId: 'c1',
          name: 'get_weather',
          content: 'not now',
          isError: false,
          sourceIndex: 2,
          providerData: { vercel: { approval: messages[2]?.content[0] } },
        },
      ],
    });
    expect(toVercel(read.messages)).toEqual({ messages, warnings: [] });
  });

  it('an approval no request has, in the last message, is refused in the SDK’s words and dropped', async () => {
    const orphan = response('c1', true);
    const messages = [
      user,
      { role: 'assistant', content: [call('c1')] },
      { role: 'tool', content: [orphan, result('c1')] },
    ];
    const message =
      'Tool approval response references unknown approvalId: "a_c1". No matching tool-approval-request found in message history.';
    expect(validate(messages)).toEqual({
      ok: false,
      issues: [
        { code: 'unknown-approval', messageIndex: 2, partIndex: 0, approvalId: 'a_c1', message },
      ],
    });
    expect(await sdkVerdict(messages)).toEqual({ ok: false, error: message });
    const repaired = repairHistory(messages, { format: 'vercel' });
    expect(repaired.messages).toEqual([
      user,
      messages[1],
      { role: 'tool', content: [result('c1')] },
    ]);
    expect(repaired.fixes).toMatchObject([
      { kind: 'dropped-approval', messageIndex: 2, partIndex: 0, fromIndex: 2, item: orphan },
    ]);
    expect(repaired.messages[1]).toBe(messages[1]);
  });

  it('an approval for a provider-executed call does not answer it (the provider does)', () => {
    const messages = [
      user,
      {
        role: 'assistant',
        content: [{ ...call('c1'), providerExecuted: true }, request('c1'), call('c2')],
      },
      { role: 'tool', content: [response('c1', true), result('c2')] },
    ];
    expect(validate(messages)).toEqual({ ok: true, issues: [] });
    expect(fromVercel(messages).messages[2]).toMatchObject({
      results: [{ callId: 'c2' }],
      providerData: { vercel: { parts: [response('c1', true)] } },
    });
  });
});

// A call turn: each call answered by a result, an approval (approved or denied), or nothing,
// with or without its approval request; then maybe a user message.
const arbitraryTurn = fc.record({
  calls: fc.array(
    fc.record({
      requested: fc.boolean(),
      answer: fc.constantFrom('result', 'approved', 'denied', 'none'),
      split: fc.boolean(),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  userAfter: fc.boolean(),
});

type Turn = typeof arbitraryTurn extends fc.Arbitrary<infer T> ? T : never;

function approvalHistory(turns: readonly Turn[]): unknown[] {
  const messages: unknown[] = [user];
  turns.forEach((turn, turnIndex) => {
    const ids = turn.calls.map((_, position) => `c${turnIndex}_${position}`);
    messages.push({
      role: 'assistant',
      content: turn.calls.flatMap((spec, position) => {
        const id = ids[position] ?? '';
        return spec.requested ? [call(id), request(id)] : [call(id)];
      }),
    });
    const first: unknown[] = [];
    const second: unknown[] = [];
    turn.calls.forEach((spec, position) => {
      const id = ids[position] ?? '';
      const into = spec.split ? second : first;
      if (spec.answer === 'result') into.push(result(id));
      else if (spec.answer !== 'none') into.push(response(id, spec.answer === 'approved'));
    });
    if (first.length > 0) messages.push({ role: 'tool', content: first });
    if (second.length > 0) messages.push({ role: 'tool', content: second });
    if (turn.userAfter) messages.push(user);
  });
  return messages;
}

describe('validateHistory (vercel) against generateText', () => {
  test.prop([fc.array(arbitraryTurn, { minLength: 1, maxLength: 3 })], { numRuns: 60 })(
    'accepts exactly the approval histories the SDK sends, and repair makes the rest acceptable',
    async (turns) => {
      const messages = approvalHistory(turns);
      const verdict = await sdkVerdict(messages);
      expect(validate(messages).ok).toBe(verdict.ok);
      const repaired = repairHistory(messages, { format: 'vercel' });
      expect(validate(repaired.messages)).toEqual({ ok: true, issues: [] });
      expect(repairHistory(repaired.messages, { format: 'vercel' }).fixes).toEqual([]);
      expect((await sdkVerdict(repaired.messages)).ok).toBe(true);
      // Every approval part of the input is still there, or kept whole in the fix that dropped it.
      const approvals = (list: readonly unknown[]) =>
        JSON.stringify(list).match(/tool-approval-(request|response)/g)?.length ?? 0;
      const dropped = repaired.fixes.flatMap((fix) =>
        fix.kind === 'dropped-approval' ? [fix.item] : [],
      );
      expect(approvals(repaired.messages) + approvals(dropped)).toBe(approvals(messages));
    },
  );
});
