import { describe, expect, it } from 'vitest';
import { StreamAccumulationError } from '../../src/errors/tool-history-error.js';
import {
  createToolCallAccumulator,
  type ToolCallAccumulator,
  type ToolCallAccumulatorOptions,
} from '../../src/streaming/tool-call-accumulator.js';
import { sequentialIds } from './fixtures.js';

// Shapes documented by the providers that the recorded streams do not all show: Vertex AI's
// streamed function-call arguments, Anthropic blocks in message_start and mid-stream errors, and
// the legacy Chat Completions function_call.

function accumulatorFor(options: ToolCallAccumulatorOptions): ToolCallAccumulator {
  return createToolCallAccumulator({ generateCallId: sequentialIds(), ...options });
}

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

/** A Gemini chunk with one functionCall part. */
function vertex(functionCall: Record<string, unknown>, finishReason?: string): unknown {
  return {
    candidates: [
      {
        content: { role: 'model', parts: [{ functionCall }] },
        ...(finishReason === undefined ? {} : { finishReason }),
      },
    ],
  };
}

describe('Gemini: Vertex AI streamFunctionCallArguments', () => {
  it('builds the arguments from partialArgs set at JSON paths, strings continued across pieces', () => {
    const accumulator = accumulatorFor({ format: 'gemini' });
    accumulator.push(vertex({ name: 'plan', willContinue: true }));
    accumulator.push(
      vertex({
        partialArgs: [{ jsonPath: '$.title', stringValue: 'Say "hi', willContinue: true }],
        willContinue: true,
      }),
    );
    expect(accumulator.liveCalls[0]?.partialArguments).toEqual({ title: 'Say "hi' });
    accumulator.push(
      vertex({
        partialArgs: [
          { jsonPath: '$.title', stringValue: '"\n' },
          { jsonPath: "$.steps[0]['a b']", numberValue: 1.5 },
          { jsonPath: '$.steps[2].done', boolValue: true },
          { jsonPath: '$["x.y"]', nullValue: 'NULL_VALUE' },
        ],
        willContinue: true,
      }),
    );
    accumulator.push(vertex({}));
    const result = accumulator.finish();
    expect(result).toEqual({
      text: '',
      calls: [
        {
          callId: 'gen_1',
          name: 'plan',
          arguments: {
            title: 'Say "hi"\n',
            steps: [{ 'a b': 1.5 }, null, { done: true }],
            'x.y': null,
          },
        },
      ],
    });
    expect(accumulator.liveCalls[0]?.argumentsText).toBe(
      '{"title":"Say \\"hi\\"\\n","steps":[{"a b":1.5},null,{"done":true}],"x.y":null}',
    );
  });

  it('closes a call on a piece without willContinue, and at the finish reason', () => {
    const accumulator = accumulatorFor({ format: 'gemini' });
    accumulator.push(vertex({ name: 'a', willContinue: true }));
    accumulator.push(vertex({ partialArgs: [{ jsonPath: '$.n', numberValue: 1 }] }));
    expect(accumulator.calls).toEqual([{ callId: 'gen_1', name: 'a', arguments: { n: 1 } }]);
    accumulator.push(vertex({ name: 'b', willContinue: true }));
    accumulator.push(
      vertex({ partialArgs: [{ jsonPath: '$.s', stringValue: 'x' }], willContinue: true }),
    );
    accumulator.push({
      candidates: [{ content: { parts: [{ text: '' }] }, finishReason: 'STOP' }],
    });
    expect(accumulator.finish().calls).toEqual([
      { callId: 'gen_1', name: 'a', arguments: { n: 1 } },
      { callId: 'gen_2', name: 'b', arguments: { s: 'x' } },
    ]);
  });

  it('keeps a call cut inside its streamed arguments, with argumentsError', () => {
    const accumulator = accumulatorFor({ format: 'gemini' });
    accumulator.push(vertex({ name: 'a', willContinue: true }));
    accumulator.push(
      vertex({
        partialArgs: [{ jsonPath: '$.s', stringValue: 'par', willContinue: true }],
        willContinue: true,
      }),
    );
    const [call] = accumulator.finish().calls;
    expect(call?.argumentsError?.code).toBe('invalid-json');
    expect(call?.argumentsText).toBe('{"s":"par');
  });

  it('refuses a piece that goes back to a member already written, and applies nothing of its event', () => {
    const accumulator = accumulatorFor({ format: 'gemini' });
    accumulator.push(vertex({ name: 'a', willContinue: true }));
    accumulator.push(
      vertex({ partialArgs: [{ jsonPath: '$.a.b', numberValue: 1 }], willContinue: true }),
    );
    const before = accumulator.liveCalls[0]?.argumentsText;
    const error = thrown(() => {
      accumulator.push(
        vertex({
          partialArgs: [
            { jsonPath: '$.c', numberValue: 2 },
            { jsonPath: '$.a.d', numberValue: 3 },
          ],
          willContinue: true,
        }),
      );
    });
    expect(error).toBeInstanceOf(StreamAccumulationError);
    expect((error as StreamAccumulationError).detail).toEqual({
      code: 'invalid-input',
      eventIndex: 2,
      field: 'candidates[0].content.parts[0].functionCall.partialArgs[1].jsonPath',
    });
    expect((error as Error).message).toContain('$.a.d goes back to $.a');
    expect(accumulator.liveCalls[0]?.argumentsText).toBe(before);
    accumulator.push(vertex({ partialArgs: [{ jsonPath: '$.c', numberValue: 2 }] }));
    expect(accumulator.finish().calls[0]?.arguments).toEqual({ a: { b: 1 }, c: 2 });
  });

  it('refuses a path it cannot read, naming the field', () => {
    const accumulator = accumulatorFor({ format: 'gemini' });
    accumulator.push(vertex({ name: 'a', willContinue: true }));
    expect(() => {
      accumulator.push(
        vertex({ partialArgs: [{ jsonPath: '$..a', numberValue: 1 }], willContinue: true }),
      );
    }).toThrow(/partialArgs\[0\]\.jsonPath should be a JSON path/);
  });
});

