import { describe, expect, it } from 'vitest';
import { meetsProfileShape } from '../../src/aiwrapper/meets-profile-shape.js';
import { PROVIDER_PROFILES } from '../../src/repair/provider-profile.js';

const user = (text = 'Weather?'): unknown => ({ role: 'user', items: [{ type: 'text', text }] });
const call = (callId = 'call1', name = 'get_weather'): unknown => ({
  type: 'tool',
  callId,
  name,
  arguments: { city: 'Paris' },
});
const results = (...items: unknown[]): unknown => ({ role: 'tool-results', items });
const result = (callId = 'call1', name = 'get_weather'): unknown => ({
  type: 'tool-result',
  callId,
  name,
  result: 'sunny',
});
const assistant = (...items: unknown[]): unknown => ({ role: 'assistant', items });
const text = (value: string): unknown => ({ type: 'text', text: value });

/** Question, call, result, answer: met by every provider. */
const valid = (): unknown[] => [
  user(),
  assistant(text('Looking.'), call()),
  results(result()),
  assistant(text('Sunny.')),
];

describe('meetsProfileShape', () => {
  it('accepts a plain round for every provider', () => {
    for (const profile of Object.values(PROVIDER_PROFILES))
      expect(meetsProfileShape(valid(), profile)).toBe(true);
  });

  it('refuses text after a call for Anthropic only', () => {
    const messages = [user(), assistant(call(), text('Done.')), results(result())];
    expect(meetsProfileShape(messages, PROVIDER_PROFILES.anthropic)).toBe(false);
    expect(meetsProfileShape(messages, PROVIDER_PROFILES.gemini)).toBe(true);
  });

  it('refuses a result named after another tool for Gemini only', () => {
    const messages = [user(), assistant(call()), results(result('call1', 'search'))];
    expect(meetsProfileShape(messages, PROVIDER_PROFILES.gemini)).toBe(false);
    expect(meetsProfileShape(messages, PROVIDER_PROFILES.anthropic)).toBe(true);
  });

  it('matches result names by call id, in any order', () => {
    const messages = [
      user(),
      assistant(call('a', 'get_weather'), call('b', 'search')),
      results(result('b', 'search'), result('a', 'get_weather')),
    ];
    expect(meetsProfileShape(messages, PROVIDER_PROFILES.gemini)).toBe(true);
  });

  it('refuses a call turn that follows no user turn or results for Gemini', () => {
    expect(
      meetsProfileShape([assistant(call()), results(result())], PROVIDER_PROFILES.gemini),
    ).toBe(false);
    const afterText = [
      user(),
      assistant(text('Let me see.')),
      assistant(call()),
      results(result()),
    ];
    expect(meetsProfileShape(afterText, PROVIDER_PROFILES.gemini)).toBe(false);
    expect(meetsProfileShape(afterText, PROVIDER_PROFILES.mistral)).toBe(true);
  });

  it('refuses a user message right after results for Mistral only', () => {
    const messages = [user(), assistant(call()), results(result()), user('And tomorrow?')];
    expect(meetsProfileShape(messages, PROVIDER_PROFILES.mistral)).toBe(false);
    expect(meetsProfileShape(messages, PROVIDER_PROFILES.gemini)).toBe(true);
  });

  it('cannot tell when results are split over two messages, or a message holds no result', () => {
    const split = [
      user(),
      assistant(call('a'), call('b')),
      results(result('a')),
      results(result('b')),
    ];
    expect(meetsProfileShape(split, PROVIDER_PROFILES.anthropic)).toBeUndefined();
    expect(meetsProfileShape([user(), results()], PROVIDER_PROFILES.anthropic)).toBeUndefined();
  });

  it('cannot tell when an item is one the reader refuses', () => {
    expect(
      meetsProfileShape([{ role: 'user', items: ['hi'] }], PROVIDER_PROFILES.anthropic),
    ).toBeUndefined();
    const unnamed = { type: 'tool', callId: 'call1', arguments: {} };
    expect(
      meetsProfileShape([user(), assistant(unnamed)], PROVIDER_PROFILES.anthropic),
    ).toBeUndefined();
    const notAResult = { type: 'text', text: 'sunny' };
    expect(
      meetsProfileShape(
        [user(), assistant(call()), results(result(), notAResult)],
        PROVIDER_PROFILES.anthropic,
      ),
    ).toBeUndefined();
  });
});
