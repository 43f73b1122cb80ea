import { LangMessages } from 'aiwrapper';
import { describe, expect, it } from 'vitest';
import { repairLangMessages } from '../../src/aiwrapper/repair-lang-messages.js';

// Sizes past the engine's argument-spread limit: `npm run test:long` only.
describe('repairLangMessages', () => {
  it('repairs a collection of 200k messages in place, without a spread of the array', () => {
    // Every call turn is missing: 100k orphan results, each needing a synthesized turn.
    const messages = new LangMessages();
    for (let index = 0; index < 100_000; index++) {
      messages.addUserMessage(`q${String(index)}`);
      messages.addToolResultsMessage([
        { type: 'tool-result', callId: `c${String(index)}`, name: 'f', result: index },
      ]);
    }
    const first = messages[0];
    const { fixes } = repairLangMessages(messages, { preset: 'add-missing-calls' });
    expect(fixes).toHaveLength(100_000);
    expect(messages).toHaveLength(300_000);
    expect(messages[0]).toBe(first);
    expect(messages[1]?.toolRequests[0]?.callId).toBe('c0');
  });

  it('repairs a collection of 300k messages in place with the default preset', () => {
    // 300k valid messages, then a call without its result: once `splice(0, n, ...next)` with every
    // message as an argument, which passes the engine's argument limit at this length.
    const messages = new LangMessages();
    for (let index = 0; index < 100_000; index++) {
      messages.addUserMessage(`q${String(index)}`);
      messages.addAssistantItems([
        { type: 'tool', callId: `c${String(index)}`, name: 'f', arguments: {} },
      ]);
      messages.addToolResultsMessage([
        { type: 'tool-result', callId: `c${String(index)}`, name: 'f', result: index },
      ]);
    }
    messages.addAssistantItems([{ type: 'tool', callId: 'last', name: 'f', arguments: {} }]);
    const before = Array.from(messages);
    const { fixes } = repairLangMessages(messages);
    expect(fixes.map((fix) => [fix.kind, fix.messageIndex])).toEqual([
      ['inserted-placeholder', 300_001],
    ]);
    expect(messages).toHaveLength(300_002);
    expect(before.every((message, index) => messages[index] === message)).toBe(true);
    expect(messages[300_001]?.toolResults[0]?.callId).toBe('last');
  });
});
