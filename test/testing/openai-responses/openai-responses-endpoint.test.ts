import { Lang } from 'aiwrapper';
import { describe, expect, it } from 'vitest';
import type { StrictServer } from '../../../src/testing/index.js';
import { parseSse, post } from '../http.js';
import { useStrictServers, weatherQuestion } from '../servers.js';

const start = useStrictServers();

const user = { role: 'user', content: 'Weather in Paris?' };
const call = (callId: string): object => ({
  type: 'function_call',
  call_id: callId,
  name: 'get_weather',
  arguments: '{"city":"Paris"}',
});
const output = (callId: string): object => ({
  type: 'function_call_output',
  call_id: callId,
  output: '{"temp_c":21}',
});
const request = (input: unknown, extra: object = {}): object => ({
  model: 'gpt-4o-mini',
  input,
  ...extra,
});
const openAIError = (message: string, param: string | null, code: string | null): object => ({
  error: { message, type: 'invalid_request_error', param, code },
});
const RESP_ID = /^resp_[0-9a-f]{50}$/;

/** Sends a request and returns the parsed JSON body with the status. */
async function send(
  server: StrictServer,
  body: unknown,
): Promise<[number, Record<string, unknown>]> {
  const reply = await post(`${server.baseURL}/responses`, body);
  return [reply.status, JSON.parse(reply.text) as Record<string, unknown>];
}

describe('POST /v1/responses: refusals', () => {
  it.each([
    [
      'an output with no call',
      [user, output('call_a')],
      openAIError(
        'No tool call found for function call output with call_id call_a.',
        'input',
        null,
      ),
    ],
    [
      'a call with no output',
      [user, call('call_a'), user],
      openAIError('No tool output found for function call call_a.', 'input', null),
    ],
    [
      'a call_id over 64 characters',
      [user, call('c'.repeat(65)), output('c'.repeat(65))],
      openAIError(
        "Invalid 'input[1].call_id': string too long. Expected a string with maximum length 64, but got a string with length 65 instead.",
        'input[1].call_id',
        'string_above_max_length',
      ),
    ],
  ])('answers %s with OpenAI’s 400, streaming or not', async (_name, input, expected) => {
    const server = await start();
    expect(await send(server, request(input, { stream: true }))).toEqual([400, expected]);
    expect(await send(server, request(input))).toEqual([400, expected]);
    expect(server.requests.map((recorded) => recorded.status)).toEqual([400, 400]);
  });

  it('answers an unknown previous_response_id with previous_response_not_found', async () => {
    const server = await start();
    expect(
      await send(server, request([output('call_a')], { previous_response_id: 'resp_gone' })),
    ).toEqual([
      400,
      openAIError(
        "Previous response with id 'resp_gone' not found.",
        'previous_response_id',
        'previous_response_not_found',
      ),
    ]);
  });

  it('answers a missing model, a body that is not JSON and a wrongly typed input as OpenAI does', async () => {
    const server = await start();
    expect(await send(server, { input: 'hi' })).toEqual([
      400,
      openAIError("Missing required parameter: 'model'.", 'model', 'missing_required_parameter'),
    ]);
    const notJson = await post(`${server.baseURL}/responses`, '{"model": ', { raw: true });
    expect([
      notJson.status,
      (JSON.parse(notJson.text) as { error: { message: string } }).error.message,
    ]).toEqual([400, expect.stringMatching(/^We could not parse the JSON body of your request\./)]);
    expect(await send(server, request(42))).toEqual([
      400,
      openAIError(
        "Invalid type for 'input': expected one of a string or an array of input items, but got an integer instead.",
        'input',
        'invalid_type',
      ),
    ]);
  });
});

