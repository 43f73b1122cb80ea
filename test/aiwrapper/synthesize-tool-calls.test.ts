import { LangMessages } from 'aiwrapper';
import { describe, expect, it } from 'vitest';
import { repairLangMessages } from '../../src/aiwrapper/repair-lang-messages.js';
import { synthesizeCallTurns } from '../../src/aiwrapper/install-tool-calls.js';
import { plain, sequentialIds } from '../helpers/lang-messages.js';

const result = (callId: string, name: string, value: unknown) => ({
  type: 'tool-result' as const,
  callId,
  name,
  result: value,
});
const synthesized = { synthesizedToolCalls: true };

describe('synthesizeCallTurns (the autoAssistantToolCalls pass)', () => {
  it('inserts the missing call turn directly before a results message no turn answers', () => {
    const messages = new LangMessages('Weather?');
    messages.addAssistantMessage('Let me check.');
    messages.addToolResultsMessage([result('c1', 'get_weather', 'sunny')]);
    const kept = messages[1];
    const { fixes } = synthesizeCallTurns(messages, 'openai-chat', -1);
    expect(plain(messages)).toEqual([
      { role: 'user', items: [{ type: 'text', text: 'Weather?' }] },
      { role: 'assistant', items: [{ type: 'text', text: 'Let me check.' }] },
      {
        role: 'assistant',
        items: [{ type: 'tool', callId: 'c1', name: 'get_weather', arguments: {} }],
        meta: synthesized,
      },
      { role: 'tool-results', items: [result('c1', 'get_weather', 'sunny')] },
    ]);
    expect(messages[1]).toBe(kept);
    expect(fixes).toMatchObject([
      { kind: 'synthesized-call', messageIndex: 2, callId: 'c1', name: 'get_weather' },
    ]);
  });

  it('moves orphans of a mixed run after the answered results, so the real turn keeps its results', () => {
    const messages = new LangMessages('hi');
    messages.addAssistantItems([{ type: 'tool', callId: 'a', name: 'f', arguments: {} }]);
    messages.addToolResultsMessage([result('z', 'g', 'orphan'), result('a', 'f', 'answer')]);
    synthesizeCallTurns(messages, 'openai-chat', -1);
    expect(plain(messages).slice(1)).toEqual([
      { role: 'assistant', items: [{ type: 'tool', callId: 'a', name: 'f', arguments: {} }] },
      { role: 'tool-results', items: [result('a', 'f', 'answer')] },
      {
        role: 'assistant',
        items: [{ type: 'tool', callId: 'z', name: 'g', arguments: {} }],
        meta: synthesized,
      },
      { role: 'tool-results', items: [result('z', 'g', 'orphan')] },
    ]);
  });

  it('gives orphans without an id, or repeating one, a fresh id for call and result alike', () => {
    const messages = new LangMessages('hi');
    messages.addToolResultsMessage([result('', 'f', 1), result('k', 'f', 2), result('k', 'f', 3)]);
    repairLangMessages(messages, { preset: 'add-missing-calls', generateId: sequentialIds('id') });
    expect(messages[1]?.toolRequests.map((call) => call.callId)).toEqual(['id1', 'k', 'id2']);
    expect(messages[2]?.toolResults.map((item): unknown[] => [item.callId, item.result])).toEqual([
      ['id1', 1],
      ['k', 2],
      ['id2', 3],
    ]);
  });

  it('leaves runs at or before coveredThrough alone (Responses previous_response_id)', () => {
    const messages = new LangMessages('hi');
    // The response's function_call items were trimmed away; the API still holds them.
    messages.addAssistantMessage('Calling a tool.', { openaiResponseId: 'resp_1' });
    messages.addToolResultsMessage([result('call_1', 'f', 1)]);
    const before = plain(messages);
    expect(synthesizeCallTurns(messages, 'openai-responses', 2).fixes).toEqual([]);
    expect(plain(messages)).toEqual(before);
    expect(synthesizeCallTurns(messages, 'openai-responses', 1).fixes).toHaveLength(1);
  });

  it('changes nothing in a valid history', () => {
    const messages = new LangMessages('hi');
    messages.addAssistantItems([{ type: 'tool', callId: 'a', name: 'f', arguments: {} }]);
    messages.addToolResultsMessage([result('a', 'f', 1)]);
    const before = plain(messages);
    const kept = Array.from(messages);
    expect(synthesizeCallTurns(messages, 'openai-chat', -1)).toEqual({ fixes: [], warnings: [] });
    expect(Array.from(messages)).toEqual(kept);
    expect(plain(messages)).toEqual(before);
  });
});
