import { describe, expect, it } from 'vitest';
import { ArmedCalls } from '../../src/core/armed-calls.js';
import type { HistoryMessage } from '../../src/core/history.js';
import { fromGemini } from '../../src/formats/gemini/from-gemini.js';
import { outputLocator } from '../../src/repair/wire-places.js';
import { adapterFor } from '../../src/formats/index.js';
import { validateHistory } from '../../src/validate/validate-history.js';
import { wideGeminiTurnOf } from '../helpers/wide-turns.js';

// One turn of 32k parallel calls through each pass that was once quadratic in the calls of a
// turn: these tests check what each pass gives on such a turn. Their growth is a figure, checked
// by `npm run bench -- wide-turn` (8x the calls at most 16x the time), not by a timed test.
const CALLS = 32_768;
const TINY = { argumentRepeats: 0 } as const;

/** The Gemini wide turn with its responses in reverse order: pairing by name cannot go in step. */
function reversedResponses(contents: unknown[]): unknown[] {
  const [user, model, responses, answer] = contents as { parts: unknown[] }[];
  return [user, model, { ...responses, parts: [...(responses?.parts ?? [])].reverse() }, answer];
}

describe('validateHistory on one Gemini turn of 32k calls', () => {
  it.each([
    ['distinct ids', wideGeminiTurnOf(CALLS, 'distinct', TINY), 0],
    // Every call after the first repeats the id; the responses pair with them in order.
    ['equal ids', wideGeminiTurnOf(CALLS, 'equal', TINY), CALLS - 1],
    // Paired by name: every response is answered, but not in call order.
    ['no ids, responses reversed', reversedResponses(wideGeminiTurnOf(CALLS, 'none', TINY)), 0],
  ])('validates %s', (_, contents, duplicates) => {
    expect(validateHistory(contents, { format: 'gemini' }).issues).toHaveLength(duplicates);
  });
});

describe('fromGemini on one turn of 32k calls without ids', () => {
  const calls = Array.from({ length: CALLS }, (_, call) => ({
    functionCall: { name: `tool_${String(call)}`, args: {} },
  }));
  const answer = (name: (call: number) => string, id: (call: number) => string | undefined) => [
    { role: 'user', parts: [{ text: 'Go.' }] },
    { role: 'model', parts: calls },
    {
      role: 'user',
      parts: calls.map((_, call) => ({
        functionResponse: { name: name(call), response: {}, id: id(call) },
      })),
    },
  ];
  it.each([
    // Each made-up id answers the one call of its name.
    [
      'made-up response ids',
      answer(
        (call) => `tool_${String(call)}`,
        (call) => `r${String(call)}`,
      ),
    ],
    // Each nameless response answers the first call still unanswered.
    [
      'empty response names',
      answer(
        () => '',
        () => undefined,
      ),
    ],
  ])('pairs %s', (_, contents) => {
    const results = fromGemini(contents, { generateId: () => 'generated' }).messages.flatMap(
      (message) => (message.role === 'tool' ? message.results.map((result) => result.callId) : []),
    );
    expect(results).toHaveLength(CALLS);
    expect(results.every((id) => id === 'generated')).toBe(true);
  });
});

describe('outputLocator on one turn of 32k calls', () => {
  it('locates every call', () => {
    const history: HistoryMessage[] = [
      { role: 'user', parts: [{ type: 'text', text: 'Go.' }] },
      {
        role: 'assistant',
        parts: Array.from({ length: CALLS }, () => ({
          type: 'tool-call' as const,
          callId: 'same',
          name: 'lookup',
          arguments: {},
        })),
      },
    ];
    const locate = outputLocator(history, 'anthropic');
    const located = Array.from({ length: CALLS }, (_, part) => locate(1, part).partIndex);
    expect(located.every((partIndex, part) => partIndex === part)).toBe(true);
  });
});

describe('ArmedCalls with 32k calls of one id', () => {
  it('answers them in order', () => {
    const armed = new ArmedCalls<{ readonly position: number }>('turn');
    for (let position = 0; position < CALLS; position++) armed.arm('same', { position });
    let inOrder = true;
    for (let position = 0; position < CALLS; position++)
      inOrder &&= armed.answer('same')?.position === position;
    expect(inOrder).toBe(true);
    expect(armed.answer('same')).toBeUndefined();
  });
});

describe('writing one turn of 128k results', () => {
  // Two tool messages in a row: the writers that merge them into one results turn append the
  // second's results to the first's.
  const history: HistoryMessage[] = [
    { role: 'user', parts: [{ type: 'text', text: 'Go.' }] },
    {
      role: 'assistant',
      parts: Array.from({ length: CALLS }, (_, call) => ({
        type: 'tool-call' as const,
        callId: `c${String(call)}`,
        name: 'lookup',
        arguments: {},
      })),
    },
    { role: 'tool', results: [{ callId: 'c0', name: 'lookup', content: 'ok', isError: false }] },
    {
      role: 'tool',
      results: Array.from({ length: CALLS - 1 }, (_, call) => ({
        callId: `c${String(call + 1)}`,
        name: 'lookup',
        content: 'ok',
        isError: false,
      })),
    },
  ];
  it.each(['openai-chat', 'anthropic', 'bedrock'] as const)(
    'writes %s without running out of stack',
    (format) => {
      const written = adapterFor(format).write(history).messages as unknown[];
      expect(validateHistory(written, { format })).toEqual({ ok: true, issues: [] });
    },
  );
});
