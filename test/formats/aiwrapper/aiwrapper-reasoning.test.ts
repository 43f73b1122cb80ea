import { LangMessages } from 'aiwrapper';
import { describe, expect, it } from 'vitest';
import { repairLangMessages } from '../../../src/aiwrapper/repair-lang-messages.js';

// aiwrapper 3.0.3 carries reasoning as assistant items `{ type: 'reasoning', text }`
// (dist/lang/messages.d.ts), filled from Anthropic `thinking` and Chat `reasoning_content`
// deltas; it keeps no signature and leaves the items out of its requests
// (dist/lang/anthropic/anthropic-lang.js, dist/lang/openai/openai-chat-completions-lang.js).
// What this package owes them: they stay in their tool turn, in place, through repair.

const reasoning = { type: 'reasoning', text: 'Paris first, then London.' } as const;

function withReasoning(): LangMessages {
  const messages = new LangMessages('Weather in Paris and London?');
  messages.addAssistantItems([
    reasoning,
    { type: 'tool', callId: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } },
    { type: 'text', text: 'Checking both.' },
    { type: 'tool', callId: 'call_2', name: 'get_weather', arguments: { city: 'London' } },
  ]);
  messages.addToolResultsMessage([
    { type: 'tool-result', callId: 'call_1', name: 'get_weather', result: '21C' },
  ]);
  return messages;
}

describe('repairLangMessages: reasoning items', () => {
  it('keeps the reasoning item first in its tool turn when the turn is rewritten (text moved, result added)', () => {
    const messages = withReasoning();
    const { fixes } = repairLangMessages(messages, { provider: 'anthropic' });
    expect(fixes.map((fix) => fix.kind)).toEqual(['moved-text', 'inserted-placeholder']);
    const turn = Array.from(messages)[1];
    expect(turn?.items.map((item) => item.type)).toEqual(['reasoning', 'text', 'tool', 'tool']);
    expect(turn?.items[0]).toEqual(reasoning);
  });

  it('leaves the tool turn, reasoning and all, as the same object when only a result is missing', () => {
    const messages = withReasoning();
    const turn = Array.from(messages)[1];
    repairLangMessages(messages, { provider: 'openai-chat' });
    expect(Array.from(messages)[1]).toBe(turn);
  });
});
