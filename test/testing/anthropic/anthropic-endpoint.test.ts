import { Lang, LangMessages } from 'aiwrapper';
import { describe, expect, it } from 'vitest';
import type { StrictServer, StrictServerOptions } from '../../../src/testing/index.js';
import { parseSse, post } from '../http.js';
import { routeAiwrapperTo, useStrictServers, weatherQuestion } from '../servers.js';

const start = useStrictServers();

const user = { role: 'user', content: 'Weather in Paris?' };
const toolUse = (...ids: string[]): object => ({
  role: 'assistant',
  content: ids.map((id) => ({
    type: 'tool_use',
    id,
    name: 'get_weather',
    input: { city: 'Paris' },
  })),
});
const toolResults = (...ids: string[]): object => ({
  role: 'user',
  content: ids.map((id) => ({ type: 'tool_result', tool_use_id: id, content: '{"temp_c":21}' })),
});
const request = (messages: unknown[], extra: object = {}): object => ({
  model: 'claude-sonnet-4-5-20250929',
  max_tokens: 1024,
  messages,
  ...extra,
});
const anthropicError = (message: string, type = 'invalid_request_error'): object => ({
  type: 'error',
  error: { type, message },
  request_id: expect.stringMatching(/^req_011C[A-Za-z0-9]{20}$/),
});

async function send(server: StrictServer, body: unknown): Promise<[number, unknown]> {
  const reply = await post(`${server.url}/v1/messages`, body);
  return [reply.status, JSON.parse(reply.text)];
}

describe('POST /v1/messages: refusals', () => {
  it.each([
    [
      'a tool_result with no tool_use before it',
      [user, toolResults('toolu_a')],
      'messages.1.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_a. Each `tool_result` block must have a corresponding `tool_use` block in the previous message.',
    ],
    [
      'a tool_use with no tool_result after it',
      [user, toolUse('toolu_a', 'toolu_b'), { role: 'user', content: 'Well?' }],
      'messages.2: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_a, toolu_b. Each `tool_use` block must have a corresponding `tool_result` block in the next message.',
    ],
    [
      'two tool_use blocks with one id',
      [user, toolUse('toolu_a', 'toolu_a'), toolResults('toolu_a')],
      'messages.1.content.1: `tool_use` ids must be unique',
    ],
  ])('answers %s with Anthropic’s 400, streaming or not', async (_name, messages, message) => {
    const server = await start();
    expect(await send(server, request(messages, { stream: true }))).toEqual([
      400,
      anthropicError(message),
    ]);
    expect(await send(server, request(messages))).toEqual([400, anthropicError(message)]);
  });

  it('answers a missing required field as Anthropic does', async () => {
    const server = await start();
    expect(await send(server, { model: 'claude-sonnet-4-5-20250929', messages: [user] })).toEqual([
      400,
      anthropicError('max_tokens: Field required'),
    ]);
    expect(await send(server, { model: 'claude-sonnet-4-5-20250929', max_tokens: 10 })).toEqual([
      400,
      anthropicError('messages: Field required'),
    ]);
  });

  it('refuses a valid tool history sent without tools (an empty list is none), and takes it with tools', async () => {
    const server = await start();
    const history = [user, toolUse('toolu_a'), toolResults('toolu_a')];
    const refusal = anthropicError(
      'Requests which include `tool_use` or `tool_result` blocks must define tools.',
    );
    expect(await send(server, request(history))).toEqual([400, refusal]);
    expect(await send(server, request(history, { tools: [] }))).toEqual([400, refusal]);
    const tools = [{ name: 'get_weather', input_schema: { type: 'object' } }];
    const [status] = await send(server, request(history, { tools }));
    expect(status).toBe(200);
    expect((await send(server, request([user])))[0]).toBe(200);
  });

  it('answers 400, never 5xx, when the reply function throws', async () => {
    const server = await start({ replies: () => Promise.reject(new Error('no more replies')) });
    expect(await send(server, request([user]))).toEqual([
      400,
      anthropicError('Scripted reply failed: no more replies', 'strict_server_error'),
    ]);
  });
});

