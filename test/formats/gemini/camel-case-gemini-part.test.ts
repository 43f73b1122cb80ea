import { describe, expect, it } from 'vitest';
import { camelCaseGeminiPart } from '../../../src/formats/gemini/gemini-wire.js';
import { fromGemini } from '../../../src/formats/gemini/from-gemini.js';
import { validateGemini } from '../../../src/formats/gemini/validate-gemini.js';

// What aiwrapper 3.0.3's GoogleLang sends: model calls as snake_case `function_call`.
const aiwrapperContents = [
  { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
  {
    role: 'model',
    parts: [
      { function_call: { name: 'get_weather', args: { city: 'Paris' } }, thought_signature: 'sig' },
    ],
  },
  { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { temp: 21 } } }] },
];

describe('camelCaseGeminiPart', () => {
  it('renames snake_case fields and returns the same object when there are none', () => {
    const camel = { text: 'hi' };
    expect(camelCaseGeminiPart(camel)).toBe(camel);
    expect(camelCaseGeminiPart({ function_call: { name: 'f' }, thought_signature: 's' })).toEqual({
      functionCall: { name: 'f' },
      thoughtSignature: 's',
    });
  });

  it('lets the validator and the reader accept the snake_case history aiwrapper sends', () => {
    expect(validateGemini(aiwrapperContents)).toEqual({ ok: true, issues: [] });
    const { messages } = fromGemini(aiwrapperContents, { generateId: () => 'id1' });
    expect(messages[1]).toEqual({
      role: 'assistant',
      parts: [
        {
          type: 'tool-call',
          callId: 'id1',
          name: 'get_weather',
          arguments: { city: 'Paris' },
          providerData: { gemini: { thoughtSignature: 'sig' } },
        },
      ],
      sourceIndex: 1,
    });
  });
});