describe('Anthropic: blocks in message_start and mid-stream errors', () => {
  it('takes a complete tool_use in message_start.message.content as a finished call', () => {
    const accumulator = accumulatorFor({ format: 'anthropic' });
    accumulator.push({
      type: 'message_start',
      message: {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Rolling. ' },
          { type: 'tool_use', id: 'toolu_1', name: 'rollDie', input: { player: 'p2' } },
        ],
      },
    });
    expect(accumulator.calls).toEqual([
      { callId: 'toolu_1', name: 'rollDie', arguments: { player: 'p2' } },
    ]);
    accumulator.push({ type: 'message_stop' });
    expect(accumulator.finish()).toEqual({
      text: 'Rolling. ',
      calls: [{ callId: 'toolu_1', name: 'rollDie', arguments: { player: 'p2' } }],
    });
  });

  it('refuses a message_start whose blocks are malformed, applying none of them', () => {
    const accumulator = accumulatorFor({ format: 'anthropic' });
    expect(() => {
      accumulator.push({
        type: 'message_start',
        message: {
          content: [
            { type: 'tool_use', id: 'toolu_1', name: 'a', input: {} },
            { type: 'tool_use', id: 'toolu_2', name: 7, input: {} },
          ],
        },
      });
    }).toThrow(/message\.content\[1\]\.name should be a string/);
    expect(accumulator.liveCalls).toEqual([]);
  });

  it('throws the provider error of an error event, and finish() keeps what came before it', () => {
    const accumulator = accumulatorFor({ format: 'anthropic' });
    accumulator.push({
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'tool_use', id: 'toolu_1', name: 'write', input: {} },
    });
    accumulator.push({
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'input_json_delta', partial_json: '{"path": "a' },
    });
    const event = {
      type: 'error',
      error: { type: 'overloaded_error', message: 'Overloaded' },
    };
    const error = thrown(() => {
      accumulator.push(event);
    });
    expect(error).toBeInstanceOf(StreamAccumulationError);
    expect((error as StreamAccumulationError).code).toBe('provider-error');
    expect((error as StreamAccumulationError).detail).toEqual({
      code: 'provider-error',
      eventIndex: 2,
      errorType: 'overloaded_error',
      providerMessage: 'Overloaded',
    });
    expect((error as Error).message).toContain('overloaded_error: Overloaded');
    expect(() => {
      accumulator.push({ type: 'message_stop' });
    }).toThrow(error);
    const [call] = accumulator.finish().calls;
    expect(call?.callId).toBe('toolu_1');
    expect(call?.argumentsError?.code).toBe('invalid-json');
    expect(call?.argumentsText).toBe('{"path": "a');
  });
});

