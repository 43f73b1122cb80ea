import { Lang, LangMessages } from 'aiwrapper';
import { afterEach, describe, expect, it } from 'vitest';
import { startStrictServer } from '../../../src/testing/index.js';
import type { StrictServer, StrictServerOptions } from '../../../src/testing/index.js';
import { OPENAI_INVALID_JSON_MESSAGE } from '../../../src/testing/openai-chat/openai-chat-endpoint.js';
import { weatherQuestion } from '../servers.js';

const servers: StrictServer[] = [];
async function start(options?: StrictServerOptions): Promise<StrictServer> {
  const server = await startStrictServer(options);
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

interface Reply {
  readonly status: number;
  readonly contentType: string | null;
  readonly text: string;
}
async function post(url: string, body: unknown, init?: { readonly raw?: boolean }): Promise<Reply> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: init?.raw === true ? String(body) : JSON.stringify(body),
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    text: await response.text(),
  };
}

const user = { role: 'user', content: 'Weather in Paris?' };
const toolCallTurn = (...ids: string[]): object => ({
  role: 'assistant',
  content: null,
  tool_calls: ids.map((id) => ({
    id,
    type: 'function',
    function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
  })),
});
const toolResult = (id: string): object => ({
  role: 'tool',
  tool_call_id: id,
  content: '{"temp_c":21}',
});
const chat = (messages: unknown[], extra: object = {}): object => ({
  model: 'gpt-4o-mini',
  messages,
  ...extra,
});
const openAIError = (message: string, param: string | null, code: string | null): object => ({
  error: { message, type: 'invalid_request_error', param, code },
});

/** Parses an SSE body into its `data:` payloads; the last must be `[DONE]`. */
function parseSse(text: string): { chunks: Record<string, unknown>[]; done: boolean } {
  const events = text.split('\n\n').filter((event) => event !== '');
  const payloads = events.map((event) => {
    expect(event.startsWith('data: ')).toBe(true);
    return event.slice('data: '.length);
  });
  const done = payloads.at(-1) === '[DONE]';
  const chunks = payloads
    .slice(0, done ? -1 : undefined)
    .map((payload) => JSON.parse(payload) as Record<string, unknown>);
  return { chunks, done };
}

interface Delta {
  readonly role?: string;
  readonly content?: string | null;
  readonly tool_calls?: {
    index: number;
    id?: string;
    type?: string;
    function: { name?: string; arguments?: string };
  }[];
}
interface Choice {
  readonly delta: Delta;
  readonly finish_reason: string | null;
}

/** Rebuilds the assistant message from chunks, the way OpenAI's SDKs do. */
function rebuild(chunks: readonly Record<string, unknown>[]): {
  message: Record<string, unknown>;
  finishReason: string | null;
} {
  let content: string | null = null;
  let finishReason: string | null = null;
  const calls: { id: string; type: string; function: { name: string; arguments: string } }[] = [];
  for (const chunk of chunks) {
    const [choice] = chunk.choices as Choice[];
    if (choice === undefined) continue;
    if (typeof choice.delta.content === 'string') content = (content ?? '') + choice.delta.content;
    for (const part of choice.delta.tool_calls ?? []) {
      const existing = calls[part.index];
      if (existing === undefined) {
        calls[part.index] = {
          id: part.id ?? '',
          type: part.type ?? '',
          function: { name: part.function.name ?? '', arguments: part.function.arguments ?? '' },
        };
      } else {
        existing.function.arguments += part.function.arguments ?? '';
      }
    }
    finishReason = choice.finish_reason ?? finishReason;
  }
  const message: Record<string, unknown> = { role: 'assistant', content };
  if (calls.length > 0) message.tool_calls = calls;
  return { message, finishReason };
}

