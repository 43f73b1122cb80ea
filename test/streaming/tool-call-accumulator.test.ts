import { describe, expect, it } from 'vitest';
import {
  isToolHistoryError,
  StreamAccumulationError,
} from '../../src/errors/tool-history-error.js';
import {
  createToolCallAccumulator,
  type ToolCallAccumulatorOptions,
} from '../../src/streaming/tool-call-accumulator.js';
import type { ToolCallStreamEvent } from '../../src/core/stream/tool-call-stream-event.js';
import { fixtureEvents, sequentialIds } from './fixtures.js';

function accumulate(
  events: readonly unknown[],
  options: ToolCallAccumulatorOptions,
): ReturnType<ReturnType<typeof createToolCallAccumulator>['finish']> {
  const accumulator = createToolCallAccumulator({ generateCallId: sequentialIds(), ...options });
  for (const event of events) accumulator.push(event);
  return accumulator.finish();
}

/** A Chat Completions chunk carrying the given tool-call pieces. */
function chunk(
  pieces: readonly unknown[],
  extra: { content?: string; finish_reason?: string } = {},
): unknown {
  return {
    object: 'chat.completion.chunk',
    choices: [
      {
        index: 0,
        delta: { content: extra.content ?? null, tool_calls: pieces },
        finish_reason: extra.finish_reason ?? null,
      },
    ],
  };
}

describe('createToolCallAccumulator: provider fixtures', () => {
  it('assembles OpenAI Chat Completions parallel calls by index and keeps their ids', async () => {
    expect(
      accumulate(await fixtureEvents('openai-chat-parallel.sse'), { format: 'openai-chat' }),
    ).toEqual({
      text: '',
      stopReason: 'tool_calls',
      calls: [
        {
          callId: 'call_Fe5hGy0yPlr6dw4T9qNWFZfq',
          name: 'get_weather',
          arguments: { location: 'Paris, France' },
        },
        {
          callId: 'call_pXmAk2qKV3r8FhE1M7GgxvPo',
          name: 'get_weather',
          arguments: { location: 'Bogotá, Colombia' },
        },
      ],
    });
  });

  it('reads calls that Ollama sends at one index as one call, as the SDK does, whose joined arguments are refused (never run)', async () => {
    expect(
      accumulate(await fixtureEvents('ollama-openai-compatible-same-index.sse'), {
        format: 'openai-chat',
      }),
    ).toEqual({
      text: 'Let me check both.',
      stopReason: 'tool_calls',
      calls: [
        {
          callId: 'call_e5f6g7h8',
          name: 'get_temperature',
          arguments: {},
          argumentsText: '{}{"city":"Berlin"}',
          argumentsError: {
            code: 'invalid-json',
            message: 'unexpected content after the JSON value at offset 2',
            position: 2,
          },
        },
      ],
    });
  });

  it('ignores the placeholder id "null" that Mistral sends on later pieces', async () => {
    expect(
      accumulate(await fixtureEvents('mistral-null-id.sse'), { format: 'openai-chat' }),
    ).toEqual({
      text: '',
      stopReason: 'tool_calls',
      calls: [{ callId: 'WcG8xhSs1', name: 'read_file', arguments: { path: 'README.md' } }],
    });
  });

  it('assembles OpenAI Responses function calls keyed by item id, with call_id as the id', async () => {
    expect(
      accumulate(await fixtureEvents('openai-responses.sse'), { format: 'openai-responses' }),
    ).toEqual({
      text: 'Checking the inbox.',
      stopReason: 'completed',
      calls: [
        { callId: 'call_12345xyz', name: 'get_weather', arguments: { location: 'Paris, France' } },
        {
          callId: 'call_67890abc',
          name: 'send_email',
          arguments: { to: 'bob@example.com', body: 'Hi\n— Ann' },
        },
      ],
    });
  });

  it('assembles Anthropic tool_use blocks, including one without input deltas', async () => {
    expect(accumulate(await fixtureEvents('anthropic.sse'), { format: 'anthropic' })).toEqual({
      text: "Okay, let's check the weather for San Francisco, CA:",
      calls: [
        {
          callId: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6',
          name: 'get_weather',
          arguments: { location: 'San Francisco, CA', unit: 'fahrenheit' },
        },
        { callId: 'toolu_01VrzD8b7dTq5pUJKnp8Mqhj', name: 'get_time', arguments: {} },
      ],
      stopReason: 'tool_use',
    });
  });

  it('gives each of several Gemini calls in one chunk its own id and skips thought text', async () => {
    expect(accumulate(await fixtureEvents('gemini.sse'), { format: 'gemini' })).toEqual({
      text: "I'll turn on the lights and set the temperature.",
      stopReason: 'STOP',
      calls: [
        { callId: 'gen_1', name: 'turn_on_the_lights', arguments: {} },
        {
          callId: 'gen_2',
          name: 'set_temperature',
          arguments: { room: 'living room', celsius: 21.5 },
        },
      ],
    });
  });

  it('never merges two Ollama calls with empty ids', async () => {
    expect(accumulate(await fixtureEvents('ollama.jsonl'), { format: 'ollama' })).toEqual({
      text: 'Let me look that up.',
      stopReason: 'stop',
      calls: [
        { callId: 'gen_1', name: 'current_date_time', arguments: {} },
        {
          callId: 'gen_2',
          name: 'get_temperature',
          arguments: { city: 'Toronto', format: 'celsius' },
        },
      ],
    });
  });
});

