import { describe, expect, it } from 'vitest';
import type { OpenAIChatMessage } from '../../src/formats/openai-chat/openai-chat-types.js';
import { validateOpenAIChat } from '../../src/formats/openai-chat/validate-openai-chat.js';
import { repairHistory } from '../../src/repair/repair-history.js';
import { validateHistory } from '../../src/validate/validate-history.js';
import {
  chatTemplatesAvailable,
  chatTemplateHistories,
  readChatTemplateFile,
  renderChatTemplate,
} from '../helpers/chat-templates.js';
import { sequentialIds } from '../helpers/lang-messages.js';

const weather = {
  id: 'call_1',
  type: 'function' as const,
  function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
};

const addMissingCalls = (
  messages: readonly unknown[],
  options: { readonly knownCalls?: Parameters<typeof repairHistory>[1]['knownCalls'] } = {},
) =>
  repairHistory(messages, {
    format: 'openai-chat',
    preset: 'add-missing-calls',
    generateId: sequentialIds('id'),
    ...options,
  });

describe("repairHistory with preset 'add-missing-calls'", () => {
  it('inserts the call turn before an orphan tool message, taking the name from it', () => {
    const messages: OpenAIChatMessage[] = [
      { role: 'user', content: 'Weather?' },
      { role: 'assistant', content: 'Let me check.' },
      { role: 'tool', tool_call_id: 'call_9', name: 'get_weather', content: 'sunny' },
    ];
    const input = structuredClone(messages);
    const call = {
      id: 'call_9',
      type: 'function',
      function: { name: 'get_weather', arguments: '{}' },
    };
    expect(addMissingCalls(messages)).toEqual({
      messages: [
        messages[0],
        messages[1],
        { role: 'assistant', content: null, tool_calls: [call] },
        messages[2],
      ],
      fixes: [
        {
          kind: 'synthesized-call',
          messageIndex: 2,
          partIndex: 0,
          callId: 'call_9',
          fromIndex: 2,
          fromPartIndex: 0,
          name: 'get_weather',
          arguments: {},
          placement: 'new-turn',
          guessed: { name: false, arguments: true },
          message:
            'The result at messages[2] answered no call; a call of "get_weather" was added in a new assistant turn before it.',
        },
      ],
      warnings: [],
    });
    expect(messages).toEqual(input);
  });

  it("takes name and arguments from an earlier call with the same id (a trimmed window's answer re-sent)", () => {
    const messages: OpenAIChatMessage[] = [
      { role: 'assistant', content: null, tool_calls: [weather] },
      { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
      { role: 'user', content: 'again?' },
      { role: 'tool', tool_call_id: 'call_1', content: 'still sunny' },
    ];
    const { messages: fixed, fixes } = addMissingCalls(messages);
    expect(fixed[3]).toEqual({ role: 'assistant', content: null, tool_calls: [weather] });
    expect(fixes.map((fix) => fix.kind === 'synthesized-call' && fix.guessed)).toEqual([
      { name: false, arguments: false },
    ]);
  });

  it('uses knownCalls, then names an unknowable tool unknown_tool and says so', () => {
    const orphan: OpenAIChatMessage = { role: 'tool', tool_call_id: 'call_1', content: 'x' };
    const knownCalls = [{ callId: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } }];
    expect(addMissingCalls([orphan], { knownCalls }).messages[0]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [weather],
    });
    expect(addMissingCalls([orphan]).fixes).toMatchObject([
      { kind: 'synthesized-call', name: 'unknown_tool', guessed: { name: true, arguments: true } },
    ]);
  });

  it('keeps answered results with their turn and moves the orphans of a mixed run after them', () => {
    const messages: OpenAIChatMessage[] = [
      { role: 'assistant', content: null, tool_calls: [weather] },
      { role: 'tool', tool_call_id: 'zzz', name: 'now', content: 'noon' },
      { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
    ];
    expect(addMissingCalls(messages).messages).toEqual([
      messages[0],
      messages[2],
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'zzz', type: 'function', function: { name: 'now', arguments: '{}' } }],
      },
      messages[1],
    ]);
  });

  it('gives tool messages without an id, or repeating one, a fresh id and reports the renaming', () => {
    const messages: OpenAIChatMessage[] = [
      { role: 'tool', tool_call_id: '', name: 'now', content: 'a' },
      { role: 'tool', tool_call_id: 'k', name: 'now', content: 'b' },
      { role: 'tool', tool_call_id: 'k', name: 'now', content: 'c' },
    ];
    const { messages: fixed, fixes } = addMissingCalls(messages);
    expect(fixed.slice(1)).toEqual([
      { role: 'tool', tool_call_id: 'id1', name: 'now', content: 'a' },
      { role: 'tool', tool_call_id: 'k', name: 'now', content: 'b' },
      { role: 'tool', tool_call_id: 'id2', name: 'now', content: 'c' },
    ]);
    expect(
      fixes.flatMap((fix) => (fix.kind === 'rewrote-call-id' ? [[fix.from, fix.to]] : [])),
    ).toEqual([
      ['', 'id1'],
      ['k', 'id2'],
    ]);
  });

  it('changes nothing else: a missing result gets no placeholder under this preset', () => {
    const messages: OpenAIChatMessage[] = [
      { role: 'assistant', content: null, tool_calls: [weather] },
      { role: 'user', content: 'never mind' },
      { role: 'tool', tool_call_id: 'x', name: 'now', content: 'noon' },
    ];
    const { messages: fixed, fixes } = addMissingCalls(messages);
    expect(fixes.map((fix) => fix.kind)).toEqual(['synthesized-call']);
    expect(fixed.slice(0, 2)).toEqual(messages.slice(0, 2));
    expect(fixed[0]).toBe(messages[0]);
  });

  it('Gemini: an orphan in the first of two user contents of results waits until after the second, which answers the call turn before both', () => {
    const call = (id: string) => ({ functionCall: { id, name: 'get_weather', args: {} } });
    const answer = (id: string) => ({
      functionResponse: { id, name: 'get_weather', response: { output: '' } },
    });
    const messages = [
      { role: 'user', parts: [{ text: 'next' }] },
      { role: 'model', parts: [call('call_a'), call('call_b')] },
      { role: 'user', parts: [answer('call_x')] },
      { role: 'user', parts: [answer('call_a'), answer('call_b')] },
    ];
    const once = repairHistory(messages, { format: 'gemini', preset: 'add-missing-calls' });
    expect(once.messages.slice(0, 3)).toEqual([messages[0], messages[1], messages[3]]);
    expect(once.messages[3]).toMatchObject({ role: 'model', parts: [call('call_x')] });
    expect(once.messages[2]).toBe(messages[3]);
    expect(once.messages[4]).toEqual(messages[2]);
    expect(once.fixes).toMatchObject([
      { kind: 'synthesized-call', callId: 'call_x', messageIndex: 3, fromIndex: 2 },
    ]);
    expect(validateHistory(once.messages, { format: 'gemini' })).toMatchObject({ ok: true });
    // A second pass finds every result answered: the call turn before the run still answers it.
    const twice = repairHistory(once.messages, { format: 'gemini', preset: 'add-missing-calls' });
    expect(twice).toEqual({ messages: once.messages, fixes: [], warnings: [] });
  });

  it('rejects input that is not an array of messages, naming the index', () => {
    expect(() => addMissingCalls('nope' as unknown as unknown[])).toThrow(
      expect.objectContaining({ code: 'invalid-input' }),
    );
    expect(() => addMissingCalls([null])).toThrow('messages[0]');
  });

  it('rejects an unknown preset', () => {
    expect(() => repairHistory([], { format: 'openai-chat', preset: 'nope' as 'all' })).toThrow(
      expect.objectContaining({ code: 'invalid-input' }),
    );
  });

  describe.skipIf(!chatTemplatesAvailable).each(['gpt-oss-120b.jinja', 'minimax-m2.jinja'])(
    'checked by the real %s chat template',
    (file) => {
      const template = readChatTemplateFile(file);
      it.each(['b_orphan_after_user', 'b2_orphan_after_text'])(
        '%s: the template raises on the input and renders the output',
        (name) => {
          const input = chatTemplateHistories.cases[name] as unknown as OpenAIChatMessage[];
          expect(() => renderChatTemplate(template, input)).toThrow(
            'Message has tool role, but there was no previous assistant message with a tool call!',
          );
          const { messages: fixed } = addMissingCalls(input);
          expect(validateOpenAIChat(fixed)).toEqual({ ok: true, issues: [] });
          expect(renderChatTemplate(template, fixed)).toContain('get_weather');
        },
      );
    },
  );
});

