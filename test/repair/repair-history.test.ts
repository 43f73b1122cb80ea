import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MESSAGE_FORMATS, type MessageFormat } from '../../src/core/format.js';
import { UnsupportedFormatError } from '../../src/errors/tool-history-error.js';
import type { HistoryFix } from '../../src/repair/history-fix.js';
import { repairFormatHistory, repairHistory } from '../../src/repair/repair-history.js';
import { restoreIds } from '../../src/repair/restore-ids.js';
import { validateHistory } from '../../src/validate/validate-history.js';
import {
  chatTemplatesAvailable,
  chatTemplateHistories as histories,
} from '../helpers/chat-templates.js';

// Needs ../shared/chat-templates: skipped, with a printed reason, in a clone on its own.
const withTemplates = it.skipIf(!chatTemplatesAvailable);

interface Expected {
  readonly input: unknown[];
  readonly expected: {
    readonly messages: unknown[];
    readonly fixes: readonly (Omit<HistoryFix, 'message'> & { readonly message: string })[];
  };
}

/**
 * __fixtures__/broken-neutral.ts written in each format, and the repair reviewed by hand: the
 * orphan at the start gets its call (Gemini: after a user turn), the missing result a
 * placeholder, the duplicate is dropped and kept in its fix, Mistral ids become 9 characters and
 * an assistant message comes between results and a user message. Fix sentences are checked in
 * repair-tool-history.test.ts.
 */
const cases = JSON.parse(
  readFileSync(new URL('__fixtures__/repair-history.expected.json', import.meta.url), 'utf8'),
) as Record<MessageFormat, Expected>;

// UI messages cannot hold the fixture's orphan and duplicate results: test/formats/vercel-ui.
const FIXTURE_FORMATS = MESSAGE_FORMATS.filter((format) => format !== 'vercel-ui');

describe('repairHistory', () => {
  it.each(FIXTURE_FORMATS)(
    'repairs a broken %s history and reports every fix with indexes into its arrays',
    (format) => {
      const { input, expected } = cases[format];
      const before = structuredClone(input);
      expect(repairHistory(input, { format })).toEqual({
        messages: expected.messages,
        fixes: expected.fixes.map((fix) => ({ ...fix, message: expect.any(String) })),
        // A synthesized Gemini call turn gets the documented placeholder thought signature.
        warnings:
          format === 'gemini'
            ? [
                {
                  code: 'synthesized-thought-signature',
                  messageIndex: 1,
                  callId: 'lost1',
                  message: expect.any(String),
                },
              ]
            : [],
      });
      expect(input).toEqual(before);
    },
  );

  it.each(FIXTURE_FORMATS)('reports the fix kinds expected for %s', (format) => {
    const kinds = repairHistory(cases[format].input, { format }).fixes.map((fix) => fix.kind);
    const expected: Record<Exclude<MessageFormat, 'vercel-ui'>, readonly string[]> = {
      'openai-chat': ['synthesized-call', 'dropped-duplicate-result', 'inserted-placeholder'],
      'openai-responses': ['synthesized-call', 'inserted-placeholder', 'dropped-duplicate-result'],
      anthropic: ['synthesized-call', 'inserted-placeholder', 'dropped-duplicate-result'],
      gemini: [
        'inserted-user-turn',
        'synthesized-call',
        'inserted-placeholder',
        'dropped-duplicate-result',
      ],
      mistral: [
        'rewrote-call-id',
        'synthesized-call',
        'inserted-assistant-turn',
        'rewrote-call-id',
        'dropped-duplicate-result',
        'inserted-placeholder',
        'inserted-assistant-turn',
      ],
      bedrock: ['synthesized-call', 'inserted-placeholder', 'dropped-duplicate-result'],
      aiwrapper: ['synthesized-call', 'inserted-placeholder', 'dropped-duplicate-result'],
      vercel: ['synthesized-call', 'inserted-placeholder', 'dropped-duplicate-result'],
    };
    expect([...kinds].sort()).toEqual([...expected[format]].sort());
  });

  withTemplates('returns a history its validator accepts unchanged, as a new array', () => {
    const messages = histories.cases.a_valid ?? [];
    const result = repairHistory(messages, { format: 'openai-chat' });
    expect(result).toEqual({ messages, fixes: [], warnings: [] });
    expect(result.messages).not.toBe(messages);
  });

  it('turns an orphan into text under orphanResults: to-text', () => {
    const messages = [
      { role: 'tool', tool_call_id: 'x', content: 'late' },
      { role: 'user', content: 'hi' },
    ];
    expect(
      repairHistory(messages, { format: 'openai-chat', orphanResults: 'to-text' }).messages,
    ).toEqual([
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: 'Result of a tool for call "x", whose call is not in this conversation:\nlate',
          },
          { type: 'text', text: 'hi' },
        ],
      },
    ]);
  });

  it('repairs for another provider than the format when given a provider', () => {
    const messages = [
      {
        role: 'assistant',
        items: [{ type: 'tool', callId: 'call_abc123xyz', name: 'f', arguments: {} }],
      },
      {
        role: 'tool-results',
        items: [{ type: 'tool-result', callId: 'call_abc123xyz', name: 'f', result: 'ok' }],
      },
    ];
    const { messages: repaired, fixes } = repairHistory(messages, {
      format: 'aiwrapper',
      provider: 'mistral',
    });
    expect(fixes.map((fix) => fix.kind)).toEqual(['rewrote-call-id']);
    expect(JSON.stringify(repaired)).not.toContain('call_abc123xyz');
  });

  it('throws UnsupportedFormatError for an unknown format', () => {
    expect(() => repairHistory([], { format: 'cohere' as MessageFormat })).toThrow(
      UnsupportedFormatError,
    );
  });
});