describe('createToolCallAccumulator: OpenAI Chat Completions quirks', () => {
  it('keeps a first piece that has an index but no id, and takes the id from a later piece', () => {
    expect(
      accumulate(
        [
          chunk([{ index: 0, function: { arguments: '{"q":' } }]),
          chunk([{ index: 0, id: 'call_late', function: { name: 'search' } }]),
          chunk([{ index: 0, function: { arguments: '"cats"}' } }]),
        ],
        { format: 'openai-chat' },
      ),
    ).toEqual({
      text: '',
      calls: [{ callId: 'call_late', name: 'search', arguments: { q: 'cats' } }],
    });
  });

  it('orders calls with sparse, out-of-order indexes by index, as the SDK does', () => {
    expect(
      accumulate(
        [
          chunk([{ index: 2, id: 'call_b', function: { name: 'b', arguments: '{}' } }]),
          chunk([{ index: 5, id: 'call_c', function: { name: 'c', arguments: '{"x":1}' } }]),
          chunk([{ index: 0, id: 'call_a', function: { name: 'a', arguments: '{}' } }]),
        ],
        { format: 'openai-chat' },
      ).calls.map((call) => call.callId),
    ).toEqual(['call_a', 'call_b', 'call_c']);
  });

  it('keeps two id-less calls at one index as one call, as the SDK does: the later name, the joined arguments refused', () => {
    expect(
      accumulate(
        [
          chunk([{ index: 0, function: { name: 'current_date_time', arguments: '{}' } }]),
          chunk([{ index: 0, function: { name: 'get_temperature', arguments: '{"city":' } }]),
          chunk([{ index: 0, function: { arguments: '"Oslo"}' } }], {
            finish_reason: 'tool_calls',
          }),
        ],
        { format: 'openai-chat' },
      ),
    ).toEqual({
      text: '',
      stopReason: 'tool_calls',
      calls: [
        {
          callId: 'gen_1',
          name: 'get_temperature',
          arguments: {},
          argumentsText: '{}{"city":"Oslo"}',
          argumentsError: {
            code: 'invalid-json',
            message: 'unexpected content after the JSON value at offset 2',
            position: 2,
          },
        },
      ],
    });
  });

  it('keeps one call when a server resends the name after the arguments are complete (no phantom call)', () => {
    expect(
      accumulate(
        [
          chunk([
            { index: 0, id: 'call_pay', function: { name: 'pay', arguments: '{"amount":10}' } },
          ]),
          chunk([{ index: 0, function: { name: 'pay', arguments: '' } }]),
          chunk([{ index: 0, id: 'call_pay', function: { name: 'pay' } }], {
            finish_reason: 'tool_calls',
          }),
        ],
        { format: 'openai-chat' },
      ),
    ).toEqual({
      text: '',
      stopReason: 'tool_calls',
      calls: [{ callId: 'call_pay', name: 'pay', arguments: { amount: 10 } }],
    });
  });

  it.each([' ', '\n', '\t \n'])(
    'keeps whitespace-only arguments %j as sent, with an error, not as {}',
    (text) => {
      expect(
        accumulate(
          [chunk([{ index: 0, id: 'call_w', function: { name: 'w', arguments: text } }])],
          {
            format: 'openai-chat',
          },
        ).calls,
      ).toEqual([
        {
          callId: 'call_w',
          name: 'w',
          arguments: {},
          argumentsText: text,
          argumentsError: {
            code: 'invalid-json',
            message: 'the arguments are only whitespace, not a JSON value at offset 0',
            position: 0,
          },
        },
      ]);
    },
  );

  it('continues a call when a server sends a fresh id on every piece, keeping the last id as the SDK does', () => {
    expect(
      accumulate(
        [
          chunk([{ index: 0, id: 'id_1', function: { name: 'lookup', arguments: '{"a"' } }]),
          chunk([{ index: 0, id: 'id_2', function: { arguments: ':1}' } }]),
        ],
        { format: 'openai-chat' },
      ).calls,
    ).toEqual([{ callId: 'id_2', name: 'lookup', arguments: { a: 1 } }]);
  });

  it('interleaves pieces of several calls and keeps text as one string', () => {
    expect(
      accumulate(
        [
          chunk([], { content: 'Two ' }),
          chunk([{ index: 0, id: 'call_0', function: { name: 'f', arguments: '{"n":' } }]),
          chunk([{ index: 1, id: 'call_1', function: { name: 'g', arguments: '["x",' } }]),
          chunk([{ index: 0, function: { arguments: '1}' } }], { content: 'calls' }),
          chunk([{ index: 1, function: { arguments: '"y"]' } }]),
        ],
        { format: 'openai-chat' },
      ),
    ).toEqual({
      text: 'Two calls',
      calls: [
        { callId: 'call_0', name: 'f', arguments: { n: 1 } },
        {
          callId: 'call_1',
          name: 'g',
          arguments: {},
          argumentsText: '["x","y"]',
          argumentsError: {
            code: 'not-an-object',
            message: 'the arguments are an array, not a JSON object',
          },
        },
      ],
    });
  });

  it('continues the last call for pieces without an index', () => {
    expect(
      accumulate(
        [
          chunk([{ id: 'call_x', function: { name: 'f', arguments: '{"a":' } }]),
          chunk([{ function: { arguments: '2}' } }]),
        ],
        { format: 'openai-chat' },
      ).calls,
    ).toEqual([{ callId: 'call_x', name: 'f', arguments: { a: 2 } }]);
  });

  it('gives a fresh id to a second call that reuses an id already taken in the message', () => {
    expect(
      accumulate(
        [
          chunk([{ index: 0, id: 'call_dup', function: { name: 'f', arguments: '{}' } }]),
          chunk([{ index: 1, id: 'call_dup', function: { name: 'g', arguments: '{}' } }]),
        ],
        { format: 'openai-chat' },
      ).calls.map((call) => call.callId),
    ).toEqual(['call_dup', 'gen_1']);
  });

  it('does not end a call because a prefix of its arguments parses', () => {
    const events: ToolCallStreamEvent[] = [];
    const accumulator = createToolCallAccumulator({
      format: 'openai-chat',
      listener: (event) => events.push(event),
    });
    accumulator.push(
      chunk([{ index: 0, id: 'call_n', function: { name: 'count', arguments: '{"n":1' } }]),
    );
    accumulator.push(chunk([{ index: 0, function: { arguments: '2' } }]));
    expect(accumulator.liveCalls[0]?.partialArguments).toEqual({});
    expect(accumulator.liveCalls[0]?.ended).toBe(false);
    expect(events.some((event) => event.type === 'tool-call-end')).toBe(false);
    accumulator.push(
      chunk([{ index: 0, function: { arguments: '}' } }], { finish_reason: 'tool_calls' }),
    );
    expect(accumulator.finish().calls).toEqual([
      { callId: 'call_n', name: 'count', arguments: { n: 12 } },
    ]);
  });

  it('keeps malformed final arguments verbatim with an error instead of dropping the call', () => {
    expect(
      accumulate(
        [
          chunk([
            {
              index: 0,
              id: 'call_m',
              function: { name: 'write', arguments: '{"path": "a.txt", "content": "unterminated' },
            },
          ]),
        ],
        {
          format: 'openai-chat',
        },
      ).calls,
    ).toEqual([
      {
        callId: 'call_m',
        name: 'write',
        arguments: {},
        argumentsText: '{"path": "a.txt", "content": "unterminated',
        argumentsError: {
          code: 'invalid-json',
          message: 'unexpected end of input (the JSON text is truncated) at offset 42',
          position: 42,
        },
      },
    ]);
  });

  it('treats empty argument text as a call without parameters', () => {
    expect(
      accumulate([chunk([{ index: 0, id: 'call_e', function: { name: 'ping', arguments: '' } }])], {
        format: 'openai-chat',
      }).calls,
    ).toEqual([{ callId: 'call_e', name: 'ping', arguments: {} }]);
  });

  it('ignores other choices and usage-only chunks', () => {
    const other = { choices: [{ index: 1, delta: { content: 'ignored' }, finish_reason: null }] };
    expect(
      accumulate(
        [other, { choices: [], usage: { total_tokens: 3 } }, chunk([], { content: 'kept' })],
        { format: 'openai-chat' },
      ),
    ).toEqual({ text: 'kept', calls: [] });
  });
});