describe("preset 'add-missing-calls' on a run of results messages", () => {
  it('puts the new turn after an answered result that follows the orphan in the same run (Gemini)', () => {
    const call = (id: string) => ({ functionCall: { id, name: 'get_weather', args: {} } });
    const response = (id: string) => ({
      role: 'user',
      parts: [{ functionResponse: { id, name: 'get_weather', response: {} } }],
    });
    const messages = [
      { role: 'user', parts: [{ text: 'Weather?' }] },
      { role: 'model', parts: [{ thoughtSignature: 'c2ln0', ...call('call_a') }] },
      response('orphan_1'),
      response('call_a'),
    ];
    const once = repairHistory(messages, { format: 'gemini', preset: 'add-missing-calls' });
    expect(once.messages).toEqual([
      messages[0],
      messages[1],
      messages[3],
      {
        role: 'model',
        parts: [{ ...call('orphan_1'), thoughtSignature: 'skip_thought_signature_validator' }],
      },
      messages[2],
    ]);
    expect(once.fixes.map((fix) => [fix.kind, fix.messageIndex, fix.callId])).toEqual([
      ['synthesized-call', 3, 'orphan_1'],
    ]);
    expect(
      repairHistory(once.messages, { format: 'gemini', preset: 'add-missing-calls' }).fixes,
    ).toEqual([]);
  });
});
