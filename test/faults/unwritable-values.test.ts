import { LangMessages } from 'aiwrapper';
import { describe, expect, it } from 'vitest';
import { addAssistantToolCalls } from '../../src/aiwrapper/index.js';
import { convertHistory } from '../../src/convert/convert-history.js';
import { ToolHistoryError, StreamAccumulationError } from '../../src/errors/tool-history-error.js';
import { repairHistory } from '../../src/repair/repair-history.js';
import { trimHistory } from '../../src/trim/trim-history.js';
import { createToolCallAccumulator } from '../../src/streaming/tool-call-accumulator.js';

function cyclic(): Record<string, unknown> {
  const value: Record<string, unknown> = { city: 'Paris' };
  value.self = value;
  return value;
}

function nestedObjects(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
}

function anthropicHistory(input: unknown): unknown[] {
  return [
    { role: 'user', content: 'Weather?' },
    { role: 'assistant', content: [{ type: 'tool_use', id: 'call_1', name: 'weather', input }] },
  ];
}

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

// Deep enough to overflow JSON.stringify's stack in any worker (5,000 does in a plain Node process).
const DEPTH = 50_000;
const BIGINT = 'messages[1].content[0].input.user_id is the BigInt 1234567890123456789n';
const CYCLE = 'messages[1].content[0].input.self refers back to itself (a cycle)';

describe('values JSON cannot carry give a typed error naming the place', () => {
  it.each([
    ['a BigInt', { user_id: 1234567890123456789n }, BIGINT],
    ['a cycle', cyclic(), CYCLE],
  ])('convertHistory: %s in Anthropic input', (_, input, expected) => {
    const error = thrownBy(() =>
      convertHistory(anthropicHistory(input), { from: 'anthropic', to: 'openai-chat' }),
    );
    expect(error).toBeInstanceOf(ToolHistoryError);
    expect((error as ToolHistoryError).code).toBe('invalid-input');
    expect((error as Error).message).toContain(expected);
  });

  it.each([
    ['a BigInt', { user_id: 1234567890123456789n }, '.user_id is the BigInt'],
    ['a cycle', cyclic(), '.self refers back to itself (a cycle)'],
  ])('trimHistory: %s names the message', (_, input, expected) => {
    const error = thrownBy(() =>
      trimHistory(anthropicHistory(input), { format: 'anthropic', maxTokens: 5 }),
    );
    expect(error).toBeInstanceOf(ToolHistoryError);
    expect((error as Error).message).toMatch(/^messages\[1\]: /);
    expect((error as Error).message).toContain(expected);
  });

  it.each([
    ['a BigInt', { user_id: 1234567890123456789n }, '.user_id is the BigInt'],
    ['a cycle', cyclic(), '.self refers back to itself (a cycle)'],
  ])('repairHistory: %s in Anthropic input bound for OpenAI', (_, input, expected) => {
    const error = thrownBy(() =>
      repairHistory(anthropicHistory(input), { format: 'anthropic', provider: 'openai-chat' }),
    );
    expect(error).toBeInstanceOf(ToolHistoryError);
    expect((error as Error).message).toContain(expected);
  });

  it.each([
    ['a BigInt', { user_id: 1n }, 'tools[0].arguments.user_id is the BigInt 1n'],
    ['a cycle', cyclic(), 'tools[0].arguments.self refers back to itself (a cycle)'],
  ])('addAssistantToolCalls: %s', (_, input, expected) => {
    const messages = new LangMessages();
    const error = thrownBy(() =>
      addAssistantToolCalls(messages, [{ callId: 'call_1', name: 'weather', arguments: input }]),
    );
    expect(error).toBeInstanceOf(ToolHistoryError);
    expect((error as Error).message).toContain(expected);
    expect(messages.length).toBe(0);
  });

  it('addAssistantToolCalls: a sparse array names the hole', () => {
    const calls: unknown[] = [];
    calls[1] = { callId: 'call_1', name: 'weather', arguments: {} };
    const error = thrownBy(() => addAssistantToolCalls(new LangMessages(), calls as never));
    expect(error).toBeInstanceOf(ToolHistoryError);
    expect((error as Error).message).toMatch(
      /^tools\[0\] is not a tool call \(tools\[0\] is undefined\)/,
    );
  });

  it('repairHistory keeps OpenAI argument text nested 5,000 deep as sent and adds the missing result', () => {
    const text = `{"a":${'['.repeat(DEPTH)}1${']'.repeat(DEPTH)}}`;
    const call = { id: 'call_1', type: 'function', function: { name: 'f', arguments: text } };
    const messages = [
      { role: 'user', content: 'Go' },
      { role: 'assistant', content: null, tool_calls: [call] },
    ];
    for (const provider of ['openai-chat', 'anthropic'] as const) {
      const { messages: repaired, fixes } = repairHistory(messages, {
        format: 'openai-chat',
        provider,
      });
      expect(fixes.map((fix) => fix.kind)).toEqual(['inserted-placeholder']);
      expect(repaired[1]).toEqual(messages[1]);
    }
    const { messages: repaired } = repairHistory(messages, { format: 'openai-chat' });
    expect(repaired[1]).toBe(messages[1]);
  });

  it.each([
    [
      'gemini',
      (args: unknown) => ({
        candidates: [{ index: 0, content: { parts: [{ functionCall: { name: 'f', args } }] } }],
      }),
      'candidates[0].content.parts[0].functionCall.args',
    ],
    [
      'ollama',
      (args: unknown) => ({
        message: {
          role: 'assistant',
          content: '',
          tool_calls: [{ function: { name: 'f', arguments: args } }],
        },
        done: false,
      }),
      'message.tool_calls[0].function.arguments',
    ],
  ] as const)('a %s stream whose call arguments nest 5,000 deep', (format, event, field) => {
    const accumulator = createToolCallAccumulator({ format });
    const error = thrownBy(() => {
      accumulator.push(event(nestedObjects(5000)));
    });
    expect(error).toBeInstanceOf(StreamAccumulationError);
    expect((error as StreamAccumulationError).detail).toEqual({
      code: 'invalid-input',
      eventIndex: 0,
      field: `${field}${'.a'.repeat(12)}…`,
    });
    expect((error as Error).message).toContain('nests deeper than 1000 levels');
  });

  it.each([
    ['a BigInt', { n: 1n }, 'messages[2].items[0].result.n is the BigInt 1n'],
    ['a cycle', cyclic(), 'messages[2].items[0].result.self refers back to itself (a cycle)'],
  ])('convertHistory: %s in an aiwrapper tool result', (_, result, expected) => {
    const messages = [
      { role: 'user', items: [{ type: 'text', text: 'Weather?' }] },
      {
        role: 'assistant',
        items: [{ type: 'tool', callId: 'call_1', name: 'weather', arguments: {} }],
      },
      {
        role: 'tool-results',
        items: [{ type: 'tool-result', callId: 'call_1', name: 'weather', result }],
      },
    ];
    const error = thrownBy(() =>
      convertHistory(messages, { from: 'aiwrapper', to: 'openai-chat' }),
    );
    expect(error).toBeInstanceOf(ToolHistoryError);
    expect((error as Error).message).toContain(expected);
  });
});
