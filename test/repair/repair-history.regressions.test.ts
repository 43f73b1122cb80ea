import { describe, expect, it } from 'vitest';
import { repairHistory } from '../../src/repair/repair-history.js';
import { validateHistory } from '../../src/validate/validate-history.js';

/** Regressions of issue 9: each test is named after the edge case it pins down. */
describe('repairHistory regressions', () => {
  it('keeps untouched argument text like \'{ "x": 1 }\' as it was when repairing for another provider', () => {
    const call = {
      role: 'assistant',
      content: null,
      tool_calls: [
        { function: { arguments: '{ "x": 1 }', name: 'f' }, type: 'function', id: 'call_1' },
      ],
    };
    const answer = { tool_call_id: 'call_1', role: 'tool', content: 'ok', extra: { kept: true } };
    const orphan = { role: 'tool', tool_call_id: 'call_9', content: 'late' };
    const messages = [
      { role: 'user', content: 'go' },
      call,
      answer,
      { role: 'user', content: 'more' },
      orphan,
    ];
    const { messages: repaired, fixes } = repairHistory(messages, {
      format: 'openai-chat',
      provider: 'anthropic',
    });
    expect(fixes.map((fix) => fix.kind)).toEqual(['synthesized-call']);
    for (let index = 0; index < 4; index++) expect(repaired[index]).toBe(messages[index]);
    expect(JSON.stringify(repaired[1])).toBe(JSON.stringify(call));
  });

  it('keeps a valid Responses prefix in its own item shape when repairing for another provider', () => {
    const messages = [
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'go' }] },
      {
        arguments: '{ "q" : "a" }',
        name: 'search',
        call_id: 'call_1',
        type: 'function_call',
        id: 'fc_1',
        status: 'completed',
      },
      { type: 'function_call_output', call_id: 'call_1', output: 'found' },
      {
        type: 'message',
        role: 'assistant',
        content: [{ type: 'output_text', text: 'done', annotations: [] }],
      },
      { type: 'function_call', call_id: 'call_2', name: 'search', arguments: '{}' },
    ];
    const before = messages.map((message) => JSON.stringify(message));
    const { messages: repaired, fixes } = repairHistory(messages, {
      format: 'openai-responses',
      provider: 'anthropic',
    });
    expect(fixes.map((fix) => fix.kind)).toEqual(['inserted-placeholder']);
    expect(repaired.slice(0, 5).map((message) => JSON.stringify(message))).toEqual(before);
  });

  it('puts a call synthesized after valid Anthropic model text in a new assistant message, leaving that message as it was', () => {
    const text = { role: 'assistant', content: [{ type: 'text', text: 'Checking.' }] };
    const messages = [
      { role: 'user', content: 'Weather?' },
      text,
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'sunny' }],
      },
    ];
    const { messages: repaired, fixes } = repairHistory(messages, { format: 'anthropic' });
    expect(repaired).toEqual([
      messages[0],
      text,
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'toolu_1', name: 'unknown_tool', input: {} }],
      },
      messages[2],
    ]);
    expect(repaired[1]).toBe(text);
    expect(fixes).toMatchObject([
      { kind: 'synthesized-call', placement: 'new-turn', messageIndex: 2 },
    ]);
    expect(validateHistory(repaired, { format: 'anthropic' }).ok).toBe(true);
  });

  it('places every rewritten id of one Chat turn of 20k calls bound for Mistral at its own tool_calls index', () => {
    // Each fix's place was found by counting the calls before it: quadratic in the turn's size.
    const calls = Array.from({ length: 20_000 }, (_, index) => ({
      id: `call_${String(index)}`,
      type: 'function' as const,
      function: { name: 'f', arguments: '{}' },
    }));
    const messages = [
      { role: 'user', content: 'go' },
      { role: 'assistant', content: 'Calling.', tool_calls: calls },
      ...calls.map((call) => ({ role: 'tool', tool_call_id: call.id, content: 'ok' })),
    ];
    const { fixes } = repairHistory(messages, { format: 'openai-chat', provider: 'mistral' });
    const calledAt = fixes.filter((fix) => fix.messageIndex === 1);
    expect(calledAt.length).toBe(20_000);
    expect(calledAt.every((fix, index) => fix.partIndex === index)).toBe(true);
    expect(calledAt.map((fix) => (fix.kind === 'rewrote-call-id' ? fix.from : ''))).toEqual(
      calls.map((call) => call.id),
    );
  });

  it('repairs 1,002 Anthropic turns whose tool_use ids are all call_0, in linear time', () => {
    const messages: unknown[] = [];
    for (let turn = 0; turn < 1002; turn++) {
      messages.push({
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'call_0', name: 'f', input: {} }],
      });
      messages.push({
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'call_0', content: 'ok' }],
      });
    }
    const { messages: repaired, fixes } = repairHistory(messages, { format: 'anthropic' });
    expect(fixes).toHaveLength(1001);
    expect(fixes.every((fix) => fix.kind === 'rewrote-call-id')).toBe(true);
    expect(validateHistory(repaired, { format: 'anthropic' })).toEqual({ ok: true, issues: [] });
    expect(new Set(fixes.map((fix) => fix.callId)).size).toBe(1001);
  });

  it('returns a valid aiwrapper history bound for OpenAI after its one validation, as it is', () => {
    const messages = [
      { role: 'user', items: [{ type: 'text', text: 'go' }] },
      { role: 'assistant', items: [{ type: 'tool', callId: 'call_1', name: 'f', arguments: {} }] },
      {
        role: 'tool-results',
        items: [{ type: 'tool-result', callId: 'call_1', name: 'f', result: 1 }],
      },
    ];
    for (const provider of ['openai-chat', 'openai-responses'] as const) {
      const result = repairHistory(messages, { format: 'aiwrapper', provider });
      expect(result).toEqual({ messages, fixes: [], warnings: [] });
      result.messages.forEach((message, index) => {
        expect(message).toBe(messages[index]);
      });
    }
    // An id the provider refuses is still found and fixed.
    const long = structuredClone(messages);
    const id = 'x'.repeat(50);
    (long[1]?.items[0] as { callId: string }).callId = id;
    (long[2]?.items[0] as { callId: string }).callId = id;
    expect(
      repairHistory(long, { format: 'aiwrapper', provider: 'openai-chat' }).fixes.map(
        (fix) => fix.kind,
      ),
    ).toEqual(['rewrote-call-id']);
  });

  it("warns of the last assistant answer for format 'openai-chat' with provider 'mistral' as format 'mistral' does", () => {
    const messages = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'hello' },
    ];
    const own = repairHistory(messages, { format: 'mistral' });
    const chat = repairHistory(messages, { format: 'openai-chat', provider: 'mistral' });
    expect(own.warnings.map((warning) => [warning.code, warning.messageIndex])).toEqual([
      ['unrepaired-issue', 1],
    ]);
    expect(chat).toEqual(own);
  });

  it('keeps the other items of a Responses turn as they were when a repeated call id in it is rewritten', () => {
    const first = { type: 'function_call', call_id: 'call_0', name: 'f', arguments: '{}' };
    const texts = [
      { role: 'assistant', content: 'one' },
      { role: 'assistant', content: 'two' },
    ];
    const again = { type: 'function_call', call_id: 'call_0', name: 'f', arguments: '{}' };
    const input = [{ role: 'user', content: 'go' }, first, ...texts, again];
    const { messages, fixes } = repairHistory(input, { format: 'openai-responses' });
    expect(fixes.map((fix) => fix.kind)).toEqual([
      'rewrote-call-id',
      'inserted-placeholder',
      'inserted-placeholder',
    ]);
    expect(messages.slice(0, 4)).toEqual(input.slice(0, 4));
    messages.slice(0, 4).forEach((item, index) => {
      expect(item).toBe(input[index]);
    });
  });
});
