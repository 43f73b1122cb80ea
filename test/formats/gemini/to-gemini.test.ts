import { describe, expect, it } from 'vitest';
import type { ToolHistory } from '../../../src/core/history.js';
import { fromGemini } from '../../../src/formats/gemini/from-gemini.js';
import { SKIP_THOUGHT_SIGNATURE } from '../../../src/formats/gemini/gemini-rules.js';
import { toGemini } from '../../../src/formats/gemini/to-gemini.js';
import { repairHistory } from '../../../src/repair/repair-history.js';
import { validateHistory } from '../../../src/validate/validate-history.js';

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

  it('pairs responses with ids before those without, as the validator does', () => {
    // The id-less response came first and took call a1 by name; the response that names a1 then
    // answered nothing, and a1's twin without an id stayed unanswered, in a history that validates.
    const contents = [
      { role: 'user', parts: [{ text: 'q' }] },
      {
        role: 'model',
        parts: [
          { functionCall: { id: 'a1', name: 'search', args: { q: 1 } } },
          { functionCall: { name: 'search', args: { q: 2 } } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'search', response: { output: 'two' } } },
          { functionResponse: { id: 'a1', name: 'search', response: { output: 'one' } } },
        ],
      },
    ];
    expect(validateHistory(contents, { format: 'gemini' }).ok).toBe(true);
    const { messages } = fromGemini(contents);
    const calls = messages[1]?.role === 'assistant' ? messages[1].parts : [];
    const results = messages[2]?.role === 'tool' ? messages[2].results : [];
    const idOf = (q: number): unknown => {
      const call = calls.find((part) => part.type === 'tool-call' && part.arguments.q === q);
      return call?.type === 'tool-call' ? call.callId : undefined;
    };
    expect(results.map((result) => [result.content, result.callId])).toEqual([
      ['two', idOf(2)],
      ['one', 'a1'],
    ]);
  });

  it('leaves a made-up response id unpaired when two id-less calls could take it (CI seed 369490404)', () => {
    const contents = [
      { role: 'user', parts: [{ text: 'q' }] },
      {
        role: 'model',
        parts: [
          { functionCall: { name: 'search', args: {} } },
          { functionCall: { id: '', name: 'search', args: {} } },
          { functionCall: { id: 'function_call_0', name: 'search', args: {} } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { id: '', name: 'search', response: { output: '' } } },
          { functionResponse: { id: 'function_call_0', name: 'search', response: {} } },
          { functionResponse: { id: 'call_x7P9Pg', name: 'search', response: { output: '' } } },
        ],
      },
    ];
    expect(validateHistory(contents, { format: 'gemini' }).issues.map((i) => i.code)).toEqual([
      'unknown-tool-call-id',
    ]);
    const repaired = repairHistory(contents, { format: 'gemini' });
    expect(validateHistory(repaired.messages, { format: 'gemini' }).issues).toEqual([]);
    expect(repaired.fixes.map((fix) => fix.kind).sort()).toEqual([
      'inserted-placeholder',
      'synthesized-call',
    ]);
  });

  it('throws invalid-input for a content without parts, in the validator’s words', () => {
    expect(() => fromGemini([{ role: 'user', content: 'hi' }])).toThrow(
      'contents[0].parts is undefined, but must be an array of parts.',
    );
  });
});
