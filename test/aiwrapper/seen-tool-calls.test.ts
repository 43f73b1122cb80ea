import { LangMessage, LangMessages } from 'aiwrapper';
import { describe, expect, it } from 'vitest';
import {
  rememberAddedCalls,
  rememberToolCalls,
  seenToolCall,
} from '../../src/aiwrapper/seen-tool-calls.js';

const turn = (callId: string, city: string): LangMessage =>
  new LangMessage('assistant', [
    { type: 'text', text: 'Checking.' },
    { type: 'tool', callId, name: 'get_weather', arguments: { city } },
  ]);

describe('rememberAddedCalls', () => {
  it('records the calls of assistant turns from the given index on, and nothing before it', () => {
    const messages = new LangMessages('hi');
    messages.push(turn('old', 'Oslo'));
    messages.addUserMessage('and now?');
    messages.push(turn('new', 'Paris'));
    rememberAddedCalls(messages, 2);
    expect(seenToolCall(messages, 'old', 'get_weather')).toBeUndefined();
    expect(seenToolCall(messages, 'new', 'get_weather')).toEqual({
      callId: 'new',
      name: 'get_weather',
      arguments: { city: 'Paris' },
    });
  });

  it('lets a later call with the same id replace an earlier one', () => {
    const messages = new LangMessages('hi');
    messages.push(turn('c1', 'Oslo'));
    rememberAddedCalls(messages, 0);
    messages.push(turn('c1', 'Paris'));
    rememberAddedCalls(messages, 2);
    expect(seenToolCall(messages, 'c1', 'get_weather')?.arguments).toEqual({ city: 'Paris' });
  });

  it('keeps what each collection saw apart, and needs the name to match', () => {
    const first = new LangMessages([turn('c1', 'Oslo')]);
    const second = new LangMessages([turn('c1', 'Rome')]);
    rememberAddedCalls(first, 0);
    rememberToolCalls(second, [{ callId: 'c1', name: 'search', arguments: { q: 'x' } }]);
    expect(seenToolCall(first, 'c1', 'get_weather')?.arguments).toEqual({ city: 'Oslo' });
    expect(seenToolCall(second, 'c1', 'get_weather')).toBeUndefined();
    expect(seenToolCall(second, 'c1', 'search')?.arguments).toEqual({ q: 'x' });
  });
});