describe('startStrictServer: refusals', () => {
  it.each([
    [
      'an orphan tool message',
      [user, toolResult('call_a')],
      openAIError(
        "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
        'messages.[1].role',
        null,
      ),
    ],
    [
      'an unknown tool_call_id',
      [user, toolCallTurn('call_a'), toolResult('call_b')],
      openAIError(
        "Invalid parameter: 'tool_call_id' of 'call_b' not found in 'tool_calls' of previous message.",
        'messages.[2].tool_call_id',
        null,
      ),
    ],
    [
      'a call without result before the next user message',
      [user, toolCallTurn('call_a', 'call_b'), toolResult('call_b'), user],
      openAIError(
        "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: call_a",
        'messages.[3].role',
        null,
      ),
    ],
    [
      'a call without result at the end',
      [user, toolCallTurn('call_a')],
      openAIError(
        "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: call_a",
        'messages',
        null,
      ),
    ],
    [
      'a result given twice while another is pending',
      [
        user,
        toolCallTurn('call_a', 'call_b'),
        toolResult('call_a'),
        toolResult('call_a'),
        toolResult('call_b'),
      ],
      openAIError(
        "Invalid parameter: Duplicate value for 'tool_call_id' of 'call_a', in messages[2] and messages[3].",
        'messages.[3].tool_call_id',
        null,
      ),
    ],
    [
      'object arguments',
      [
        user,
        {
          role: 'assistant',
          tool_calls: [{ id: 'call_a', type: 'function', function: { name: 'f', arguments: {} } }],
        },
        toolResult('call_a'),
      ],
      openAIError(
        "Invalid type for 'messages[1].tool_calls[0].function.arguments': expected a string, but got an object instead.",
        'messages[1].tool_calls[0].function.arguments',
        'invalid_type',
      ),
    ],
    [
      'a call id over 40 characters',
      [user, toolCallTurn('x'.repeat(45)), toolResult('x'.repeat(45))],
      openAIError(
        "Invalid 'messages[1].tool_calls[0].id': string too long. Expected a string with maximum length 40, but got a string with length 45 instead.",
        'messages[1].tool_calls[0].id',
        'string_above_max_length',
      ),
    ],
    [
      'an empty tool_calls array',
      [user, { role: 'assistant', content: 'x', tool_calls: [] }],
      openAIError(
        "Invalid 'messages[1].tool_calls': empty array. Expected an array with minimum length 1, but got an empty array instead.",
        'messages[1].tool_calls',
        'empty_array',
      ),
    ],
    [
      'an empty messages array',
      [],
      openAIError(
        "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.",
        'messages',
        'empty_array',
      ),
    ],
    [
      'a message that is not an object',
      [user, 'hello'],
      openAIError(
        "Invalid type for 'messages[1]': expected an object, but got a string instead.",
        'messages[1]',
        'invalid_type',
      ),
    ],
    [
      'a message without role',
      [user, { content: 'hi' }],
      openAIError(
        "Missing required parameter: 'messages[1].role'.",
        'messages[1].role',
        'missing_required_parameter',
      ),
    ],
  ])('answers %s with OpenAI’s 400', async (_name, messages, expected) => {
    const server = await start();
    const reply = await post(
      `${server.baseURL}/chat/completions`,
      chat(messages, { stream: true }),
    );
    expect(reply.status).toBe(400);
    expect(reply.contentType).toBe('application/json');
    expect(JSON.parse(reply.text)).toEqual(expected);
  });

  it('reports the schema error OpenAI checks first, not the earlier ordering error', async () => {
    const server = await start();
    const messages = [
      user,
      toolResult('stray'),
      { role: 'assistant', content: 'x', tool_calls: [] },
    ];
    const reply = await post(`${server.baseURL}/chat/completions`, chat(messages));
    expect(JSON.parse(reply.text)).toEqual(
      openAIError(
        "Invalid 'messages[2].tool_calls': empty array. Expected an array with minimum length 1, but got an empty array instead.",
        'messages[2].tool_calls',
        'empty_array',
      ),
    );
  });

  it('answers a body that is not JSON with OpenAI’s 400', async () => {
    const server = await start();
    const reply = await post(`${server.baseURL}/chat/completions`, '{"model": ', { raw: true });
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.text)).toEqual(
      openAIError(
        "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON. If you have trouble figuring out how to fix this, please contact us through our help center at help.openai.com.)",
        null,
        null,
      ),
    );
  });

  it('answers missing model and missing messages as OpenAI does', async () => {
    const server = await start();
    const noModel = await post(`${server.baseURL}/chat/completions`, { messages: [user] });
    expect([noModel.status, JSON.parse(noModel.text)]).toEqual([
      400,
      openAIError('you must provide a model parameter', null, null),
    ]);
    const noMessages = await post(`${server.baseURL}/chat/completions`, { model: 'gpt-4o-mini' });
    expect([noMessages.status, JSON.parse(noMessages.text)]).toEqual([
      400,
      openAIError(
        "Missing required parameter: 'messages'.",
        'messages',
        'missing_required_parameter',
      ),
    ]);
  });

  it('answers other paths and methods with OpenAI’s 404', async () => {
    const server = await start();
    const wrongPath = await post(`${server.baseURL}/completions`, chat([user]));
    expect([wrongPath.status, JSON.parse(wrongPath.text)]).toEqual([
      404,
      openAIError('Invalid URL (POST /v1/completions)', null, null),
    ]);
    const wrongMethod = await fetch(`${server.baseURL}/chat/completions`);
    expect([wrongMethod.status, await wrongMethod.json()]).toEqual([
      404,
      openAIError('Invalid URL (GET /v1/chat/completions)', null, null),
    ]);
  });
});

