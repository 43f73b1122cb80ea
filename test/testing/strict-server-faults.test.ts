import { describe, expect, it } from 'vitest';
import type { ScriptedReply } from '../../src/testing/index.js';
import { post } from './http.js';
import { useStrictServers } from './servers.js';

// Every bad request gets a 4xx in the provider's shape and is recorded; none resets the socket
// (a reset would make `post` reject, failing the test).

const start = useStrictServers();

const user = { role: 'user', content: 'hi' };
const chat = (messages: unknown[]): unknown => ({ model: 'gpt-4o-mini', messages });
const anthropic = (messages: unknown[]): unknown => ({
  model: 'claude-sonnet-4-5-20250929',
  max_tokens: 10,
  messages,
});
const gemini = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };

const openAIError = (
  message: string,
  param: string | null,
  code: string | null,
  type?: string,
) => ({
  error: { message, type: type ?? 'invalid_request_error', param, code },
});

function json(text: string): unknown {
  return JSON.parse(text) as unknown;
}

describe('startStrictServer: the body limit', () => {
  it('answers a body over maxBodyBytes 413 in the provider shape, and records it without the body', async () => {
    const server = await start({ maxBodyBytes: 100 });
    const big = 'x'.repeat(1000);
    const message = `The request body is ${String(JSON.stringify(chat([{ role: 'user', content: big }])).length)} bytes, over the strict server's limit of 100 bytes (option maxBodyBytes).`;
    const openai = await post(
      `${server.baseURL}/chat/completions`,
      chat([{ role: 'user', content: big }]),
    );
    expect([openai.status, json(openai.text)]).toEqual([413, openAIError(message, null, null)]);
    const claude = await post(`${server.url}/v1/messages`, chat([{ role: 'user', content: big }]));
    expect([claude.status, json(claude.text)]).toEqual([
      413,
      {
        type: 'error',
        error: { type: 'request_too_large', message },
        request_id: expect.stringMatching(/^req_011C/) as unknown,
      },
    ]);
    const google = await post(
      `${server.url}/v1beta/models/gemini-2.5-flash:generateContent`,
      chat([{ role: 'user', content: big }]),
    );
    expect([google.status, json(google.text)]).toEqual([
      413,
      { error: { code: 413, message, status: 'INVALID_ARGUMENT' } },
    ]);
    expect(server.requests.map(({ path, status, body }) => ({ path, status, body }))).toEqual([
      { path: '/v1/chat/completions', status: 413, body: undefined },
      { path: '/v1/messages', status: 413, body: undefined },
      { path: '/v1beta/models/gemini-2.5-flash:generateContent', status: 413, body: undefined },
    ]);
  });

  it('accepts a body of exactly maxBodyBytes', async () => {
    const body = JSON.stringify(chat([user]));
    const server = await start({ maxBodyBytes: body.length });
    const reply = await post(`${server.baseURL}/chat/completions`, body, { raw: true });
    expect(reply.status).toBe(200);
  });

  it('defaults to 32 MiB', async () => {
    const server = await start();
    const content = 'x'.repeat(32 * 1024 * 1024);
    const reply = await post(
      `${server.baseURL}/chat/completions`,
      chat([{ role: 'user', content }]),
    );
    expect(reply.status).toBe(413);
  });
});

describe('startStrictServer: a reply function that answers what JSON cannot hold', () => {
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  it.each([
    ['null', null, "Cannot read properties of null (reading 'text')"],
    ['a cycle', { toolCalls: [{ name: 'f', arguments: cyclic }] }, 'Converting circular structure'],
    [
      'a BigInt',
      { toolCalls: [{ name: 'f', arguments: { n: 1n } }] },
      'Do not know how to serialize a BigInt',
    ],
  ])('answers %s with a 400 strict_server_error on every endpoint', async (_name, value, why) => {
    const server = await start({ replies: () => value as unknown as ScriptedReply });
    const replies = await Promise.all([
      post(`${server.baseURL}/chat/completions`, chat([user])),
      post(`${server.baseURL}/responses`, { model: 'gpt-4o-mini', input: 'hi' }),
      post(`${server.url}/v1/messages`, anthropic([user])),
      post(`${server.url}/v1beta/models/gemini-2.5-flash:generateContent`, gemini),
      post(`${server.url}/mistral/v1/chat/completions`, chat([user])),
    ]);
    expect(replies.map((reply) => reply.status)).toEqual([400, 400, 400, 400, 400]);
    for (const reply of replies) expect(reply.text).toContain(`Scripted reply failed: ${why}`);
    expect(server.requests.map(({ status, error }) => [status, error !== undefined])).toEqual(
      Array.from({ length: 5 }, () => [400, true]),
    );
  });
});