describe('restoreIds', () => {
  withTemplates(
    'gives the calls and results of a repaired Mistral history their original ids back',
    () => {
      const messages = histories.cases.d_bad_id_format ?? [];
      const { messages: repaired, fixes } = repairHistory(messages, { format: 'mistral' });
      expect(JSON.stringify(repaired)).not.toContain('call_abc123xyz');
      const restored = restoreIds(repaired, fixes, { format: 'mistral' });
      expect(restored).toEqual(
        messages.map((message) =>
          message.role === 'tool' ? { ...message, name: 'get_weather' } : message,
        ),
      );
    },
  );

  it.each(FIXTURE_FORMATS)(
    'returns a valid %s history in a new array of its own messages, and to the package as it is',
    (format) => {
      const valid = cases[format].expected.messages;
      const repaired = repairHistory(valid, { format });
      expect(repaired).toEqual({ messages: valid, fixes: [], warnings: [] });
      expect(repaired.messages).not.toBe(valid);
      (repaired.messages as unknown[]).forEach((message, index) => {
        expect(message).toBe(valid[index]);
      });
      for (const preset of ['all', 'add-missing-calls'] as const)
        expect(repairFormatHistory(valid, { format, preset }).messages).toBe(valid);
    },
  );

  it('returns a valid aiwrapper history as it is to the package under a provider it meets', () => {
    const valid = cases.aiwrapper.expected.messages;
    const repaired = repairFormatHistory(valid, { format: 'aiwrapper', provider: 'openai-chat' });
    expect(repaired).toEqual({ messages: valid, fixes: [], warnings: [] });
    expect(repaired.messages).toBe(valid);
  });

  it('returns a copy when no id was rewritten', () => {
    const messages = [{ role: 'user', content: 'hi' }];
    expect(restoreIds(messages, [], { format: 'openai-chat' })).toEqual(messages);
  });
});

/** Repairs `input` as `format`, checks the input was refused and is untouched, and the output validates. */
function repairRefused(input: unknown[], format: MessageFormat): ReturnType<typeof repairHistory> {
  expect(validateHistory(input, { format }).ok).toBe(false);
  const before = structuredClone(input);
  const repaired = repairHistory(input, { format });
  expect(input).toEqual(before);
  expect(validateHistory(repaired.messages as unknown[], { format })).toEqual({
    ok: true,
    issues: [],
  });
  return repaired;
}

