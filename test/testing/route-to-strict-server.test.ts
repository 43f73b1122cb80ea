import { describe, expect, it } from 'vitest';
import { routeToStrictServer } from '../../src/testing/index.js';
import { useStrictServers } from './servers.js';

const start = useStrictServers();

const postJson = (
  body: unknown,
): { method: string; headers: Record<string, string>; body: string; retries: number } => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
  // aiwrapper's own options ride along; fetch ignores them.
  retries: 6,
});

describe('routeToStrictServer', () => {
  it('sends the providers’ origins to the server, keeping path and query', async () => {
    const server = await start();
    const route = routeToStrictServer(server);
    const anthropic = {
      model: 'claude-sonnet-4-5-20250929',
      max_tokens: 10,
      messages: [{ role: 'user', content: 'hi' }],
    };
    const gemini = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };
    const openai = { model: 'gpt-4o-mini', input: 'hi' };
    const statuses = await Promise.all([
      route('https://api.anthropic.com/v1/messages', postJson(anthropic)),
      route(
        new URL(
          'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse&key=k',
        ),
        postJson(gemini),
      ),
      route('https://api.openai.com/v1/responses', postJson(openai)),
    ]).then((responses) =>
      responses.map((response) => [response.status, response.headers.get('content-type')]),
    );
    expect(statuses).toEqual([
      [200, 'application/json'],
      [200, 'text/event-stream'],
      [200, 'application/json'],
    ]);
    expect(server.requests.map((recorded) => recorded.path).sort()).toEqual([
      '/v1/messages',
      '/v1/responses',
      '/v1beta/models/gemini-2.5-flash:streamGenerateContent',
    ]);
  });

  it("sends Mistral's and DeepSeek's Chat Completions to the Mistral and Chat endpoints", async () => {
    const server = await start();
    const route = routeToStrictServer(server);
    const chat = { model: 'm', messages: [{ role: 'user', content: 'hi' }] };
    const statuses = await Promise.all([
      route('https://api.mistral.ai/v1/chat/completions', postJson(chat)),
      route('https://api.deepseek.com/v1/chat/completions', postJson(chat)),
    ]).then((responses) => responses.map((response) => response.status));
    expect(statuses).toEqual([200, 200]);
    expect(server.requests.map(({ path, status }) => `${String(status)} ${path}`).sort()).toEqual([
      '200 /mistral/v1/chat/completions',
      '200 /v1/chat/completions',
    ]);
  });

  it('leaves every other URL as it is', async () => {
    const server = await start();
    const other = await start();
    const response = await routeToStrictServer(server)(
      `${other.baseURL}/chat/completions`,
      postJson({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
    );
    expect(response.status).toBe(200);
    expect([server.requests.length, other.requests.length]).toEqual([0, 1]);
  });
});