describe('startStrictServer: replies', () => {
  it('streams a text reply as chat.completion.chunk events ending in [DONE]', async () => {
    const server = await start({ replies: [{ text: 'Sunny in Paris, 21 degrees.' }] });
    const reply = await post(`${server.url}/chat/completions`, chat([user], { stream: true }));
    expect(reply.status).toBe(200);
    expect(reply.contentType).toBe('text/event-stream; charset=utf-8');
    const { chunks, done } = parseSse(reply.text);
    expect(done).toBe(true);
    expect(
      chunks.every(
        (chunk) => chunk.object === 'chat.completion.chunk' && chunk.model === 'gpt-4o-mini',
      ),
    ).toBe(true);
    expect(new Set(chunks.map((chunk) => chunk.id)).size).toBe(1);
    expect((chunks[0]?.choices as Choice[])[0]?.delta).toEqual({
      role: 'assistant',
      content: '',
      refusal: null,
    });
    expect(
      chunks.filter((chunk) => typeof (chunk.choices as Choice[])[0]?.delta.content === 'string')
        .length,
    ).toBeGreaterThan(2);
    expect(rebuild(chunks)).toEqual({
      message: { role: 'assistant', content: 'Sunny in Paris, 21 degrees.' },
      finishReason: 'stop',
    });
  });

  it('streams tool calls: first delta with index, id, type and name, then argument fragments', async () => {
    const server = await start({
      replies: [
        {
          toolCalls: [
            { id: 'call_paris', name: 'get_weather', arguments: { city: 'Paris' } },
            { id: 'call_london', name: 'get_weather', arguments: '{"city":"London"}' },
          ],
        },
      ],
    });
    const reply = await post(`${server.baseURL}/chat/completions`, chat([user], { stream: true }));
    const { chunks, done } = parseSse(reply.text);
    expect(done).toBe(true);
    const deltas = chunks.map((chunk) => (chunk.choices as Choice[])[0]?.delta);
    expect(deltas[0]).toEqual({ role: 'assistant', content: null, refusal: null });
    expect(deltas[1]).toEqual({
      tool_calls: [
        {
          index: 0,
          id: 'call_paris',
          type: 'function',
          function: { name: 'get_weather', arguments: '' },
        },
      ],
    });
    const fragments = deltas.filter(
      (delta) => delta?.tool_calls?.[0]?.id === undefined && delta?.tool_calls !== undefined,
    );
    expect(fragments.length).toBeGreaterThanOrEqual(4);
    for (const fragment of fragments) {
      expect(Object.keys(fragment?.tool_calls?.[0] ?? {}).sort()).toEqual(['function', 'index']);
      expect(Object.keys(fragment?.tool_calls?.[0]?.function ?? {})).toEqual(['arguments']);
    }
    expect(rebuild(chunks)).toEqual({
      message: {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_paris',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
          },
          {
            id: 'call_london',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"London"}' },
          },
        ],
      },
      finishReason: 'tool_calls',
    });
  });

  it('adds a usage chunk when stream_options.include_usage is set', async () => {
    const server = await start();
    const reply = await post(
      `${server.baseURL}/chat/completions`,
      chat([user], { stream: true, stream_options: { include_usage: true } }),
    );
    const { chunks } = parseSse(reply.text);
    expect(chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    });
  });

  it('answers stream: false with one chat.completion', async () => {
    const server = await start({
      replies: [
        {
          text: 'Checking.',
          toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } }],
        },
      ],
    });
    const reply = await post(`${server.baseURL}/chat/completions`, chat([user]));
    expect(reply.contentType).toBe('application/json');
    const body = JSON.parse(reply.text) as Record<string, unknown>;
    expect(body).toEqual({
      id: expect.stringMatching(/^chatcmpl-[A-Za-z0-9]{29}$/) as unknown,
      object: 'chat.completion',
      created: expect.any(Number) as unknown,
      model: 'gpt-4o-mini',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: 'Checking.',
            refusal: null,
            tool_calls: [
              {
                id: 'call_1',
                type: 'function',
                function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
              },
            ],
          },
          logprobs: null,
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    });
  });

  it('serves the queue in order, then the default text; enqueue adds more; ids are generated when absent', async () => {
    const server = await start({ replies: [{ text: 'first' }] });
    server.enqueue({ toolCalls: [{ name: 'get_weather', arguments: {} }] });
    const answer = async (): Promise<Record<string, unknown>> => {
      const reply = await post(`${server.baseURL}/chat/completions`, chat([user]));
      return (
        (JSON.parse(reply.text) as { choices: { message: Record<string, unknown> }[] }).choices[0]
          ?.message ?? {}
      );
    };
    expect((await answer()).content).toBe('first');
    const second = await answer();
    expect(second.tool_calls).toEqual([
      {
        id: expect.stringMatching(/^call_[A-Za-z0-9]{24}$/) as unknown,
        type: 'function',
        function: { name: 'get_weather', arguments: '{}' },
      },
    ]);
    expect(await answer()).toEqual({ role: 'assistant', content: 'ok', refusal: null });
  });

  it('asks a reply function with the parsed request, after the queue', async () => {
    const server = await start({
      replies: (request) => ({
        text: `${request.path} saw ${String((request.body.messages as unknown[]).length)} messages`,
      }),
    });
    server.enqueue({ text: 'queued' });
    const first = await post(`${server.url}/chat/completions`, chat([user]));
    const second = await post(
      `${server.url}/chat/completions`,
      chat([user, { role: 'assistant', content: 'x' }, user]),
    );
    const contentOf = (reply: Reply): unknown =>
      (JSON.parse(reply.text) as { choices: { message: { content: unknown } }[] }).choices[0]
        ?.message.content;
    expect([contentOf(first), contentOf(second)]).toEqual([
      'queued',
      '/chat/completions saw 3 messages',
    ]);
  });

  it('answers 400, never 5xx, when the reply function throws', async () => {
    const server = await start({ replies: () => Promise.reject(new Error('no more replies')) });
    const reply = await post(`${server.baseURL}/chat/completions`, chat([user]));
    expect([reply.status, JSON.parse(reply.text)]).toEqual([
      400,
      {
        error: {
          message: 'Scripted reply failed: no more replies',
          type: 'strict_server_error',
          param: null,
          code: null,
        },
      },
    ]);
  });
});

