import { LangMessages } from 'aiwrapper';
import { describe, expect, it } from 'vitest';
import { repairLangMessages } from '../../src/aiwrapper/repair-lang-messages.js';
import { UnsupportedFormatError } from '../../src/errors/tool-history-error.js';

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

  it('throws UnsupportedFormatError for an unknown provider', () => {
    expect(() => repairLangMessages(geminiRounds(), { provider: 'nope' as 'anthropic' })).toThrow(
      UnsupportedFormatError,
    );
  });
});
