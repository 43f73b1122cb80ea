import { describe, expect, it } from 'vitest';
import { ArmedCalls } from '../../src/core/armed-calls.js';
import type { HistoryMessage } from '../../src/core/history.js';
import { fromGemini } from '../../src/formats/gemini/from-gemini.js';
import { outputLocator } from '../../src/repair/wire-places.js';
import { toFormat } from '../../src/convert/convert-history.js';
import { validateHistory } from '../../src/validate/validate-history.js';
import { wideGeminiTurnOf } from '../helpers/wide-turns.js';

// One turn of 128k parallel calls: each pass below, were it quadratic in the calls of a turn,
// would take tens of seconds here; linear, it takes well under a second. The bound is generous
// and counts CPU time, so other processes on the machine do not count. The growth figure itself
// is `npm run bench -- wide-turn`.
const CALLS = 131_072;
const BOUND_MS = 2_000;
const TINY = { argumentRepeats: 0 } as const;

function cpuMs<T>(run: () => T): { readonly value: T; readonly ms: number } {
  const started = process.cpuUsage();
  const value = run();
  const { user, system } = process.cpuUsage(started);
  return { value, ms: (user + system) / 1000 };
}

/** The Gemini wide turn with its responses in reverse order: pairing by name cannot go in step. */
function reversedResponses(contents: unknown[]): unknown[] {
  const [user, model, responses, answer] = contents as { parts: unknown[] }[];
  return [user, model, { ...responses, parts: [...(responses?.parts ?? [])].reverse() }, answer];
}

describe('validateHistory on one Gemini turn of 128k calls', () => {
  it.each([
    ['distinct ids', wideGeminiTurnOf(CALLS, 'distinct', TINY), 0],
    // Every call after the first repeats the id; the responses pair with them in order.
    ['equal ids', wideGeminiTurnOf(CALLS, 'equal', TINY), CALLS - 1],
    // Paired by name: every response is answered, but not in call order.
    ['no ids, responses reversed', reversedResponses(wideGeminiTurnOf(CALLS, 'none', TINY)), 0],
  ])('validates %s in linear time', (_, contents, duplicates) => {
    const { value, ms } = cpuMs(() => validateHistory(contents, { format: 'gemini' }));
    expect({ issues: value.issues.length, fast: ms < BOUND_MS }).toEqual({
      issues: duplicates,
      fast: true,
    });
  });
});

describe('fromGemini on one turn of 128k calls without ids', () => {
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
  ])('pairs %s in linear time', (_, contents) => {
    const { value, ms } = cpuMs(() => fromGemini(contents, { generateId: () => 'generated' }));
    const results = value.messages.flatMap((message) =>
      message.role === 'tool' ? message.results.map((result) => result.callId) : [],
    );
    expect({ paired: results.every((id) => id === 'generated'), fast: ms < BOUND_MS }).toEqual({
      paired: true,
      fast: true,
    });
  });
});

describe('outputLocator on one turn of 128k calls', () => {
  it('locates every call in linear time', () => {
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
    const { value, ms } = cpuMs(() => {
      const locate = outputLocator(history, 'anthropic');
      let last = -1;
      for (let part = 0; part < CALLS; part++) last = locate(1, part).partIndex ?? -1;
      return last;
    });
    expect({ last: value, fast: ms < BOUND_MS }).toEqual({ last: CALLS - 1, fast: true });
  });
});

describe('ArmedCalls with 128k calls of one id', () => {
  it('answers them in order in linear time', () => {
    const { value, ms } = cpuMs(() => {
      const armed = new ArmedCalls<{ readonly position: number }>('turn');
      for (let position = 0; position < CALLS; position++) armed.arm('same', { position });
      let inOrder = true;
      for (let position = 0; position < CALLS; position++)
        inOrder &&= armed.answer('same')?.position === position;
      return inOrder && armed.answer('same') === undefined;
    });
    expect({ inOrder: value, fast: ms < BOUND_MS }).toEqual({ inOrder: true, fast: true });
  });
});

describe('toFormat on one turn of 128k results', () => {
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
      const written = toFormat(history, format).messages as unknown[];
      expect(validateHistory(written, { format })).toEqual({ ok: true, issues: [] });
    },
  );
});
