import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  routeToStrictServer,
  startStrictServer,
  type StrictServer,
} from '../../../src/testing/index.js';
import { post } from '../http.js';

const turn = (id: string) => [
  { role: 'user', content: 'Weather in Paris?' },
  {
    role: 'assistant',
    content: '',
    tool_calls: [
      { id, type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
    ],
  },
  { role: 'tool', tool_call_id: id, name: 'get_weather', content: 'sunny' },
];

describe('the Mistral endpoint (/mistral/v1/chat/completions)', () => {
  let server: StrictServer;
  beforeAll(async () => {
    server = await startStrictServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses an id that is not 9 alphanumerics with Mistral’s status and body, where OpenAI accepts it', async () => {
    const body = { model: 'mistral-large-latest', messages: turn('call_abc123xyz') };
    const mistral = await post(`${server.url}/mistral/v1/chat/completions`, body);
    expect([mistral.status, JSON.parse(mistral.text)]).toEqual([
      400,
      {
        object: 'error',
        message: 'Tool call id was call_abc123xyz but must be a-z, A-Z, 0-9, with a length of 9.',
        type: 'invalid_function_call',
        param: null,
        code: '3280',
      },
    ]);
    expect((await post(`${server.baseURL}/chat/completions`, body)).status).toBe(200);
  });

  it('refuses a user message right after a tool message, and accepts a valid turn', async () => {
    const afterTool = await post(`${server.url}/mistral/v1/chat/completions`, {
      model: 'm',
      messages: [...turn('a1b2c3d4e'), { role: 'user', content: 'thanks' }],
    });
    expect([afterTool.status, (JSON.parse(afterTool.text) as { message: string }).message]).toEqual(
      [400, "Unexpected role 'user' after role 'tool'"],
    );
    const valid = await post(`${server.url}/mistral/v1/chat/completions`, {
      model: 'm',
      messages: turn('a1b2c3d4e'),
    });
    expect(valid.status).toBe(200);
  });

  it('is where routeToStrictServer sends https://api.mistral.ai', async () => {
    server.reset();
    const route = routeToStrictServer(server);
    const response = await route('https://api.mistral.ai/v1/chat/completions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: turn('a1b2c3d4e') }),
    });
    expect(response.status).toBe(200);
    expect(server.lastRequest?.path).toBe('/mistral/v1/chat/completions');
  });
});