describe('POST /v1/responses: conversation state', () => {
  it('checks a previous_response_id follow-up against the stored conversation', async () => {
    const server = await start({
      replies: [
        { toolCalls: [{ id: 'call_w', name: 'get_weather', arguments: { city: 'Paris' } }] },
        { text: 'Sunny.' },
      ],
    });
    const [, first] = await send(server, request([user]));
    expect(first.id).toMatch(RESP_ID);
    const [status, second] = await send(
      server,
      request([output('call_w')], { previous_response_id: first.id }),
    );
    expect([status, second.previous_response_id]).toEqual([200, first.id]);
    // Without the previous response, the same output answers nothing.
    expect(await send(server, request([output('call_w')]))).toEqual([
      400,
      openAIError(
        'No tool call found for function call output with call_id call_w.',
        'input',
        null,
      ),
    ]);
  });

  it('names indexes of the input sent, not of the stored conversation', async () => {
    const server = await start({ replies: [{ text: 'Hello.' }] });
    const [, first] = await send(server, request([user]));
    const long = 'c'.repeat(65);
    expect(
      await send(server, request([call(long), output(long)], { previous_response_id: first.id })),
    ).toEqual([
      400,
      openAIError(
        "Invalid 'input[0].call_id': string too long. Expected a string with maximum length 64, but got a string with length 65 instead.",
        'input[0].call_id',
        'string_above_max_length',
      ),
    ]);
  });

  it('does not keep responses created with store: false, and forgets all on reset', async () => {
    const server = await start();
    const [, unstored] = await send(server, request('hi', { store: false }));
    const [, stored] = await send(server, request('hi'));
    expect((await send(server, request('again', { previous_response_id: unstored.id })))[0]).toBe(
      400,
    );
    expect((await send(server, request('again', { previous_response_id: stored.id })))[0]).toBe(
      200,
    );
    server.reset();
    expect((await send(server, request('again', { previous_response_id: stored.id })))[0]).toBe(
      400,
    );
  });
});

describe('POST /v1/responses: replies', () => {
  it('answers stream: false with one completed response object', async () => {
    const server = await start({
      replies: [
        {
          text: 'Checking.',
          toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } }],
        },
      ],
    });
    const tools = [{ type: 'function', name: 'get_weather', parameters: { type: 'object' } }];
    const reply = await post(
      `${server.baseURL}/responses`,
      request([user], { instructions: 'Be brief.', tools }),
    );
    expect([reply.status, reply.contentType]).toEqual([200, 'application/json']);
    expect(JSON.parse(reply.text)).toEqual({
      id: expect.stringMatching(RESP_ID),
      object: 'response',
      created_at: expect.any(Number),
      status: 'completed',
      background: false,
      error: null,
      incomplete_details: null,
      instructions: 'Be brief.',
      max_output_tokens: null,
      max_tool_calls: null,
      model: 'gpt-4o-mini',
      output: [
        {
          id: expect.stringMatching(/^msg_[0-9a-f]{50}$/),
          type: 'message',
          status: 'completed',
          content: [{ type: 'output_text', annotations: [], logprobs: [], text: 'Checking.' }],
          role: 'assistant',
        },
        {
          id: expect.stringMatching(/^fc_[0-9a-f]{50}$/),
          type: 'function_call',
          status: 'completed',
          arguments: '{"city":"Paris"}',
          call_id: 'call_1',
          name: 'get_weather',
        },
      ],
      parallel_tool_calls: true,
      previous_response_id: null,
      reasoning: { effort: null, summary: null },
      service_tier: 'default',
      store: true,
      temperature: 1,
      text: { format: { type: 'text' }, verbosity: 'medium' },
      tool_choice: 'auto',
      tools,
      top_p: 1,
      truncation: 'disabled',
      usage: {
        input_tokens: 0,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: 0,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: 0,
      },
      user: null,
      metadata: {},
    });
  });

  it('streams the Responses events in order, with arguments and text split across deltas', async () => {
    const server = await start({
      replies: [
        {
          text: 'Checking the weather.',
          toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } }],
        },
      ],
    });
    const reply = await post(`${server.baseURL}/responses`, request([user], { stream: true }));
    expect([reply.status, reply.contentType]).toEqual([200, 'text/event-stream; charset=utf-8']);
    const events = parseSse(reply.text);
    expect(events.every((event) => event.event === event.data.type)).toBe(true);
    expect(events.map((event) => event.data.sequence_number)).toEqual(
      events.map((_event, index) => index),
    );
    const types = events.map((event) => event.event);
    const collapsed = types.filter((type, index) => type !== types[index - 1]);
    expect(collapsed).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
    const completed = events.at(-1)?.data.response as {
      id: string;
      status: string;
      output: { id: string }[];
    };
    expect(events[0]?.data.response).toMatchObject({
      id: completed.id,
      status: 'in_progress',
      output: [],
      usage: null,
    });
    expect(completed.status).toBe('completed');
    const [message, functionCall] = completed.output;
    const added = events
      .filter((event) => event.event === 'response.output_item.added')
      .map((event) => event.data);
    expect(added).toEqual([
      {
        type: 'response.output_item.added',
        sequence_number: 2,
        output_index: 0,
        item: { ...message, status: 'in_progress', content: [] },
      },
      {
        type: 'response.output_item.added',
        sequence_number: expect.any(Number),
        output_index: 1,
        item: { ...functionCall, status: 'in_progress', arguments: '' },
      },
    ]);
    const joined = (type: string): string =>
      events
        .filter((event) => event.event === type)
        .map((event) => event.data.delta as string)
        .join('');
    expect(joined('response.output_text.delta')).toBe('Checking the weather.');
    expect(joined('response.function_call_arguments.delta')).toBe('{"city":"Paris"}');
    expect(
      events.filter((event) => event.event === 'response.function_call_arguments.delta').length,
    ).toBeGreaterThan(1);
    const done = events
      .filter((event) => event.event === 'response.output_item.done')
      .map((event) => event.data.item);
    expect(done).toEqual(completed.output);
    expect(
      events.find((event) => event.event === 'response.function_call_arguments.done')?.data,
    ).toEqual({
      type: 'response.function_call_arguments.done',
      sequence_number: expect.any(Number),
      item_id: functionCall?.id,
      output_index: 1,
      arguments: '{"city":"Paris"}',
    });
  });
});

