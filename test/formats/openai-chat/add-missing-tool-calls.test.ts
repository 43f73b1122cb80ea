import { describe, expect, it } from 'vitest';
import { addMissingToolCalls } from '../../../src/formats/openai-chat/add-missing-tool-calls.js';
import type { OpenAIChatMessage } from '../../../src/formats/openai-chat/openai-chat-types.js';
import { validateOpenAIChat } from '../../../src/formats/openai-chat/validate-openai-chat.js';
import {
  chatTemplatesAvailable,
  chatTemplateHistories,
  readChatTemplateFile,
  renderChatTemplate,
} from '../../helpers/chat-templates.js';
import { sequentialIds } from '../../helpers/lang-messages.js';

const weather = {
  id: 'call_1',
  type: 'function' as const,
  function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
};

describe('addMissingToolCalls', () => {
  it('inserts the call turn before an orphan tool message, taking the name from it', () => {
    const messages: OpenAIChatMessage[] = [
      { role: 'user', content: 'Weather?' },
      { role: 'assistant', content: 'Let me check.' },
      { role: 'tool', tool_call_id: 'call_9', name: 'get_weather', content: 'sunny' },
    ];
    const input = structuredClone(messages);
    expect(addMissingToolCalls(messages)).toEqual({
      messages: [
        messages[0],
        messages[1],
        {
          role: 'assistant',
          content: '',
          tool_calls: [
            { id: 'call_9', type: 'function', function: { name: 'get_weather', arguments: '{}' } },
          ],
        },
        messages[2],
      ],
      inserted: [
        {
          messageIndex: 2,
          toolCalls: [
            { id: 'call_9', type: 'function', function: { name: 'get_weather', arguments: '{}' } },
          ],
          renamedIds: [],
          guessed: [{ callId: 'call_9', name: false, arguments: true }],
        },
      ],
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
    const { messages: fixed, inserted } = addMissingToolCalls(messages);
    expect(fixed[3]).toEqual({ role: 'assistant', content: '', tool_calls: [weather] });
    expect(inserted[0]?.guessed).toEqual([]);
  });

  it('uses knownCalls, then names an unknowable tool unknown_tool and says so', () => {
    const orphan: OpenAIChatMessage = { role: 'tool', tool_call_id: 'call_1', content: 'x' };
    expect(addMissingToolCalls([orphan], { knownCalls: [weather] }).messages[0]).toEqual({
      role: 'assistant',
      content: '',
      tool_calls: [weather],
    });
    expect(addMissingToolCalls([orphan]).inserted[0]?.guessed).toEqual([
      { callId: 'call_1', name: true, arguments: true },
    ]);
  });

  it('keeps answered results with their turn and moves the orphans of a mixed run after them', () => {
    const messages: OpenAIChatMessage[] = [
      { role: 'assistant', content: null, tool_calls: [weather] },
      { role: 'tool', tool_call_id: 'zzz', name: 'now', content: 'noon' },
      { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
    ];
    expect(addMissingToolCalls(messages).messages).toEqual([
      messages[0],
      messages[2],
      {
        role: 'assistant',
        content: '',
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
    const { messages: fixed, inserted } = addMissingToolCalls(messages, {
      generateId: sequentialIds('id'),
    });
    expect(fixed.slice(1)).toEqual([
      { role: 'tool', tool_call_id: 'id1', name: 'now', content: 'a' },
      { role: 'tool', tool_call_id: 'k', name: 'now', content: 'b' },
      { role: 'tool', tool_call_id: 'id2', name: 'now', content: 'c' },
    ]);
    expect(inserted[0]?.renamedIds).toEqual([
      ['', 'id1'],
      ['k', 'id2'],
    ]);
  });

  it('rejects input that is not an array of messages, naming the index', () => {
    expect(() => addMissingToolCalls('nope' as unknown as OpenAIChatMessage[])).toThrow(
      expect.objectContaining({ code: 'invalid-input' }),
    );
    expect(() => addMissingToolCalls([null as unknown as OpenAIChatMessage])).toThrow(
      'messages[0] is not a message object.',
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
          const { messages: fixed } = addMissingToolCalls(input);
          expect(validateOpenAIChat(fixed)).toEqual({ ok: true, issues: [] });
          expect(renderChatTemplate(template, fixed)).toContain('get_weather');
        },
      );
    },
  );
});