describe('createToolCallAccumulator: OpenAI Chat Completions continuation chunks', () => {
  // Most chunks only carry more arguments for the call of the previous chunk, and take a shorter
  // path: these check that it applies and rejects exactly what the general one does.
  const start = chunk([
    { index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: '{"a":' } },
  ]);

  it('keeps text and ends the call when a continuation piece comes with content or a finish reason', () => {
    expect(
      accumulate(
        [
          start,
          chunk([{ index: 0, function: { arguments: '1,' } }], { content: 'Checking.' }),
          chunk([{ index: 0, function: { arguments: '"b":2}' } }], { finish_reason: 'tool_calls' }),
          chunk([{ index: 0, id: 'call_2', function: { name: 'g', arguments: '{}' } }]),
        ],
        { format: 'openai-chat' },
      ),
    ).toEqual({
      text: 'Checking.',
      stopReason: 'tool_calls',
      calls: [
        { callId: 'call_1', name: 'f', arguments: { a: 1, b: 2 } },
        { callId: 'call_2', name: 'g', arguments: {} },
      ],
    });
  });

  it('continues the call of the chosen choice, given by its index or by its position', () => {
    const piece = (index: number | undefined, text: string): unknown => ({
      choices: [
        {
          ...(index === undefined ? {} : { index }),
          delta: { tool_calls: [{ index: 0, function: { arguments: text } }] },
          finish_reason: null,
        },
      ],
    });
    const other = {
      choices: [
        {
          index: 1,
          delta: { tool_calls: [{ index: 0, function: { arguments: 'ignored' } }] },
          finish_reason: null,
        },
      ],
    };
    expect(
      accumulate([start, piece(0, '1,'), other, piece(undefined, '"b":2}')], {
        format: 'openai-chat',
      }).calls,
    ).toEqual([{ callId: 'call_1', name: 'f', arguments: { a: 1, b: 2 } }]);
    const second = {
      choices: [
        {
          index: 1,
          delta: {
            tool_calls: [{ index: 0, id: 'call_9', function: { name: 'h', arguments: '[' } }],
          },
          finish_reason: null,
        },
      ],
    };
    expect(
      accumulate(
        [
          second,
          piece(0, 'ignored'),
          { choices: [{ index: 1, delta: { tool_calls: [{ function: { arguments: '1]' } }] } }] },
        ],
        { format: 'openai-chat', choiceIndex: 1 },
      ).calls,
    ).toEqual([
      {
        callId: 'call_9',
        name: 'h',
        arguments: {},
        argumentsText: '[1]',
        argumentsError: {
          code: 'not-an-object',
          message: 'the arguments are an array, not a JSON object',
        },
      },
    ]);
  });

  it.each([
    [
      'choices[0].delta.tool_calls[0].function.arguments',
      chunk([{ index: 0, function: { arguments: 7 } }]),
    ],
    ['choices[0].delta.tool_calls[0].index', chunk([{ index: -1, function: { arguments: '1}' } }])],
    ['choices[0].delta.tool_calls[0].function', chunk([{ index: 0, function: '1}' }])],
    [
      'choices[0].delta.content',
      chunk([{ index: 0, function: { arguments: '1}' } }], { content: 7 as unknown as string }),
    ],
    [
      'choices[0].finish_reason',
      chunk([{ index: 0, function: { arguments: '1}' } }], {
        finish_reason: 3 as unknown as string,
      }),
    ],
    [
      'choices[0].delta.tool_calls',
      { choices: [{ index: 0, delta: { tool_calls: { index: 0 } }, finish_reason: null }] },
    ],
  ])(
    'rejects a continuation chunk with a malformed %s and applies nothing of it',
    (field, event) => {
      const accumulator = createToolCallAccumulator({ format: 'openai-chat' });
      accumulator.push(start);
      expect(() => {
        accumulator.push(event);
      }).toThrow(
        expect.objectContaining({ detail: { code: 'invalid-input', eventIndex: 1, field } }),
      );
      expect(accumulator.liveCalls[0]?.argumentsText).toBe('{"a":');
      expect(accumulator.text).toBe('');
      accumulator.push(chunk([{ index: 0, function: { arguments: '1}' } }]));
      expect(accumulator.finish().calls).toEqual([
        { callId: 'call_1', name: 'f', arguments: { a: 1 } },
      ]);
    },
  );
});