describe('POST /v1/responses with aiwrapper 3 (Lang.openai)', () => {
  const openai = (server: StrictServer): ReturnType<typeof Lang.openai> => {
    const lang = Lang.openai({ apiKey: 'test', model: 'gpt-4o-mini' });
    // A public field at run time, declared private in aiwrapper's types.
    (lang as unknown as { baseURL: string }).baseURL = server.baseURL;
    return lang;
  };

  it('serves a tool call that aiwrapper runs, then accepts the follow-up sent with previous_response_id', async () => {
    const server = await start({
      replies: [
        {
          toolCalls: [{ id: 'call_weather_1', name: 'get_weather', arguments: { city: 'Paris' } }],
        },
        { text: 'It is sunny in Paris.' },
      ],
    });
    const seen: unknown[] = [];
    const messages = weatherQuestion(seen);
    const lang = openai(server);
    const afterTools = await lang.chat(messages);
    expect(seen).toEqual([{ city: 'Paris' }]);
    const final = await lang.chat(afterTools);
    expect(final.answer).toBe('It is sunny in Paris.');

    expect(server.requests.map((recorded) => [recorded.path, recorded.status])).toEqual([
      ['/v1/responses', 200],
      ['/v1/responses', 200],
    ]);
    const second = server.requests[1]?.body as Record<string, unknown>;
    expect(second.previous_response_id).toMatch(RESP_ID);
    expect(second.input).toEqual([
      { type: 'function_call_output', call_id: 'call_weather_1', output: '{"temp_c":21}' },
    ]);
  });

  it('shows that aiwrapper’s retry without previous_response_id cannot resend a tool turn', async () => {
    // aiwrapper answers previous_response_not_found by resending the whole history, but it writes
    // the assistant's function_call inside the message's `content`, where the Responses API does
    // not take it: the output is then an orphan.
    const server = await start({
      replies: [
        {
          toolCalls: [{ id: 'call_weather_1', name: 'get_weather', arguments: { city: 'Paris' } }],
        },
      ],
    });
    const messages = weatherQuestion([]);
    const lang = openai(server);
    const afterTools = await lang.chat(messages);
    server.reset();
    // aiwrapper wraps every refusal in an HttpRequestError that keeps the parsed body.
    await expect(lang.chat(afterTools)).rejects.toMatchObject({
      message: 'HTTP error! status: 400',
      body: openAIError(
        'No tool call found for function call output with call_id call_weather_1.',
        'input',
        null,
      ),
    });
    const [retry] = server.requests.slice(1);
    expect(server.requests.map((recorded) => recorded.status)).toEqual([400, 400]);
    expect((retry?.body as Record<string, unknown>).previous_response_id).toBeUndefined();
    expect((retry?.body as { input: unknown[] }).input[1]).toEqual({
      role: 'assistant',
      content: [
        {
          type: 'function_call',
          call_id: 'call_weather_1',
          name: 'get_weather',
          arguments: '{"city":"Paris"}',
        },
      ],
    });
  });
});
