import '../../src/register.js';
import { Lang, LangMessages } from 'aiwrapper';
import { describe, expect, it } from 'vitest';
import { isProviderError, ProviderError, withProviderErrors } from '../../src/aiwrapper/index.js';
import { providerErrorOf, providerMessageOf } from '../../src/aiwrapper/provider-errors.js';
import { withStrictServer } from '../helpers/strict-server.js';
import { nonStreamingLoop, weatherTools } from '../helpers/agent-loops.js';
import { useProviderErrors } from '../helpers/provider-http.js';

const url = 'https://api.example.test/v1/chat/completions';

function reply(status: number, body: string, contentType = 'application/json'): Response {
  return new Response(body, { status, headers: { 'content-type': contentType } });
}

/** Calls `withProviderErrors` around a request function that answers `response`. */
async function refusalOf(response: Response, options: object = {}): Promise<unknown> {
  return withProviderErrors(() => Promise.resolve(response))(url, options).then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('withProviderErrors', () => {
  it('passes an accepted reply through as the same object', async () => {
    const accepted = reply(200, '{"ok":true}');
    await expect(withProviderErrors(() => Promise.resolve(accepted))(url, {})).resolves.toBe(
      accepted,
    );
  });

  it('works when a JS caller gives no options or null: a reply passes, a refusal is a ProviderError', async () => {
    const accepted = reply(200, '{"ok":true}');
    const request = withProviderErrors(() => Promise.resolve(accepted)) as (
      url: string,
      options?: unknown,
    ) => Promise<Response>;
    await expect(request(url)).resolves.toBe(accepted);
    await expect(request(url, null)).resolves.toBe(accepted);
    const refusing = withProviderErrors(() => Promise.resolve(reply(400, '{}'))) as (
      url: string,
    ) => Promise<Response>;
    const error: unknown = await refusing(url).catch((thrown: unknown) => thrown);
    expect(isProviderError(error) && error.status).toBe(400);
  });

  it("throws a ProviderError carrying the provider's sentence and its parsed body", async () => {
    const body = {
      error: {
        message: 'No tool call found for function call output with call_id call_7Hq2.',
        type: 'invalid_request_error',
        param: 'input',
        code: null,
      },
    };
    const error = await refusalOf(reply(400, JSON.stringify(body)));
    expect(error).toBeInstanceOf(ProviderError);
    expect(isProviderError(error)).toBe(true);
    expect(error).toMatchObject({
      name: 'ProviderError',
      message:
        'HTTP error! status: 400: No tool call found for function call output with call_id call_7Hq2.',
      status: 400,
      url,
      providerError: body,
      providerMessage: 'No tool call found for function call output with call_id call_7Hq2.',
      body,
      bodyText: JSON.stringify(body),
      action: { retry: false },
    });
  });

  it('keeps a body that is not JSON as text, in the message too', async () => {
    const error = await refusalOf(reply(403, 'Forbidden by proxy', 'text/plain'));
    expect(error).toMatchObject({
      message: 'HTTP error! status: 403: Forbidden by proxy',
      providerError: 'Forbidden by proxy',
      providerMessage: undefined,
      action: { retry: false },
    });
  });

  it('says only the status when the body is empty', async () => {
    const error = await refusalOf(reply(404, ''));
    expect(error).toMatchObject({ message: 'HTTP error! status: 404', providerError: '' });
  });

  it('asks aiwrapper to retry 429 and 5xx, as aiwrapper does', async () => {
    const statuses = [429, 500, 503, 401, 422];
    const actions = await Promise.all(
      statuses.map(async (status) => {
        const error = await refusalOf(reply(status, '{}'));
        return isProviderError(error) ? error.action : undefined;
      }),
    );
    expect(actions).toEqual([
      { retry: true },
      { retry: true },
      { retry: true },
      { retry: false },
      { retry: false },
    ]);
  });

  it("offers a 400 to the request's on400Error and keeps its decision", async () => {
    const seen: string[] = [];
    const options = {
      on400Error: async (response: Response) => {
        seen.push(await response.text());
        return { retry: true, consumeRetry: false };
      },
    };
    const error = await refusalOf(reply(400, '{"error":{"message":"lost"}}'), options);
    expect(seen).toEqual(['{"error":{"message":"lost"}}']);
    expect(error).toMatchObject({
      message: 'HTTP error! status: 400: lost',
      action: { retry: true, consumeRetry: false },
    });
  });

  it('gives up when on400Error throws, as aiwrapper does', async () => {
    const options = {
      on400Error: () => Promise.reject(new Error('not mine to fix')),
    };
    const error = await refusalOf(reply(400, '{"error":{"message":"bad"}}'), options);
    expect(error).toMatchObject({ action: { retry: false } });
  });
});

describe('providerMessageOf', () => {
  it.each([
    [
      'OpenAI, Groq, DeepSeek',
      { error: { message: 'Invalid parameter.', type: 'x' } },
      'Invalid parameter.',
    ],
    [
      'Anthropic',
      { type: 'error', error: { type: 'invalid_request_error', message: 'messages.1: bad' } },
      'messages.1: bad',
    ],
    [
      'Gemini',
      { error: { code: 400, message: 'Please ensure…', status: 'INVALID_ARGUMENT' } },
      'Please ensure…',
    ],
    [
      'Mistral',
      { object: 'error', message: "Unexpected role 'tool'", type: 'x', param: null, code: '3230' },
      "Unexpected role 'tool'",
    ],
    [
      "Mistral's 422",
      {
        object: 'error',
        message: { detail: [{ loc: ['body', 'messages', 1], msg: 'Field required' }] },
      },
      'body.messages.1: Field required',
    ],
    ['a FastAPI detail', { detail: 'Not authenticated' }, 'Not authenticated'],
    ['a bare error string', { error: 'Unauthorized' }, 'Unauthorized'],
    ['nothing readable', { status: 'bad' }, undefined],
    ['text', 'Bad Gateway', undefined],
  ])('reads %s', (_name, body, expected) => {
    expect(providerMessageOf(body)).toBe(expected);
  });
});

describe('providerErrorOf', () => {
  it("finds the refusal behind aiwrapper's copy of its text, once", async () => {
    const error = await refusalOf(reply(400, '{"error":{"message":"once"}}'));
    // What aiwrapper's Chat Completions and Anthropic providers throw: `new Error(error)`.
    const copy = new Error(String(error));
    expect(providerErrorOf(copy)).toBe(error);
    expect(providerErrorOf(copy)).toBeUndefined();
    expect(providerErrorOf(error)).toBe(error);
    expect(providerErrorOf(new Error('HTTP error! status: 400'))).toBeUndefined();
    expect(providerErrorOf('HTTP error! status: 400')).toBeUndefined();
  });
});

describe('withProviderErrors installed for aiwrapper', () => {
  const server = withStrictServer({
    route: (request) => useProviderErrors(request),
  });

  it('lets the Responses provider resend without a previous_response_id the server lost', async () => {
    const lang = Lang.openai({ apiKey: 'test', model: 'gpt-4o-mini' });
    server.enqueue({ text: 'Hello.' });
    const first = await lang.chat(new LangMessages('Hi'));
    server.reset(); // forgets the stored response, as OpenAI does after its retention period
    server.enqueue({ text: 'Still here.' });
    first.addUserMessage('Are you there?');
    const second = await lang.chat(first);
    expect(server.requests.map(({ status, error }) => ({ status, error }))).toEqual([
      {
        status: 400,
        error: {
          error: {
            message: expect.stringMatching(
              /^Previous response with id 'resp_\w+' not found\.$/,
            ) as unknown,
            type: 'invalid_request_error',
            param: 'previous_response_id',
            code: 'previous_response_not_found',
          },
        },
      },
      { status: 200, error: undefined },
    ]);
    expect(second.answer).toBe('Still here.');
  });

  it('makes chat() of the Chat Completions provider throw the ProviderError itself', async () => {
    const lang = Lang.openaiLike({ apiKey: 'test', model: 'gpt-4o-mini', baseURL: server.baseURL });
    const messages = new LangMessages('Weather?');
    messages.addToolResultsMessage([
      { type: 'tool-result', callId: 'call_1', name: 'get_weather', result: {} },
    ]);
    const error = await lang.chat(messages).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      message:
        "HTTP error! status: 400: Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
      providerError: server.lastRequest?.error,
    });
  });

  it('changes nothing for accepted requests', async () => {
    const lang = Lang.anthropic({ apiKey: 'test', model: 'claude-sonnet-4-5-20250929' });
    server.enqueue(
      { toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] },
      { text: 'Sunny.' },
    );
    const result = await nonStreamingLoop(
      lang,
      new LangMessages('Weather in Paris?'),
      weatherTools,
    );
    expect(result.answer).toBe('Sunny.');
    expect(server.requests.map(({ status }) => status)).toEqual([200, 200]);
  });
});
