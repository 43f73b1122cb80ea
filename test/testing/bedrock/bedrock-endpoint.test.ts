import { describe, expect, it } from 'vitest';
import { post } from '../http.js';
import { useStrictServers } from '../servers.js';
import type { StrictServer } from '../../../src/testing/index.js';

const start = useStrictServers();

const converse = (server: StrictServer): string =>
  `${server.url}/model/us.anthropic.claude-sonnet-4-20250514-v1:0/converse`;
const user = { role: 'user', content: [{ text: 'Weather in Paris?' }] };
const calls = {
  role: 'assistant',
  content: [{ toolUse: { toolUseId: 'tooluse_a', name: 'get_weather', input: { city: 'Paris' } } }],
};
const results = {
  role: 'user',
  content: [{ toolResult: { toolUseId: 'tooluse_a', content: [{ json: { temp: 21 } }] } }],
};

const toolConfig = {
  tools: [
    {
      toolSpec: {
        name: 'get_weather',
        description: 'Weather for a city.',
        inputSchema: { json: { type: 'object', properties: { city: { type: 'string' } } } },
      },
    },
  ],
};

async function send(url: string, body: unknown): Promise<[number, unknown]> {
  const reply = await post(url, body);
  return [reply.status, JSON.parse(reply.text)];
}

describe('POST /model/{modelId}/converse', () => {
  it('answers the scripted reply as a Converse response, toolUse blocks with fresh ids', async () => {
    const server = await start({
      replies: [
        { text: 'Checking.', toolCalls: [{ name: 'get_weather', arguments: { city: 'Lyon' } }] },
      ],
    });
    const [status, body] = await send(converse(server), {
      messages: [user, calls, results],
      toolConfig,
    });
    expect([status, body]).toEqual([
      200,
      {
        output: {
          message: {
            role: 'assistant',
            content: [
              { text: 'Checking.' },
              {
                toolUse: {
                  toolUseId: expect.stringMatching(/^tooluse_[A-Za-z0-9]{22}$/) as unknown,
                  name: 'get_weather',
                  input: { city: 'Lyon' },
                },
              },
            ],
          },
        },
        stopReason: 'tool_use',
        usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
        metrics: { latencyMs: 0 },
      },
    ]);
  });

  it.each([
    [
      'calls without results',
      [user, calls, { role: 'user', content: [{ text: 'Hm?' }] }],
      'Expected toolResult blocks at messages.2.content for the following Ids: tooluse_a',
    ],
    [
      'a result with no call before it',
      [user, results],
      'The number of toolResult blocks at messages.1.content exceeds the number of toolUse blocks of previous turn.',
    ],
    [
      'an empty message',
      [user, { role: 'assistant', content: [] }],
      'The content field in the Message object at messages.1 is empty. Add a ContentBlock object to the content field and try again.',
    ],
    ['no messages', undefined, 'The messages field must be an array of Message objects.'],
  ])('refuses %s with a 400 ValidationException body', async (_, messages, message) => {
    const server = await start();
    expect(await send(converse(server), { messages, toolConfig })).toEqual([400, { message }]);
    expect(server.requests.map((request) => request.status)).toEqual([400]);
  });

  it('names the ValidationException in the x-amzn-errortype header of a refused history', async () => {
    const server = await start();
    const response = await fetch(converse(server), {
      method: 'POST',
      body: JSON.stringify({ messages: [user, results], toolConfig }),
    });
    expect([response.status, response.headers.get('x-amzn-errortype')]).toEqual([
      400,
      'ValidationException:http://internal.amazon.com/coral/com.amazon.bedrock/',
    ]);
  });

  it('refuses a valid tool history sent without toolConfig, and takes one without tool blocks', async () => {
    const server = await start();
    expect(await send(converse(server), { messages: [user, calls, results] })).toEqual([
      400,
      {
        message:
          'The toolConfig field must be defined when using toolUse and toolResult content blocks.',
      },
    ]);
    const [status] = await send(converse(server), { messages: [user] });
    expect(server.requests.map((request) => request.status)).toEqual([400, status]);
    expect(status).toBe(200);
  });

  it('answers an unknown operation under /model/ with a 404 in Bedrock’s body', async () => {
    const server = await start();
    expect(
      await send(`${server.url}/model/amazon.nova-pro-v1:0/converse-stream`, {
        messages: [user],
      }),
    ).toEqual([
      404,
      {
        message:
          'The strict server does not serve POST /model/amazon.nova-pro-v1:0/converse-stream.',
      },
    ]);
  });
});