describe('repairHistory: empty ids, Gemini response ids, Anthropic results split over two messages', () => {
  const rewroteEmptyId = (messageIndex: number, partIndex: number): object => ({
    kind: 'rewrote-call-id',
    messageIndex,
    partIndex,
    from: '',
    cause: 'empty',
    callId: expect.stringMatching(/.+/),
    to: expect.stringMatching(/.+/),
  });

  it('gives an empty openai-chat call id an id, in the call and its result', () => {
    const fn = { name: 'get_weather', arguments: '{}' };
    const input = [
      { role: 'user', content: 'hi' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_ok', type: 'function', function: fn },
          { id: '', type: 'function', function: fn },
        ],
      },
      { role: 'tool', tool_call_id: '', content: 'empty' },
      { role: 'tool', tool_call_id: 'call_ok', content: 'ok' },
    ];
    const { messages, fixes } = repairRefused(input, 'openai-chat');
    expect(fixes).toEqual([expect.objectContaining(rewroteEmptyId(1, 1))]);
    const id = fixes[0]?.kind === 'rewrote-call-id' ? fixes[0].to : '';
    expect(messages).toEqual([
      input[0],
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_ok', type: 'function', function: fn },
          { id, type: 'function', function: fn },
        ],
      },
      { role: 'tool', tool_call_id: id, content: 'empty' },
      input[3],
    ]);
  });

  it('gives an empty aiwrapper call id an id, in the call and its result', () => {
    const tool = (callId: string): object => ({
      type: 'tool',
      callId,
      name: 'get_weather',
      arguments: {},
    });
    const result = (callId: string): object => ({
      type: 'tool-result',
      callId,
      name: 'get_weather',
      result: '21C',
    });
    const input = [
      { role: 'user', items: [{ type: 'text', text: 'go' }] },
      { role: 'assistant', items: [tool('call_0'), tool('')] },
      { role: 'tool-results', items: [result('call_0'), result('')] },
    ];
    const { messages, fixes } = repairRefused(input, 'aiwrapper');
    expect(fixes).toEqual([expect.objectContaining(rewroteEmptyId(1, 1))]);
    const id = fixes[0]?.kind === 'rewrote-call-id' ? fixes[0].to : '';
    expect(messages).toEqual([
      input[0],
      { role: 'assistant', items: [tool('call_0'), tool(id)] },
      { role: 'tool-results', items: [result('call_0'), result(id)] },
    ]);
  });

  it('gives an empty Vercel call id an id, in the call and its result', () => {
    const toolCall = (toolCallId: string): object => ({
      type: 'tool-call',
      toolCallId,
      toolName: 'get_weather',
      input: {},
    });
    const toolResult = (toolCallId: string): object => ({
      type: 'tool-result',
      toolCallId,
      toolName: 'get_weather',
      output: { type: 'text', value: '21C' },
    });
    const input = [
      { role: 'user', content: 'go' },
      { role: 'assistant', content: [toolCall('call_0'), toolCall('')] },
      { role: 'tool', content: [toolResult('call_0'), toolResult('')] },
    ];
    const { messages, fixes } = repairRefused(input, 'vercel');
    expect(fixes).toEqual([expect.objectContaining(rewroteEmptyId(1, 1))]);
    const id = fixes[0]?.kind === 'rewrote-call-id' ? fixes[0].to : '';
    expect(messages).toEqual([
      input[0],
      { role: 'assistant', content: [toolCall('call_0'), toolCall(id)] },
      { role: 'tool', content: [toolResult('call_0'), toolResult(id)] },
    ]);
  });

  describe('gemini', () => {
    const call = (id: string): object => ({ functionCall: { name: 'get_weather', args: {}, id } });
    const response = (id: string, temp: number): object => ({
      functionResponse: { name: 'get_weather', response: { temp_c: temp }, id },
    });
    const user = (...parts: object[]): object => ({ role: 'user', parts });
    const model = (...parts: object[]): object => ({ role: 'model', parts });

    it.each([
      [
        'whose id names no call of the call turn',
        [user({ text: 'go' }), model(call('call_1')), user(response('call_9', 21))],
        [21],
      ],
      [
        'that repeats the id of an answered call',
        [
          user({ text: 'go' }),
          model(call('call_1'), call('call_2')),
          user(response('call_1', 21), response('call_1', 14)),
        ],
        [21, 14],
      ],
    ])('repairs a function response %s, keeping every response', (_name, input, temps) => {
      const repaired = repairRefused(input, 'gemini');
      expect(repaired.fixes).not.toEqual([]);
      // Content is never lost: each response is in the output or kept whole in a fix.
      const kept = JSON.stringify(repaired);
      for (const temp of temps) expect(kept).toContain(`"temp_c":${String(temp)}`);
    });
  });

  it('leaves Anthropic results split over two user messages as they are: the API merges consecutive user turns', () => {
    const use = (id: string): object => ({
      type: 'tool_use',
      id,
      name: 'get_weather',
      input: { city: 'Paris' },
    });
    const result = (id: string): object => ({
      type: 'tool_result',
      tool_use_id: id,
      content: '21C',
    });
    const input = [
      { role: 'user', content: 'go' },
      { role: 'assistant', content: [use('toolu_1'), use('toolu_2')] },
      { role: 'user', content: [result('toolu_1')] },
      { role: 'user', content: [result('toolu_2')] },
    ];
    const { messages, fixes } = repairHistory(input, { format: 'anthropic' });
    expect(fixes).toEqual([]);
    expect(messages).toHaveLength(input.length);
    expect(messages.every((message, index) => message === input[index])).toBe(true);
  });
});

describe('repairHistory: where a fix says a result was', () => {
  it('names the second of two results messages for an orphan in it (aiwrapper joins them when reading)', () => {
    const messages = [
      { role: 'user', items: [{ type: 'text', text: 'weather?' }] },
      {
        role: 'assistant',
        items: [{ type: 'tool', callId: 'call_0', name: 'get_weather', arguments: {} }],
      },
      {
        role: 'tool-results',
        items: [{ type: 'tool-result', callId: 'call_0', name: 'get_weather', result: 'sunny' }],
      },
      {
        role: 'tool-results',
        items: [{ type: 'tool-result', callId: 'call_9', name: 'get_weather', result: 'rain' }],
      },
    ];
    const synthesized = repairHistory(messages, { format: 'aiwrapper' }).fixes.find(
      (fix) => fix.kind === 'synthesized-call',
    );
    expect(synthesized).toMatchObject({
      fromIndex: 3,
      fromPartIndex: 0,
      message: expect.stringContaining('answered no call') as unknown,
    });
  });
});
