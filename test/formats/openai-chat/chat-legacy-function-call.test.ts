import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateOpenAIChat } from '../../../src/formats/openai-chat/validate-openai-chat.js';
import { fromOpenAIChat } from '../../../src/formats/openai-chat/from-openai-chat.js';
import { toOpenAIChat } from '../../../src/formats/openai-chat/to-openai-chat.js';
import { repairHistory } from '../../../src/index.js';

describe('validateOpenAIChat: legacy function_call', () => {
  it('accepts content: null beside a function_call, as the API reference documents', () => {
    const messages: ChatCompletionMessageParam[] = [
      { role: 'user', content: 'go' },
      { role: 'assistant', content: null, function_call: { name: 'now', arguments: '{}' } },
      { role: 'function', name: 'now', content: '12:00' },
    ];
    expect(validateOpenAIChat(messages)).toEqual({ ok: true, issues: [] });
  });

  it('still refuses content: null with neither calls nor a function_call', () => {
    const messages = [
      { role: 'user', content: 'go' },
      { role: 'assistant', content: null },
    ];
    expect(validateOpenAIChat(messages).issues.map((issue) => issue.code)).toEqual([
      'invalid-content',
    ]);
  });
});

describe('legacy function_call pairs: read, write, repair', () => {
  const pair = [
    { role: 'user', content: 'go' },
    { role: 'assistant', content: null, function_call: { name: 'now', arguments: '{"tz":"UTC"}' } },
    { role: 'function', name: 'now', content: '12:00' },
    { role: 'assistant', content: 'It is noon.' },
  ];

  it('reads the function message as the result of the call before it', () => {
    const [, call, result] = fromOpenAIChat(pair).messages;
    expect(call).toMatchObject({
      role: 'assistant',
      parts: [
        { type: 'tool-call', callId: 'function_call', name: 'now', arguments: { tz: 'UTC' } },
      ],
    });
    expect(result).toMatchObject({
      role: 'tool',
      results: [{ callId: 'function_call', name: 'now', content: '12:00' }],
    });
  });

  it('writes the pair back as function_call and role function', () => {
    const { messages, warnings } = toOpenAIChat(fromOpenAIChat(pair).messages);
    expect(messages).toEqual(pair);
    expect(warnings).toEqual([]);
  });

  it('reports a function message with no function_call before it as an orphan', () => {
    const lone = [
      { role: 'user', content: 'go' },
      { role: 'function', name: 'now', content: '1' },
    ];
    expect(
      validateOpenAIChat(lone).issues.map((issue) => [issue.code, issue.messageIndex]),
    ).toEqual([['orphan-tool-result', 1]]);
    // Repair gives the orphan its call, in the legacy shape: no `tool` message appears.
    const { messages } = repairHistory(lone, { format: 'openai-chat' });
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'function']);
    expect(messages[1]).toMatchObject({ function_call: { name: 'now' } });
    expect(messages[2]).toBe(lone[1]);
    expect(validateOpenAIChat(messages)).toEqual({ ok: true, issues: [] });
  });

  it('answers an unanswered function_call with a function message, never a tool message', () => {
    const open = pair.slice(0, 2);
    expect(validateOpenAIChat(open).issues.map((issue) => issue.code)).toEqual([
      'missing-tool-result',
    ]);
    const { messages, fixes } = repairHistory(open, { format: 'openai-chat' });
    expect(fixes.map((fix) => fix.kind)).toContain('inserted-placeholder');
    expect(messages.slice(0, 2)).toEqual(open);
    expect(messages[2]).toMatchObject({ role: 'function', name: 'now' });
    expect(messages.some((message) => message.role === 'tool')).toBe(false);
    expect(validateOpenAIChat(messages)).toEqual({ ok: true, issues: [] });
    expect(repairHistory(messages, { format: 'openai-chat' }).fixes).toEqual([]);
  });

  it('leaves a valid legacy history untouched by repair', () => {
    const { messages, fixes } = repairHistory(pair, { format: 'openai-chat' });
    expect(fixes).toEqual([]);
    messages.forEach((message, index) => {
      expect(message).toBe(pair[index]);
    });
  });
});

describe('legacy function_call pairs: properties', () => {
  const name = fc.constantFrom('now', 'get_weather', 'f');
  const legacyTurn = fc
    .record({ name, args: fc.dictionary(fc.string(), fc.integer()), content: fc.string() })
    .map(({ name: fn, args, content }) => [
      {
        role: 'assistant',
        content: null,
        function_call: { name: fn, arguments: JSON.stringify(args) },
      },
      { role: 'function', name: fn, content },
    ]);
  const toolTurn = fc.record({ name, content: fc.string() }).map(({ name: fn, content }) => [
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: fn, arguments: '{}' } }],
    },
    { role: 'tool', tool_call_id: 'call_1', content },
  ]);
  const userTurn = fc.string().map((content) => [{ role: 'user', content }]);
  const history = fc
    .array(fc.oneof(legacyTurn, toolTurn, userTurn), { maxLength: 6 })
    .map((turns) => [{ role: 'user', content: 'go' }, ...turns.flat()]);

  it('validate, read and write back mixed legacy and tool_calls histories unchanged', () => {
    fc.assert(
      fc.property(history, (messages) => {
        expect(validateOpenAIChat(messages)).toEqual({ ok: true, issues: [] });
        const written = toOpenAIChat(fromOpenAIChat(messages).messages);
        expect(written.messages).toEqual(messages);
        expect(written.warnings).toEqual([]);
      }),
    );
  });

  it('repairs a history with legacy pairs cut anywhere into one that validates, idempotently, with no tool message for a legacy call', () => {
    fc.assert(
      fc.property(history, fc.nat(), (messages, cut) => {
        const broken = messages.filter(
          (_, index) => index !== cut % messages.length || index === 0,
        );
        const { messages: repaired } = repairHistory(broken, { format: 'openai-chat' });
        expect(validateOpenAIChat(repaired)).toEqual({ ok: true, issues: [] });
        expect(repairHistory(repaired, { format: 'openai-chat' }).fixes).toEqual([]);
        repaired.forEach((message, index) => {
          if (message.role !== 'tool') return;
          const before = repaired[index - 1];
          expect(before?.role === 'assistant' && 'function_call' in before).toBe(false);
        });
      }),
    );
  });
});