describe('startStrictServer: bad requests', () => {
  it('answers a bad % escape in the Gemini model path with Google’s 400, recorded', async () => {
    const server = await start();
    const reply = await post(`${server.url}/v1beta/models/%E0%A4%A:generateContent`, gemini);
    const error = {
      error: {
        code: 400,
        message: 'Invalid model name in the request path: "%E0%A4%A".',
        status: 'INVALID_ARGUMENT',
      },
    };
    expect([reply.status, json(reply.text)]).toEqual([400, error]);
    expect(server.requests).toEqual([
      { path: '/v1beta/models/%E0%A4%A:generateContent', body: gemini, status: 400, error },
    ]);
  });

  it('answers bad JSON on every endpoint with a 400, recorded with the raw text', async () => {
    const server = await start();
    const paths = [
      `${server.baseURL}/chat/completions`,
      `${server.baseURL}/responses`,
      `${server.url}/v1/messages`,
      `${server.url}/v1beta/models/gemini-2.5-flash:generateContent`,
      `${server.url}/mistral/v1/chat/completions`,
    ];
    const replies = await Promise.all(paths.map((path) => post(path, '{"model":', { raw: true })));
    expect(replies.map((reply) => reply.status)).toEqual([400, 400, 400, 400, 400]);
    expect(server.requests.map(({ body, status }) => [body, status])).toEqual(
      Array.from({ length: 5 }, () => ['{"model":', 400]),
    );
  });
});

describe("startStrictServer: a role or a tool call the provider's schema does not have", () => {
  const wizard = [user, { role: 'wizard', content: 'abracadabra' }];
  const nullCall = [user, { role: 'assistant', content: null, tool_calls: [null] }];

  it.each([
    [
      'role wizard, Chat Completions',
      '/v1/chat/completions',
      chat(wizard),
      openAIError(
        "Invalid value: 'wizard'. Supported values are: 'system', 'assistant', 'user', 'function', 'tool', and 'developer'.",
        'messages[1].role',
        'invalid_value',
      ),
    ],
    [
      'tool_calls [null], Chat Completions',
      '/v1/chat/completions',
      chat(nullCall),
      openAIError(
        "Invalid type for 'messages[1].tool_calls[0]': expected an object, but got null instead.",
        'messages[1].tool_calls[0]',
        'invalid_type',
      ),
    ],
    [
      'role wizard, Responses',
      '/v1/responses',
      { model: 'gpt-4o-mini', input: wizard },
      openAIError(
        "Invalid value: 'wizard'. Supported values are: 'assistant', 'system', 'developer', and 'user'.",
        'input[1]',
        'invalid_value',
      ),
    ],
    [
      'role wizard, Anthropic',
      '/v1/messages',
      anthropic(wizard),
      {
        type: 'error',
        error: {
          type: 'invalid_request_error',
          message: "messages.1.role: Input should be 'user' or 'assistant'",
        },
        request_id: expect.stringMatching(/^req_011C/) as unknown,
      },
    ],
    [
      'role wizard, Gemini',
      '/v1beta/models/gemini-2.5-flash:generateContent',
      {
        contents: [
          { role: 'user', parts: [{ text: 'hi' }] },
          { role: 'wizard', parts: [{ text: 'x' }] },
        ],
      },
      {
        error: {
          code: 400,
          message: 'Please use a valid role: user, model.',
          status: 'INVALID_ARGUMENT',
        },
      },
    ],
    [
      'role wizard, Mistral',
      '/mistral/v1/chat/completions',
      chat(wizard),
      {
        object: 'error',
        message:
          "messages[1].role is the string \"wizard\", but must be 'system', 'user', 'assistant' or 'tool'.",
        type: 'invalid_request_error',
        param: null,
        code: null,
      },
    ],
    [
      'tool_calls [null], Mistral',
      '/mistral/v1/chat/completions',
      chat(nullCall),
      {
        object: 'error',
        message: 'messages[1].tool_calls[0] is null, but must be a tool call object.',
        type: 'invalid_request_error',
        param: null,
        code: null,
      },
    ],
  ])('refuses %s', async (_name, path, body, error) => {
    const server = await start();
    const reply = await post(`${server.url}${path}`, body);
    expect([reply.status, json(reply.text)]).toEqual([400, error]);
    expect(server.requests).toEqual([{ path, body, status: 400, error }]);
  });
});