describe('POST /v1/messages: replies', () => {
  it('answers without stream with one message: text, then tool_use with object input', async () => {
    const server = await start({
      replies: [
        {
          text: 'Checking.',
          toolCalls: [{ id: 'toolu_1', name: 'get_weather', arguments: { city: 'Paris' } }],
        },
      ],
    });
    expect(await send(server, request([user]))).toEqual([
      200,
      {
        id: expect.stringMatching(/^msg_01[A-Za-z0-9]{22}$/),
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-5-20250929',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
        ],
        stop_reason: 'tool_use',
        stop_sequence: null,
        usage: {
          input_tokens: 0,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 0,
          output_tokens: 0,
          service_tier: 'standard',
        },
      },
    ]);
  });

  it('streams message_start, blocks with text_delta and input_json_delta, message_delta and message_stop', async () => {
    const server = await start({
      replies: [
        {
          text: 'Checking the weather.',
          toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }],
        },
      ],
    });
    const reply = await post(`${server.url}/v1/messages`, request([user], { stream: true }));
    expect([reply.status, reply.contentType]).toEqual([200, 'text/event-stream; charset=utf-8']);
    const events = parseSse(reply.text);
    expect(events.every((event) => event.event === event.data.type)).toBe(true);
    const types = events.map((event) => event.event);
    expect(types.filter((type, index) => type !== types[index - 1])).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(events[0]?.data).toEqual({
      type: 'message_start',
      message: {
        id: expect.stringMatching(/^msg_01[A-Za-z0-9]{22}$/),
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-5-20250929',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: {
          input_tokens: 0,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 0,
          output_tokens: 0,
          service_tier: 'standard',
        },
      },
    });
    const starts = events
      .filter((event) => event.event === 'content_block_start')
      .map((event) => event.data);
    expect(starts).toEqual([
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      {
        type: 'content_block_start',
        index: 1,
        content_block: {
          type: 'tool_use',
          id: expect.stringMatching(/^toolu_01[A-Za-z0-9]{22}$/),
          name: 'get_weather',
          input: {},
        },
      },
    ]);
    const deltas = events
      .filter((event) => event.event === 'content_block_delta')
      .map((event) => event.data as { index: number; delta: Record<string, string> });
    const text = deltas.filter((event) => event.index === 0);
    const json = deltas.filter((event) => event.index === 1);
    expect(text.every((event) => event.delta.type === 'text_delta')).toBe(true);
    expect(text.map((event) => event.delta.text).join('')).toBe('Checking the weather.');
    expect(json.every((event) => event.delta.type === 'input_json_delta')).toBe(true);
    expect(json[0]?.delta).toEqual({ type: 'input_json_delta', partial_json: '' });
    expect(json.length).toBeGreaterThan(2);
    expect(json.map((event) => event.delta.partial_json).join('')).toBe('{"city":"Paris"}');
    expect(events.slice(-2).map((event) => event.data)).toEqual([
      {
        type: 'message_delta',
        delta: { stop_reason: 'tool_use', stop_sequence: null },
        usage: { output_tokens: 0 },
      },
      { type: 'message_stop' },
    ]);
  });
});

describe('POST /v1/messages with aiwrapper 3 (Lang.anthropic through routeToStrictServer)', () => {
  let current: StrictServer | undefined;
  routeAiwrapperTo(() => current);
  const anthropic = async (
    options: StrictServerOptions,
  ): Promise<[StrictServer, ReturnType<typeof Lang.anthropic>]> => {
    current = await start(options);
    return [current, Lang.anthropic({ apiKey: 'test', model: 'claude-sonnet-4-5-20250929' })];
  };

  it('serves a tool call that aiwrapper runs, then accepts the history aiwrapper sends back', async () => {
    const [server, lang] = await anthropic({
      replies: [
        {
          text: 'Let me check.',
          toolCalls: [{ id: 'toolu_01weather', name: 'get_weather', arguments: { city: 'Paris' } }],
        },
        { text: 'It is sunny in Paris.' },
      ],
    });
    const seen: unknown[] = [];
    const afterTools = await lang.chat(weatherQuestion(seen));
    expect(seen).toEqual([{ city: 'Paris' }]);
    const final = await lang.chat(afterTools);
    expect(final.answer).toBe('It is sunny in Paris.');

    expect(server.requests.map((recorded) => [recorded.path, recorded.status])).toEqual([
      ['/v1/messages', 200],
      ['/v1/messages', 200],
    ]);
    const second = server.requests[1]?.body as { stream: unknown; messages: unknown[] };
    expect(second.stream).toBe(true);
    expect(second.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'What is the weather in Paris?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Let me check.' },
          {
            type: 'tool_use',
            id: 'toolu_01weather',
            name: 'get_weather',
            input: { city: 'Paris' },
          },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_01weather', content: '{"temp_c":21}' },
        ],
      },
    ]);
  });

  it('makes aiwrapper fail, without retrying, on a history Anthropic would refuse', async () => {
    const [server, lang] = await anthropic({});
    const messages = new LangMessages();
    messages.addUserMessage('hi');
    messages.addToolResultsMessage([
      { type: 'tool-result', callId: 'toolu_orphan', name: 'get_weather', result: { temp_c: 21 } },
    ]);
    // AnthropicLang rethrows as `new Error(err)`: the message is all that is left of the refusal.
    await expect(lang.chat(messages)).rejects.toThrow('Error: HTTP error! status: 400');
    expect(server.requests.map((recorded) => recorded.status)).toEqual([400]);
  });
});
