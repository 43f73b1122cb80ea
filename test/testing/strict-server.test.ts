import { describe, expect, it } from 'vitest';
import { startStrictServer } from '../../src/testing/index.js';
import type { StrictServer, StrictServerFormat } from '../../src/testing/index.js';
import { post } from './http.js';
import { useStrictServers } from './servers.js';

const start = useStrictServers();

const chat = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };
const responses = { model: 'gpt-4o-mini', input: 'hi' };
const anthropic = {
  model: 'claude-sonnet-4-5-20250929',
  max_tokens: 10,
  messages: [{ role: 'user', content: 'hi' }],
};
const gemini = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };
const bedrock = { messages: [{ role: 'user', content: [{ text: 'hi' }] }] };

/** Sends one request to each endpoint, in order, and returns the text each reply carries. */
async function askAll(server: StrictServer): Promise<unknown[]> {
  const json = async (url: string, body: unknown): Promise<Record<string, unknown>> =>
    JSON.parse((await post(url, body)).text) as Record<string, unknown>;
  const fromChat = await json(`${server.baseURL}/chat/completions`, chat);
  const fromResponses = await json(`${server.baseURL}/responses`, responses);
  const fromAnthropic = await json(`${server.url}/v1/messages`, anthropic);
  const fromGemini = await json(
    `${server.url}/v1beta/models/gemini-2.5-flash:generateContent`,
    gemini,
  );
  const fromMistral = await json(`${server.url}/mistral/v1/chat/completions`, chat);
  const fromBedrock = await json(
    `${server.url}/model/anthropic.claude-3-5-haiku-20241022-v1:0/converse`,
    bedrock,
  );
  return [
    (fromChat as { choices: { message: { content: unknown } }[] }).choices[0]?.message.content,
    (fromResponses as { output: { content: { text: unknown }[] }[] }).output[0]?.content[0]?.text,
    (fromAnthropic as { content: { text: unknown }[] }).content[0]?.text,
    (fromGemini as { candidates: { content: { parts: { text: unknown }[] } }[] }).candidates[0]
      ?.content.parts[0]?.text,
    (fromMistral as { choices: { message: { content: unknown } }[] }).choices[0]?.message.content,
    (fromBedrock as { output: { message: { content: { text: unknown }[] } } }).output.message
      .content[0]?.text,
  ];
}

describe('startStrictServer', () => {
  it('serves one queue to every endpoint in arrival order, then the default text', async () => {
    const server = await start({ replies: [{ text: 'one' }, { text: 'two' }, { text: 'three' }] });
    expect(await askAll(server)).toEqual(['one', 'two', 'three', 'ok', 'ok', 'ok']);
    expect(server.requests.map((recorded) => [recorded.path, recorded.status])).toEqual([
      ['/v1/chat/completions', 200],
      ['/v1/responses', 200],
      ['/v1/messages', 200],
      ['/v1beta/models/gemini-2.5-flash:generateContent', 200],
      ['/mistral/v1/chat/completions', 200],
      ['/model/anthropic.claude-3-5-haiku-20241022-v1:0/converse', 200],
    ]);
  });

  it('tells a reply function which API each request came to', async () => {
    const seen: [StrictServerFormat, string][] = [];
    const server = await start({
      replies: (request) => {
        seen.push([request.format, request.path]);
        return { text: request.format };
      },
    });
    expect(await askAll(server)).toEqual([
      'openai-chat',
      'openai-responses',
      'anthropic',
      'gemini',
      'mistral',
      'bedrock',
    ]);
    expect(seen).toEqual([
      ['openai-chat', '/v1/chat/completions'],
      ['openai-responses', '/v1/responses'],
      ['anthropic', '/v1/messages'],
      ['gemini', '/v1beta/models/gemini-2.5-flash:generateContent'],
      ['mistral', '/mistral/v1/chat/completions'],
      ['bedrock', '/model/anthropic.claude-3-5-haiku-20241022-v1:0/converse'],
    ]);
  });

  it('answers unknown routes with OpenAI’s 404, and Google’s under /v1beta/', async () => {
    const server = await start();
    const openAI = await post(`${server.url}/v1/models`, {});
    expect([openAI.status, JSON.parse(openAI.text)]).toEqual([
      404,
      {
        error: {
          message: 'Invalid URL (POST /v1/models)',
          type: 'invalid_request_error',
          param: null,
          code: null,
        },
      },
    ]);
    const google = await post(`${server.url}/v1beta/models/gemini-2.5-flash:countTokens`, gemini);
    expect([google.status, JSON.parse(google.text)]).toEqual([
      404,
      {
        error: {
          code: 404,
          message: 'Method not found: POST /v1beta/models/gemini-2.5-flash:countTokens',
          status: 'NOT_FOUND',
        },
      },
    ]);
  });

  it('answers an Anthropic request with the scripted text reply', async () => {
    const server = await startStrictServer({ replies: [{ text: 'scripted for Anthropic' }] });
    try {
      const reply = await post(`${server.url}/v1/messages`, anthropic);
      expect((JSON.parse(reply.text) as { content: unknown }).content).toEqual([
        { type: 'text', text: 'scripted for Anthropic' },
      ]);
    } finally {
      await server.close();
    }
  });
});