describe('createToolCallAccumulator: live view and events', () => {
  it('reports start, deltas and end with the partial arguments updated in place', () => {
    const seen: unknown[] = [];
    const accumulator = createToolCallAccumulator({
      format: 'anthropic',
      listener: (event) => {
        if (event.type === 'tool-call-delta')
          seen.push(['delta', event.argumentsDelta, structuredClone(event.call.partialArguments)]);
        else if (event.type === 'tool-call-start')
          seen.push(['start', event.index, event.callId, event.name]);
        else if (event.type === 'tool-call-end') seen.push(['end', event.index, event.call]);
        else seen.push(['text', event.delta]);
      },
    });
    accumulator.push({
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'tool_use', id: 'toolu_1', name: 'note', input: {} },
    });
    const live = accumulator.liveCalls[0];
    accumulator.push({
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'input_json_delta', partial_json: '{"title": "Gro' },
    });
    const view = live?.partialArguments;
    accumulator.push({
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'input_json_delta', partial_json: 'ceries", "items": [' },
    });
    expect(live?.partialArguments).toBe(view);
    expect(view).toEqual({ title: 'Groceries', items: [] });
    accumulator.push({
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'input_json_delta', partial_json: '"milk"]}' },
    });
    accumulator.push({ type: 'content_block_stop', index: 0 });
    expect(seen).toEqual([
      ['start', 0, 'toolu_1', 'note'],
      ['delta', '{"title": "Gro', { title: 'Gro' }],
      ['delta', 'ceries", "items": [', { title: 'Groceries', items: [] }],
      ['delta', '"milk"]}', { title: 'Groceries', items: ['milk'] }],
      [
        'end',
        0,
        { callId: 'toolu_1', name: 'note', arguments: { title: 'Groceries', items: ['milk'] } },
      ],
    ]);
    expect(accumulator.calls).toEqual([
      { callId: 'toolu_1', name: 'note', arguments: { title: 'Groceries', items: ['milk'] } },
    ]);
    expect(live?.argumentsText).toBe('{"title": "Groceries", "items": ["milk"]}');
  });

  it('keeps argumentsText exact across thousands of deltas, whether read after every delta, now and then, or only at the end', () => {
    // Argument text is kept in blocks of deltas and joined when read: check every block boundary.
    const text = JSON.stringify({
      content: 'line "one"\n'.repeat(400),
      rows: Array.from({ length: 300 }, (_, id) => ({ id })),
    });
    const deltas: string[] = [];
    for (let at = 0, size = 1; at < text.length; at += size, size = (size % 5) + 1)
      deltas.push(text.slice(at, at + size));
    expect(deltas.length).toBeGreaterThan(2 * 1024 + 64);
    for (const readEvery of [1, 7, 1000, Number.POSITIVE_INFINITY]) {
      const accumulator = createToolCallAccumulator({ format: 'openai-chat' });
      accumulator.push(
        chunk([{ index: 0, id: 'call_1', function: { name: 'write', arguments: '' } }]),
      );
      const live = accumulator.liveCalls[0];
      let streamed = '';
      for (const [index, delta] of deltas.entries()) {
        accumulator.push(chunk([{ index: 0, function: { arguments: delta } }]));
        streamed += delta;
        if ((index + 1) % readEvery === 0) expect(live?.argumentsText).toBe(streamed);
      }
      expect(live?.argumentsText).toBe(text);
      expect(accumulator.finish().calls).toEqual([
        { callId: 'call_1', name: 'write', arguments: JSON.parse(text) },
      ]);
      expect(live?.argumentsText).toBe(text);
    }
  });

  it('returns the same result from a second finish() and refuses pushes after it', () => {
    const accumulator = createToolCallAccumulator({ format: 'ollama' });
    const first = accumulator.finish();
    expect(accumulator.finish()).toBe(first);
    expect(() => {
      accumulator.push({ done: true });
    }).toThrow(/after finish\(\)/);
  });
});

