import { describe, expect, it } from 'vitest';
import { validateOpenAIResponses } from '../../../src/formats/openai-responses/validate-openai-responses.js';
import { repairHistory } from '../../../src/repair/repair-history.js';
import { validateHistory } from '../../../src/validate/validate-history.js';
import { trimHistory } from '../../../src/trim/trim-history.js';

const user = (text: string): object => ({ role: 'user', content: text });
const reasoning = (id: string): object => ({
  type: 'reasoning',
  id,
  summary: [],
  encrypted_content: `enc-${id}`,
});
const call = (callId: string, id?: string): object => ({
  type: 'function_call',
  call_id: callId,
  name: 'get_weather',
  arguments: '{"city":"Paris"}',
  ...(id === undefined ? {} : { id }),
});
const output = (callId: string): object => ({
  type: 'function_call_output',
  call_id: callId,
  output: '21C',
});
const answer = { role: 'assistant', content: 'It is 21C.' };

const orphanSentence = (id: string): string =>
  `Item '${id}' of type 'reasoning' was provided without its required following item.`;
const missingSentence = (id: string): string =>
  `Item '${id}' of type 'function_call' was provided without its required 'reasoning' item.`;

describe('validateOpenAIResponses: reasoning items', () => {
  it('accepts reasoning before its calls, parallel calls and a final message', () => {
    const input = [
      user('weather?'),
      reasoning('rs_1'),
      call('call_1', 'fc_1'),
      call('call_2', 'fc_2'),
      output('call_1'),
      output('call_2'),
      reasoning('rs_2'),
      answer,
    ];
    expect(validateOpenAIResponses(input, { model: 'gpt-5' })).toEqual({ ok: true, issues: [] });
  });

  it("refuses a reasoning item with nothing after it in its run, in OpenAI's words", () => {
    const input = [user('weather?'), reasoning('rs_1'), user('hello?')];
    expect(validateOpenAIResponses(input)).toEqual({
      ok: false,
      issues: [
        {
          code: 'orphan-reasoning',
          messageIndex: 1,
          reasoningId: 'rs_1',
          param: 'input',
          message: orphanSentence('rs_1'),
        },
      ],
    });
    expect(validateOpenAIResponses([user('weather?'), reasoning('rs_9')]).issues).toEqual([
      expect.objectContaining({ code: 'orphan-reasoning', messageIndex: 1 }),
    ]);
  });

  it('does not report a reasoning item without an id (stateless replays), nor one before another', () => {
    const bare = { type: 'reasoning', summary: [], encrypted_content: 'enc' };
    expect(validateOpenAIResponses([user('hi'), bare, user('again')])).toEqual({
      ok: true,
      issues: [],
    });
    expect(
      validateOpenAIResponses([user('hi'), reasoning('rs_1'), reasoning('rs_2'), answer]),
    ).toEqual({ ok: true, issues: [] });
  });

  it('reports every one of two reasoning items in a row with nothing after them, and one repair drops both', () => {
    const input = [user('weather?'), reasoning('rs_1'), reasoning('rs_2')];
    expect(validateOpenAIResponses(input)).toEqual({
      ok: false,
      issues: [1, 2].map((index) => ({
        code: 'orphan-reasoning',
        messageIndex: index,
        reasoningId: `rs_${String(index)}`,
        param: 'input',
        message: orphanSentence(`rs_${String(index)}`),
      })),
    });
    const { messages, fixes } = repairHistory(input, { format: 'openai-responses' });
    expect(messages).toEqual([input[0]]);
    expect(fixes.map((fix) => [fix.kind, fix.messageIndex])).toEqual([
      ['dropped-reasoning', 1],
      ['dropped-reasoning', 1],
    ]);
    expect(repairHistory(messages, { format: 'openai-responses' }).fixes).toEqual([]);
  });

  it('refuses, with a reasoning model, a function_call with an fc_ id and no reasoning in its run', () => {
    const input = [user('weather?'), call('call_1', 'fc_1'), output('call_1'), answer];
    expect(validateOpenAIResponses(input, { model: 'o3' })).toEqual({
      ok: false,
      issues: [
        {
          code: 'missing-reasoning',
          messageIndex: 1,
          toolCallIds: ['call_1'],
          param: 'input',
          message: missingSentence('fc_1'),
        },
      ],
    });
    // Not a reasoning model, or no model: nothing says the call came with reasoning.
    expect(validateOpenAIResponses(input, { model: 'gpt-4.1' }).ok).toBe(true);
    expect(validateOpenAIResponses(input).ok).toBe(true);
    // No item id: the API has nothing to look up.
    expect(
      validateOpenAIResponses([user('weather?'), call('call_1'), output('call_1')], {
        model: 'gpt-5',
      }).ok,
    ).toBe(true);
  });
});

