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

  it('an approval in the last message for a call of an earlier turn is dropped, and the call answered', async () => {
    const late = response('c1', true);
    const messages = [
      user,
      { role: 'assistant', content: [call('c1'), request('c1')] },
      user,
      { role: 'assistant', content: 'ok' },
      { role: 'tool', content: [late] },
    ];
    expect(validate(messages).ok).toBe(false);
    expect((await sdkVerdict(messages)).ok).toBe(false);
    const repaired = repairHistory(messages, { format: 'vercel' });
    expect(repaired.fixes).toMatchObject([
      { kind: 'inserted-placeholder', callId: 'c1', messageIndex: 2 },
      { kind: 'dropped-approval', messageIndex: 5, partIndex: 0, callId: 'c1', item: late },
    ]);
    expect(repaired.fixes[1]?.message).toBe(
      'The approval response at messages[4].content[0] answers call "c1", which is not in the assistant message right before the trailing tool messages; the AI SDK would run the call there, where its result no longer follows it. It was dropped (kept whole in this fix).',
    );
    expect(validate(repaired.messages)).toEqual({ ok: true, issues: [] });
    expect((await sdkVerdict(repaired.messages)).ok).toBe(true);
    expect(repaired.messages[1]).toBe(messages[1]);
  });

  it('a tool message left empty by an approval the SDK passes over does not part a call from its result', async () => {
    const messages = [
      user,
      { role: 'assistant', content: [call('c1'), request('c1')] },
      { role: 'tool', content: [response('c1', true)] },
      { role: 'tool', content: [result('c1')] },
    ];
    expect(await sdkSends(messages)).toBe(true);
    expect(validate(messages)).toEqual({ ok: true, issues: [] });
  });

  it('of two trailing approvals of one call, the repair that gathers them keeps the last, which the SDK reads', async () => {
    const first = response('c1', true);
    const last = response('c1', false);
    const messages = [
      user,
      { role: 'assistant', content: [call('c1'), request('c1'), call('c2')] },
      { role: 'tool', content: [first] },
      { role: 'tool', content: [last] },
    ];
    const repaired = repairHistory(messages, { format: 'vercel' });
    expect(repaired.fixes.filter((fix) => fix.kind === 'dropped-approval')).toMatchObject([
      { messageIndex: 2, partIndex: 0, callId: 'c1', item: first },
    ]);
    expect(repaired.messages.slice(0, 2)).toEqual(messages.slice(0, 2));
    expect(repaired.messages.slice(2)).toMatchObject([
      { role: 'tool', content: [last, { type: 'tool-result', toolCallId: 'c2' }] },
    ]);
    expect((repaired.messages[2] as { content: unknown[] }).content[0]).toBe(last);
    expect(validate(repaired.messages)).toEqual({ ok: true, issues: [] });
    expect(await sdkSends(repaired.messages)).toBe(true);
  });

  it('a long broken history whose last approval has its request at the start is read once per repair, not once per window', () => {
    const turns = Array.from({ length: 500 }, (_, turn) => [
      user,
      { role: 'assistant', content: [call(`t${turn}`)] },
      user,
    ]).flat();
    const messages = [
      user,
      { role: 'assistant', content: [{ type: 'text', text: 'asking' }, request('c9')] },
      ...turns,
      { role: 'assistant', content: [call('c9')] },
      { role: 'tool', content: [response('c9', true)] },
    ];
    let reads = 0;
    const counted = new Proxy(messages, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const repaired = repairHistory(counted, { format: 'vercel' });
    expect(validate(repaired.messages).ok).toBe(true);
    expect(repaired.messages.at(-1)).toBe(messages.at(-1));
    // Linear: a few reads per message; a lookup per window would read about 500 x 1,500.
    expect(reads).toBeLessThan(40 * messages.length);
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

function approvalHistory(turns: readonly Turn[], late?: number): unknown[] {
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
  // An approval, in a trailing tool message, of the first call of turn `late` (maybe an earlier one).
  if (late !== undefined && late < turns.length)
    messages.push({ role: 'tool', content: [response(`c${late}_0`, late % 2 === 0)] });
  return messages;
}

/**
 * Whether `generateText` sends `messages` to a provider that accepts them: it does not throw, and
 * its prompt answers no call twice (it runs an approved call even when a result already answers it).
 */
async function sdkSends(messages: readonly unknown[]): Promise<boolean> {
  const verdict = await sdkVerdict(messages);
  if (!verdict.ok) return false;
  const ids = JSON.stringify(verdict.prompt).match(/"type":"tool-result","toolCallId":"[^"]*"/g);
  return new Set(ids).size === (ids?.length ?? 0);
}

describe('validateHistory (vercel) against generateText', () => {
  test.prop(
    [
      fc.array(arbitraryTurn, { minLength: 1, maxLength: 3 }),
      fc.option(fc.nat({ max: 2 }), { nil: undefined }),
    ],
    { numRuns: 80 },
  )(
    'accepts exactly the approval histories the SDK sends, and repair makes the rest acceptable',
    async (turns, late) => {
      const messages = approvalHistory(turns, late);
      expect(validate(messages).ok).toBe(await sdkSends(messages));
      const repaired = repairHistory(messages, { format: 'vercel' });
      expect(validate(repaired.messages)).toEqual({ ok: true, issues: [] });
      expect(repairHistory(repaired.messages, { format: 'vercel' }).fixes).toEqual([]);
      expect(await sdkSends(repaired.messages)).toBe(true);
      // Every approval part of the input is still there, or kept whole in the fix that dropped it.
      const approvals = (list: readonly unknown[]) =>
        JSON.stringify(list).match(/tool-approval-(request|response)/g)?.length ?? 0;
      // (A dropped duplicate keeps the result as read: an approval read as one carries its part.)
      const dropped = repaired.fixes.flatMap((fix) =>
        fix.kind === 'dropped-approval'
          ? [fix.item]
          : fix.kind === 'dropped-duplicate-result'
            ? [fix.result]
            : [],
      );
      expect(approvals(repaired.messages) + approvals(dropped)).toBe(approvals(messages));
    },
  );
});