describe('createToolCallAccumulator: invalid events', () => {
  it('names the event number and the field, and applies nothing of the event', () => {
    const accumulator = createToolCallAccumulator({ format: 'openai-chat' });
    accumulator.push(
      chunk([{ index: 0, id: 'call_ok', function: { name: 'f', arguments: '{"a":' } }]),
    );
    let caught: unknown;
    try {
      accumulator.push(
        chunk([
          { index: 0, function: { arguments: '1}' } },
          { index: 1, function: { arguments: 42 } },
        ]),
      );
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(StreamAccumulationError);
    expect(isToolHistoryError(caught)).toBe(true);
    const error = caught as StreamAccumulationError;
    expect(error.code).toBe('invalid-input');
    expect(error.detail).toEqual({
      code: 'invalid-input',
      eventIndex: 1,
      field: 'choices[0].delta.tool_calls[1].function.arguments',
    });
    expect(error.message).toMatch(
      /^events\[1\]\.choices\[0\]\.delta\.tool_calls\[1\]\.function\.arguments should be a string/,
    );
    expect(accumulator.liveCalls[0]?.argumentsText).toBe('{"a":');
    accumulator.push(chunk([{ index: 0, function: { arguments: '1}' } }]));
    expect(accumulator.finish().calls).toEqual([
      { callId: 'call_ok', name: 'f', arguments: { a: 1 } },
    ]);
  });

  it.each([
    ['openai-chat', 'not an event', ''],
    [
      'openai-responses',
      { type: 'response.function_call_arguments.delta', item_id: 'fc_1', delta: 7 },
      'delta',
    ],
    [
      'anthropic',
      {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'input_json_delta', partial_json: null },
      },
      'delta.partial_json',
    ],
    [
      'gemini',
      { candidates: [{ content: { parts: [{ functionCall: { args: {} } }] } }] },
      'candidates[0].content.parts[0].functionCall.name',
    ],
    [
      'ollama',
      { message: { tool_calls: [{ function: { name: 'f', arguments: [1] } }] } },
      'message.tool_calls[0].function.arguments',
    ],
  ] as const)('rejects a malformed %s event naming the field', (format, event, field) => {
    const accumulator = createToolCallAccumulator({ format });
    expect(() => {
      accumulator.push(event);
    }).toThrow(
      expect.objectContaining({ detail: { code: 'invalid-input', eventIndex: 0, field } }),
    );
  });

  it('rejects an unknown format', () => {
    expect(() => createToolCallAccumulator({ format: 'cohere' as 'ollama' })).toThrow(
      /Unsupported format "cohere"/,
    );
  });
});

