import { describe, expect, it } from 'vitest';
import { camelCaseGeminiPart } from '../../../src/formats/gemini/gemini-rules.js';
import { fromGemini } from '../../../src/formats/gemini/from-gemini.js';
import { inspectGemini } from '../../../src/formats/gemini/validate-gemini.js';
import { expectSameRefusal } from '../../helpers/same-refusal.js';

const refuse = (contents: readonly unknown[], expected: string): void => {
  expectSameRefusal(inspectGemini, fromGemini, contents, expected);
};

describe('the Gemini contents parse (validator and reader)', () => {
  it('refuses a contents value that is not an array in the same words', () => {
    refuse({} as unknown as unknown[], 'Expected a Gemini `contents` array, but got an object.');
  });

  it('refuses a content that is not an object', () => {
    refuse(['hi'], 'contents[0] is the string "hi", but must be a content object with parts.');
  });

  it('refuses a role Gemini does not have', () => {
    refuse(
      [{ role: 'assistant', parts: [{ text: 'hi' }] }],
      "contents[0].role is the string \"assistant\", but must be 'user' or 'model'.",
    );
  });

  it('refuses a content without a parts array', () => {
    refuse(
      [{ role: 'user', content: 'hi' }],
      'contents[0].parts is undefined, but must be an array of parts.',
    );
  });

  it('refuses a part that is not an object', () => {
    refuse(
      [{ role: 'user', parts: ['hi'] }],
      'contents[0].parts[0] is the string "hi", but must be a part object.',
    );
  });

  it('refuses a functionCall without a string name', () => {
    refuse(
      [
        { role: 'user', parts: [{ text: 'hi' }] },
        { role: 'model', parts: [{ functionCall: { args: {} } }] },
      ],
      'contents[1].parts[0].functionCall is an object, but must be an object with a string `name`.',
    );
  });

  it('refuses a functionResponse that is not an object', () => {
    refuse(
      [{ role: 'user', parts: [{ functionResponse: 'done' }] }],
      'contents[0].parts[0].functionResponse is the string "done", but must be an object with a string `name`.',
    );
  });
});

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
    expect(inspectGemini(aiwrapperContents).result).toEqual({ ok: true, issues: [] });
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
