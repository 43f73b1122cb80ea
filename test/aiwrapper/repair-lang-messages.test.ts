import { LangMessages } from 'aiwrapper';
import { describe, expect, it } from 'vitest';
import { repairLangMessages } from '../../src/aiwrapper/repair-lang-messages.js';
import { UnsupportedFormatError } from '../../src/errors/unsupported-format-error.js';

/** Two rounds whose calls share one id, as aiwrapper's Gemini adapter writes them. */
function geminiRounds(): LangMessages {
  const messages = new LangMessages('Weather in Paris, then London?');
  for (const city of ['Paris', 'London']) {
    messages.addAssistantItems([
      { type: 'tool', callId: 'function_call_0', name: 'get_weather', arguments: { city } },
    ]);
    messages.addToolResultsMessage([
      { type: 'tool-result', callId: 'function_call_0', name: 'get_weather', result: { city } },
    ]);
  }
  return messages;
}

describe('repairLangMessages', () => {
  it('rewrites what the provider refuses in place and keeps the untouched messages as the same objects', () => {
    const messages = geminiRounds();
    const before = Array.from(messages);
    const { fixes } = repairLangMessages(messages, { provider: 'anthropic' });
    expect(fixes.map((fix) => fix.kind)).toEqual(['rewrote-call-id']);
    const after = Array.from(messages);
    expect(after.slice(0, 3)).toEqual(before.slice(0, 3));
    for (let index = 0; index < 3; index++) expect(after[index]).toBe(before[index]);
    const [call, result] = [after[3]?.toolRequests[0]?.callId, after[4]?.toolResults[0]?.callId];
    expect(call).not.toBe('function_call_0');
    expect(result).toBe(call);
  });

  it('leaves a history the provider accepts untouched and reports nothing', () => {
    const messages = geminiRounds();
    const before = Array.from(messages);
    expect(repairLangMessages(messages, { provider: 'openai-chat' })).toEqual({
      fixes: [],
      warnings: [],
    });
    expect(Array.from(messages)).toEqual(before);
    Array.from(messages).forEach((message, index) => {
      expect(message).toBe(before[index]);
    });
  });

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

  it('throws UnsupportedFormatError for an unknown provider', () => {
    expect(() => repairLangMessages(geminiRounds(), { provider: 'nope' as 'anthropic' })).toThrow(
      UnsupportedFormatError,
    );
  });
});