describe('startStrictServer: recording and lifecycle', () => {
  it('records every request with path, parsed body, status and the error body of a refusal; reset forgets them', async () => {
    const server = await start();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.baseURL).toBe(`${server.url}/v1`);
    expect(server.lastRequest).toBeUndefined();
    await post(`${server.baseURL}/chat/completions`, chat([user]));
    await post(`${server.url}/chat/completions`, chat([toolResult('x')]));
    await post(`${server.baseURL}/chat/completions`, 'not json', { raw: true });
    await post(`${server.baseURL}/models`, {});
    const openAIError = (message: string, param: string | null): unknown => ({
      error: { message, type: 'invalid_request_error', param, code: null },
    });
    const notFound = {
      path: '/v1/models',
      body: {},
      status: 404,
      error: openAIError('Invalid URL (POST /v1/models)', null),
    };
    expect(server.requests).toStrictEqual([
      { path: '/v1/chat/completions', body: chat([user]), status: 200 },
      {
        path: '/chat/completions',
        body: chat([toolResult('x')]),
        status: 400,
        error: openAIError(
          "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
          'messages.[0].role',
        ),
      },
      {
        path: '/v1/chat/completions',
        body: 'not json',
        status: 400,
        error: openAIError(OPENAI_INVALID_JSON_MESSAGE, null),
      },
      notFound,
    ]);
    expect(server.lastRequest).toStrictEqual(notFound);
    server.enqueue({ text: 'forgotten' });
    server.reset();
    expect([server.requests, server.lastRequest]).toEqual([[], undefined]);
    const reply = await post(`${server.baseURL}/chat/completions`, chat([user]));
    expect(
      (JSON.parse(reply.text) as { choices: { message: { content: string } }[] }).choices[0]
        ?.message.content,
    ).toBe('ok');
  });

  it('closes promptly with a keep-alive connection open, and stops accepting requests', async () => {
    const server = await startStrictServer();
    await post(`${server.baseURL}/chat/completions`, chat([user]));
    await server.close();
    await expect(
      fetch(`${server.baseURL}/chat/completions`, { method: 'POST', body: '{}' }),
    ).rejects.toThrow();
  });
});

