import { describe, expect, it } from 'vitest';
import { repairOpenAIChatShape } from '../../../src/formats/openai-chat/repair-openai-chat-shape.js';
import { repairHistory } from '../../../src/repair/repair-history.js';
import { validateHistory } from '../../../src/validate/validate-history.js';

const user = (content: string): object => ({ role: 'user', content });
const call = (id: string, name = 'f', args: unknown = '{}'): object => ({
  id,
  type: 'function',
  function: { name, arguments: args },
});
const calls = (...toolCalls: object[]): object => ({
  role: 'assistant',
  content: null,
  tool_calls: toolCalls,
});
const result = (toolCallId: string, content = 'r'): object => ({
  role: 'tool',
  tool_call_id: toolCallId,
  content,
});

describe('repairHistory on Chat Completions shapes (issue #13)', () => {
  it('writes arguments given as an object as JSON text, and reports it', () => {
    const messages = [user('hi'), calls(call('c1', 'f', { a: 1 })), result('c1')];
    const repaired = repairHistory(messages, { format: 'openai-chat' });
    expect(repaired).toEqual({
      messages: [user('hi'), calls(call('c1', 'f', '{"a":1}')), result('c1')],
      fixes: [
        {
          kind: 'stringified-arguments',
          messageIndex: 1,
          partIndex: 0,
          callId: 'c1',
          message:
            'Wrote the arguments of the call at messages[1].tool_calls[0] as JSON text: OpenAI expects a string, not a JSON value.',
        },
      ],
      warnings: [],
    });
    expect(repaired.messages[0]).toBe(messages[0]);
    expect(repaired.messages[2]).toBe(messages[2]);
  });

  it('removes an empty tool_calls array from a text turn, and fills its null content', () => {
    const messages = [
      user('hi'),
      { role: 'assistant', content: null, tool_calls: [] },
      user('again'),
    ];
    expect(repairHistory(messages, { format: 'openai-chat' })).toEqual({
      messages: [user('hi'), { role: 'assistant', content: '' }, user('again')],
      fixes: [
        {
          kind: 'removed-empty-tool-calls',
          messageIndex: 1,
          callId: '',
          message:
            'Removed the empty tool_calls array of messages[1]: OpenAI refuses an empty array, and a text turn needs none.',
        },
        {
          kind: 'filled-content',
          messageIndex: 1,
          callId: '',
          message:
            'Replaced content: null of messages[1] with an empty string: OpenAI refuses null content on an assistant message without tool calls.',
        },
      ],
      warnings: [],
    });
  });

  it('pairs a tool message without tool_call_id with the one unanswered call of its turn', () => {
    const messages = [
      user('hi'),
      calls(call('c1'), call('c2', 'g')),
      result('c1'),
      { role: 'tool', content: 'r2' },
    ];
    expect(repairHistory(messages, { format: 'openai-chat' })).toEqual({
      messages: [...messages.slice(0, 3), { role: 'tool', content: 'r2', tool_call_id: 'c2' }],
      fixes: [
        {
          kind: 'added-tool-call-id',
          messageIndex: 3,
          callId: 'c2',
          message:
            'Gave the tool message at messages[3], which had no tool_call_id, the id "c2": it is the only unanswered call of the turn at messages[1].',
        },
      ],
      warnings: [],
    });
  });

  it('repairs an ambiguous tool message without tool_call_id as an orphan, per the orphanResults policy', () => {
    const messages = [
      user('hi'),
      calls(call('c1'), call('c2', 'g')),
      { role: 'tool', content: 'r' },
    ];
    const repaired = repairHistory(messages, { format: 'openai-chat', orphanResults: 'to-text' });
    expect(repaired.fixes.map((fix) => [fix.kind, fix.messageIndex, fix.callId])).toEqual([
      ['inserted-placeholder', 2, 'c1'],
      ['inserted-placeholder', 3, 'c2'],
      ['added-tool-call-id', 4, 'call_result_2'],
      ['result-to-text', 4, 'call_result_2'],
    ]);
    expect(repaired.messages[4]).toMatchObject({ role: 'user' });
    expect(validateHistory(repaired.messages, { format: 'openai-chat' }).ok).toBe(true);
  });

  it('drops a result repeated in its run and says so in the fix', () => {
    const messages = [user('hi'), calls(call('c1')), result('c1'), result('c1', 'again')];
    const { fixes } = repairHistory(messages, { format: 'openai-chat' });
    expect(fixes).toMatchObject([
      {
        kind: 'dropped-duplicate-result',
        fromIndex: 3,
        message:
          'The result at messages[3] answered call "c1" a second time; it was dropped and is kept in this fix.',
        result: { callId: 'c1', content: 'again' },
      },
    ]);
  });

  it('names a call with an empty name unknown_tool', () => {
    const messages = [user('hi'), calls(call('c1', '')), result('c1')];
    const repaired = repairHistory(messages, { format: 'openai-chat' });
    expect(repaired.messages[1]).toEqual(calls(call('c1', 'unknown_tool')));
    expect(repaired.fixes.map((fix) => fix.kind)).toEqual(['named-call']);
  });

  it('keeps reasoning_content byte-identical through a Chat to Chat repair', () => {
    const turn = {
      role: 'assistant',
      content: '',
      reasoning_content: 'Paris first, then London.',
      tool_calls: [call('c1')],
    };
    const messages = [user('hi'), turn, result('c1'), user('next'), calls(call('c2'))];
    const repaired = repairHistory(messages, { format: 'openai-chat' });
    expect(repaired.messages[1]).toBe(turn);
    expect(JSON.stringify(repaired.messages[1])).toBe(JSON.stringify(turn));
  });

  it('gives the current turn its reasoning_content for DeepSeek thinking mode, never another', () => {
    const messages = [
      user('first'),
      calls(call('old')),
      result('old'),
      user('second'),
      calls(call('c1')),
      result('c1'),
    ];
    const options = { format: 'openai-chat', provider: 'deepseek', thinking: true } as const;
    const repaired = repairHistory(messages, options);
    expect(repaired.messages[4]).toEqual({ ...calls(call('c1')), reasoning_content: '' });
    expect(repaired.messages[1]).toBe(messages[1]);
    expect(repaired.fixes.map((fix) => [fix.kind, fix.messageIndex])).toEqual([
      ['added-reasoning', 4],
    ]);
    expect(validateHistory(repaired.messages, options).ok).toBe(true);
  });

  it("repairs ids for OpenAI that DeepSeek's own rules keep", () => {
    const id = 'call_0_3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c';
    const messages = [user('hi'), calls(call(id)), result(id)];
    expect(repairHistory(messages, { format: 'openai-chat', provider: 'deepseek' }).fixes).toEqual(
      [],
    );
    expect(repairHistory(messages, { format: 'openai-chat' }).fixes.map((fix) => fix.kind)).toEqual(
      ['rewrote-call-id'],
    );
  });
});

describe('repairOpenAIChatShape', () => {
  it('returns the input array itself when there is nothing to fix', () => {
    const messages = [user('hi'), calls(call('c1')), result('c1')];
    expect(repairOpenAIChatShape(messages)).toEqual({ messages, fixes: [] });
    expect(repairOpenAIChatShape(messages).messages).toBe(messages);
  });

  it('gives tool messages after no call turn new ids that no call has', () => {
    const messages = [user('hi'), { role: 'tool', content: 'a' }, result('call_result_1')];
    expect(repairOpenAIChatShape(messages).messages[1]).toEqual({
      role: 'tool',
      content: 'a',
      tool_call_id: 'call_result_1_1',
    });
  });
});