describe('createToolCallAccumulator: limits', () => {
  it('throws a stream-limit error with the call and the numbers when argument bytes exceed the cap', () => {
    const accumulator = createToolCallAccumulator({
      format: 'anthropic',
      limits: { maxArgumentBytes: 12 },
    });
    accumulator.push({
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'tool_use', id: 'toolu_big', name: 'big', input: {} },
    });
    accumulator.push({
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'input_json_delta', partial_json: '{"a":"é' },
    });
    const push = (): void => {
      accumulator.push({
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'input_json_delta', partial_json: 'éé"}' },
      });
    };
    expect(push).toThrow(
      expect.objectContaining({
        detail: {
          code: 'stream-limit',
          limit: 'argument-bytes',
          callIndex: 0,
          callId: 'toolu_big',
          attempted: 14,
          maximum: 12,
        },
      }),
    );
    // The accumulator refuses further use with the same error.
    expect(() => {
      accumulator.finish();
    }).toThrow(/argument-bytes limit of 12/);
  });

  it('throws when a call has more fragments than allowed', () => {
    const accumulator = createToolCallAccumulator({
      format: 'openai-chat',
      limits: { maxFragments: 3 },
    });
    for (const piece of ['{', '"a"', ':1'])
      accumulator.push(chunk([{ index: 0, id: 'call_f', function: { arguments: piece } }]));
    expect(() => {
      accumulator.push(chunk([{ index: 0, function: { arguments: '}' } }]));
    }).toThrow(
      expect.objectContaining({
        detail: {
          code: 'stream-limit',
          limit: 'fragments',
          callIndex: 0,
          callId: 'call_f',
          attempted: 4,
          maximum: 3,
        },
      }),
    );
  });

  it('throws when the arguments nest deeper than allowed', () => {
    const accumulator = createToolCallAccumulator({
      format: 'openai-chat',
      limits: { maxDepth: 3 },
    });
    expect(() => {
      accumulator.push(
        chunk([
          { index: 0, id: 'call_d', function: { name: 'deep', arguments: '{"a":{"b":{"c":{' } },
        ]),
      );
    }).toThrow(
      expect.objectContaining({
        detail: {
          code: 'stream-limit',
          limit: 'depth',
          callIndex: 0,
          callId: 'call_d',
          attempted: 4,
          maximum: 3,
        },
      }),
    );
    // The object opened in the delta that went too deep is shown, as far as it was parsed.
    expect(accumulator.liveCalls[0]?.partialArguments).toEqual({ a: { b: {} } });
  });

  it('shows arguments sent whole up front until the streamed text opens an object', () => {
    const accumulator = createToolCallAccumulator({ format: 'anthropic' });
    accumulator.push({
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'tool_use', id: 'toolu_1', name: 'roll', input: { player: 'p2' } },
    });
    const live = accumulator.liveCalls[0];
    expect(live?.partialArguments).toEqual({ player: 'p2' });
    const delta = (partial_json: string): unknown => ({
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'input_json_delta', partial_json },
    });
    accumulator.push(delta(' '));
    expect(live?.partialArguments).toEqual({ player: 'p2' });
    accumulator.push(delta('{"player":"p'));
    const parsed = live?.partialArguments;
    expect(parsed).toEqual({ player: 'p' });
    accumulator.push(delta('3"}'));
    expect(live?.partialArguments).toBe(parsed);
    expect(accumulator.finish().calls[0]?.arguments).toBe(parsed);
    expect(parsed).toEqual({ player: 'p3' });
  });
});

describe('createToolCallAccumulator: live view', () => {
  it('lets structuredClone snapshot a live call mid-stream (it holds no functions)', () => {
    const accumulator = createToolCallAccumulator({ format: 'anthropic' });
    accumulator.push({
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: {} },
    });
    accumulator.push({
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'input_json_delta', partial_json: '{"city": "Par' },
    });
    const [call] = accumulator.liveCalls;
    expect(structuredClone(call)).toMatchObject({
      index: 0,
      callId: 'toolu_1',
      name: 'get_weather',
      argumentsText: '{"city": "Par',
      partialArguments: { city: 'Par' },
      ended: false,
    });
  });
});