describe('startStrictServer with aiwrapper 3', () => {
  it('serves a tool call that aiwrapper runs, then accepts the history aiwrapper sends back', async () => {
    const server = await start({
      replies: [
        {
          toolCalls: [{ id: 'call_weather_1', name: 'get_weather', arguments: { city: 'Paris' } }],
        },
        { text: 'It is sunny in Paris.' },
      ],
    });
    const seen: unknown[] = [];
    const lang = Lang.openaiLike({ baseURL: server.baseURL, model: 'gpt-4o-mini', apiKey: 'test' });
    const afterTools = await lang.chat(weatherQuestion(seen, { temp_c: 21, sky: 'sunny' }));
    expect(seen).toEqual([{ city: 'Paris' }]);
    const final = await lang.chat(afterTools);
    expect(final.answer).toBe('It is sunny in Paris.');

    expect(server.requests.map((request) => [request.path, request.status])).toEqual([
      ['/v1/chat/completions', 200],
      ['/v1/chat/completions', 200],
    ]);
    const second = server.requests[1]?.body as { stream: unknown; messages: unknown[] };
    expect(second.stream).toBe(true);
    expect(second.messages).toEqual([
      { role: 'user', content: 'What is the weather in Paris?' },
      {
        role: 'assistant',
        content: '',
        tool_calls: [
          {
            id: 'call_weather_1',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
          },
        ],
      },
      {
        role: 'tool',
        tool_call_id: 'call_weather_1',
        name: 'get_weather',
        content: '{"temp_c":21,"sky":"sunny"}',
      },
    ]);
  });

  it('makes aiwrapper fail on a history OpenAI would refuse', async () => {
    const server = await start();
    const lang = Lang.openaiLike({ baseURL: server.baseURL, model: 'gpt-4o-mini', apiKey: 'test' });
    const messages = new LangMessages();
    messages.addUserMessage('hi');
    messages.addToolResultsMessage([
      { type: 'tool-result', callId: 'call_orphan', name: 'get_weather', result: { temp_c: 21 } },
    ]);
    await expect(lang.chat(messages)).rejects.toThrow();
    expect(server.requests.map((request) => request.status)).toEqual([400]);
  });
});