describe('repairHistory: Responses reasoning items', () => {
  it('drops a reasoning item with nothing after it, keeping it whole in its fix', () => {
    const item = reasoning('rs_1');
    const input = [user('weather?'), item, user('hello?')];
    const repaired = repairHistory(input, { format: 'openai-responses' });
    expect(repaired).toEqual({
      messages: [input[0], input[2]],
      fixes: [
        {
          kind: 'dropped-reasoning',
          messageIndex: 1,
          callId: '',
          fromIndex: 1,
          item,
          message:
            "The reasoning item 'rs_1' at input[1] had no item after it to go with, which the Responses API refuses; it was dropped (kept whole in this fix).",
        },
      ],
      warnings: [],
    });
    expect(repaired.messages[0]).toBe(input[0]);
    expect(repaired.messages[1]).toBe(input[2]);
  });

  it('removes the fc_ item id of a call whose reasoning is gone, with a reasoning model', () => {
    const input = [user('weather?'), call('call_1', 'fc_1'), output('call_1'), answer];
    const repaired = repairHistory(input, { format: 'openai-responses', model: 'gpt-5' });
    expect(repaired).toEqual({
      messages: [input[0], call('call_1'), input[2], input[3]],
      fixes: [
        {
          kind: 'stripped-item-id',
          messageIndex: 1,
          callId: 'call_1',
          itemId: 'fc_1',
          message:
            "The function_call 'fc_1' at input[1] came from a reasoning model, but its reasoning item is not in the input; its item id was removed so the Responses API does not look for that reasoning (call_id call_1 still pairs its output).",
        },
      ],
      warnings: [],
    });
    expect(
      validateHistory(repaired.messages as unknown[], {
        format: 'openai-responses',
        model: 'gpt-5',
      }),
    ).toEqual({ ok: true, issues: [] });
  });

  it('keeps reasoning next to its call when it adds a missing output', () => {
    const item = reasoning('rs_1');
    const input = [user('weather?'), item, call('call_1', 'fc_1'), user('and?')];
    const repaired = repairHistory(input, { format: 'openai-responses', model: 'gpt-5' });
    expect(repaired.fixes.map((fix) => fix.kind)).toEqual(['inserted-placeholder']);
    expect(repaired.messages.slice(0, 3)).toEqual(input.slice(0, 3));
    expect(repaired.messages[1]).toBe(item);
  });
});

describe('trimHistory: Responses reasoning items', () => {
  it('never cuts between a reasoning item and the call it led to', () => {
    const reasoningItem = reasoning('rs_1');
    const callItem = call('call_1', 'fc_1');
    const input = [user('weather?'), reasoningItem, callItem, output('call_1'), answer];
    for (let maxMessages = 0; maxMessages <= input.length; maxMessages++) {
      const { messages } = trimHistory(input, { format: 'openai-responses', maxMessages });
      if (messages.includes(callItem)) expect(messages).toContain(reasoningItem);
      expect(validateHistory(messages, { format: 'openai-responses', model: 'gpt-5' }).ok).toBe(
        true,
      );
    }
  });
});