describe('OpenAI Chat Completions: the legacy delta.function_call', () => {
  const legacy = (functionCall: unknown, finishReason: string | null = null): unknown => ({
    object: 'chat.completion.chunk',
    choices: [
      {
        index: 0,
        delta: { content: null, function_call: functionCall },
        finish_reason: finishReason,
      },
    ],
  });

  it('assembles the one call of the message, with a generated id', () => {
    const accumulator = accumulatorFor({ format: 'openai-chat' });
    accumulator.push(legacy({ name: 'get_weather', arguments: '' }));
    accumulator.push(legacy({ arguments: '{"city":' }));
    accumulator.push(legacy({ arguments: ' "Paris"}' }));
    accumulator.push({
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta: {}, finish_reason: 'function_call' }],
    });
    expect(accumulator.finish()).toEqual({
      text: '',
      stopReason: 'function_call',
      calls: [{ callId: 'gen_1', name: 'get_weather', arguments: { city: 'Paris' } }],
    });
  });

  it('refuses a function_call that is not an object, naming the field', () => {
    const accumulator = accumulatorFor({ format: 'openai-chat' });
    expect(() => {
      accumulator.push(legacy({ name: 'f', arguments: 3 }));
    }).toThrow(/choices\[0\]\.delta\.function_call\.arguments should be a string/);
    expect(accumulator.liveCalls).toEqual([]);
  });
});

describe("OpenAI Chat Completions: tool_calls of type 'custom'", () => {
  const piece = (value: Record<string, unknown>, finishReason: string | null = null): unknown => ({
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta: { tool_calls: [value] }, finish_reason: finishReason }],
  });

  it('reads custom: { name, input } deltas as one call whose argument text is the input', () => {
    const accumulator = accumulatorFor({ format: 'openai-chat' });
    accumulator.push(
      piece({ index: 0, id: 'call_c', type: 'custom', custom: { name: 'grep', input: '{"q":' } }),
    );
    accumulator.push(piece({ index: 0, custom: { input: ' "x"}' } }));
    accumulator.push(piece({ index: 0, custom: {} }, 'tool_calls'));
    expect(accumulator.finish().calls).toEqual([
      { callId: 'call_c', name: 'grep', arguments: { q: 'x' } },
    ]);
  });

  it('keeps free-form input as the argument text, flagged as not JSON', () => {
    const accumulator = accumulatorFor({ format: 'openai-chat' });
    const input = '*** Begin Patch\n*** End Patch';
    accumulator.push(
      piece({ index: 0, id: 'call_p', type: 'custom', custom: { name: 'apply_patch', input } }),
    );
    const [call] = accumulator.finish().calls;
    expect(call).toMatchObject({ callId: 'call_p', name: 'apply_patch', argumentsText: input });
    expect(call?.argumentsError?.code).toBe('invalid-json');
  });

  it('refuses an input that is not a string, naming the field', () => {
    const accumulator = accumulatorFor({ format: 'openai-chat' });
    expect(() => {
      accumulator.push(
        piece({ index: 0, id: 'c', type: 'custom', custom: { name: 'f', input: 3 } }),
      );
    }).toThrow(/choices\[0\]\.delta\.tool_calls\[0\]\.custom\.input should be a string/);
  });
});

describe('mid-stream error events of the OpenAI shapes', () => {
  it('throws a Chat Completions data event with an error object as the provider error', () => {
    const accumulator = accumulatorFor({ format: 'openai-chat' });
    accumulator.push({
      object: 'chat.completion.chunk',
      choices: [
        {
          index: 0,
          delta: {
            tool_calls: [{ index: 0, id: 'call_1', function: { name: 'f', arguments: '{"a":' } }],
          },
          finish_reason: null,
        },
      ],
    });
    const error = thrown(() => {
      accumulator.push({
        error: { code: 502, message: 'Provider disconnected' },
        choices: [{ index: 0, delta: { content: '' }, finish_reason: 'error' }],
      });
    });
    expect((error as StreamAccumulationError).detail).toEqual({
      code: 'provider-error',
      eventIndex: 1,
      errorType: '502',
      providerMessage: 'Provider disconnected',
    });
    const [call] = accumulator.finish().calls;
    expect(call?.callId).toBe('call_1');
    expect(call?.argumentsError?.code).toBe('invalid-json');
  });

  it('throws a Responses error event as the provider error, its code naming it', () => {
    const accumulator = accumulatorFor({ format: 'openai-responses' });
    accumulator.push({ type: 'response.output_text.delta', delta: 'Hi' });
    const error = thrown(() => {
      accumulator.push({ type: 'error', code: 'server_error', message: 'Boom', param: null });
    });
    expect((error as StreamAccumulationError).detail).toEqual({
      code: 'provider-error',
      eventIndex: 1,
      errorType: 'server_error',
      providerMessage: 'Boom',
    });
    expect(accumulator.finish()).toEqual({ text: 'Hi', calls: [] });
  });
});
