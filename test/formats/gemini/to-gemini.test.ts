import { describe, expect, it } from 'vitest';
import type { ToolHistory } from '../../../src/core/history.js';
import { fromGemini } from '../../../src/formats/gemini/from-gemini.js';
import { SKIP_THOUGHT_SIGNATURE } from '../../../src/formats/gemini/thought-signature.js';
import { toGemini } from '../../../src/formats/gemini/to-gemini.js';

const history: ToolHistory = [
  {
    role: 'assistant',
    parts: [
      { type: 'tool-call', callId: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } },
      { type: 'tool-call', callId: 'call_2', name: 'now', arguments: {} },
    ],
  },
  {
    role: 'tool',
    results: [
      { callId: 'call_1', name: 'get_weather', content: 'sunny', isError: false },
      { callId: 'call_2', name: 'now', content: 'clock broken', isError: true },
    ],
  },
];

describe('toGemini', () => {
  it('gives the first call of an unsigned model turn the skip-validator signature, with a warning', () => {
    expect(toGemini(history)).toEqual({
      systemInstruction: undefined,
      messages: [
        {
          role: 'model',
          parts: [
            {
              functionCall: { id: 'call_1', name: 'get_weather', args: { city: 'Paris' } },
              thoughtSignature: 'skip_thought_signature_validator',
            },
            { functionCall: { id: 'call_2', name: 'now', args: {} } },
          ],
        },
        {
          role: 'user',
          parts: [
            {
              functionResponse: {
                id: 'call_1',
                name: 'get_weather',
                response: { output: 'sunny' },
              },
            },
            {
              functionResponse: { id: 'call_2', name: 'now', response: { error: 'clock broken' } },
            },
          ],
        },
      ],
      warnings: [
        {
          code: 'synthesized-thought-signature',
          messageIndex: 0,
          callId: 'call_1',
          message: expect.stringContaining(SKIP_THOUGHT_SIGNATURE),
        },
      ],
    });
  });

  it('sends no placeholder with missingThoughtSignature: omit', () => {
    const { messages, warnings } = toGemini(history, { missingThoughtSignature: 'omit' });
    expect({ first: messages[0]?.parts[0], warnings }).toEqual({
      first: { functionCall: { id: 'call_1', name: 'get_weather', args: { city: 'Paris' } } },
      warnings: [],
    });
  });
});

describe('fromGemini', () => {
  it('gives calls without ids generated ids and pairs id-less responses by name, with warnings', () => {
    const ids = ['gen1', 'gen2'];
    const contents = [
      {
        role: 'model',
        parts: [
          { functionCall: { name: 'now', args: {} }, thoughtSignature: SKIP_THOUGHT_SIGNATURE },
        ],
      },
      {
        role: 'user',
        parts: [{ functionResponse: { name: 'now', response: { result: '12:00' } } }],
      },
    ];
    expect(fromGemini(contents, { generateId: () => ids.shift() ?? 'none' })).toEqual({
      messages: [
        {
          role: 'assistant',
          sourceIndex: 0,
          parts: [{ type: 'tool-call', callId: 'gen1', name: 'now', arguments: {} }],
        },
        {
          role: 'tool',
          sourceIndex: 1,
          results: [
            {
              callId: 'gen1',
              name: 'now',
              content: { result: '12:00' },
              isError: false,
              sourceIndex: 1,
            },
          ],
        },
      ],
      warnings: [
        {
          code: 'generated-call-id',
          messageIndex: 0,
          callId: 'gen1',
          message: 'contents[0].parts[0].functionCall has no id; it was given "gen1".',
        },
        {
          code: 'generated-call-id',
          messageIndex: 1,
          callId: 'gen1',
          message:
            'contents[1].parts[0].functionResponse has no id; it was given "gen1", the id of its call.',
        },
      ],
    });
  });

  it('throws invalid-input for a content without parts, in the validator’s words', () => {
    expect(() => fromGemini([{ role: 'user', content: 'hi' }])).toThrow(
      'contents[0].parts is undefined, but must be an array of parts.',
    );
  });
});
