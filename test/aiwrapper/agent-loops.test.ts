import '../../src/register.js';
import { Lang, LangMessages } from 'aiwrapper';
import { beforeEach, describe, expect, it } from 'vitest';
import { withStrictServer } from '../helpers/strict-server.js';
import { nonStreamingLoop, streamingLoop, weatherTools } from '../helpers/agent-loops.js';
import { plain } from '../helpers/lang-messages.js';

const toolCallReply = {
  toolCalls: [
    { id: 'call_paris', name: 'get_weather', arguments: { city: 'Paris' } },
    { id: 'call_london', name: 'get_weather', arguments: { city: 'London' } },
  ],
};

// The second request's messages, exactly as OpenAI must receive them.
const expectedSecondRequest = [
  { role: 'user', content: 'Weather in Paris and London?' },
  {
    role: 'assistant',
    content: '',
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
  {
    role: 'tool',
    tool_call_id: 'call_paris',
    name: 'get_weather',
    content: '{"city":"Paris","temp":21}',
  },
  {
    role: 'tool',
    tool_call_id: 'call_london',
    name: 'get_weather',
    content: '{"city":"London","temp":21}',
  },
];

const expectedCollection = [
  { role: 'user', items: [{ type: 'text', text: 'Weather in Paris and London?' }] },
  {
    role: 'assistant',
    items: [
      { type: 'tool', callId: 'call_paris', name: 'get_weather', arguments: { city: 'Paris' } },
      { type: 'tool', callId: 'call_london', name: 'get_weather', arguments: { city: 'London' } },
    ],
  },
  {
    role: 'tool-results',
    items: [
      {
        type: 'tool-result',
        callId: 'call_paris',
        name: 'get_weather',
        result: { city: 'Paris', temp: 21 },
      },
      {
        type: 'tool-result',
        callId: 'call_london',
        name: 'get_weather',
        result: { city: 'London', temp: 21 },
      },
    ],
  },
  { role: 'assistant', items: [{ type: 'text', text: 'Sunny in both.' }] },
];

describe('the pre-3.0 agent loops, unchanged, with aiwrapper-tool-calls registered', () => {
  const server = withStrictServer({ route: false });
  beforeEach(() => {
    server.enqueue(toolCallReply, { text: 'Sunny in both.' });
  });
  const lang = () =>
    Lang.openaiLike({ apiKey: 'test', model: 'gpt-4o-mini', baseURL: server.baseURL });

  for (const [name, loop] of [
    ['non-streaming', nonStreamingLoop],
    ['streaming', streamingLoop],
  ] as const) {
    it(`${name}: the server accepts the follow-up, with one call turn and only the user's results`, async () => {
      const result = await loop(
        lang(),
        new LangMessages('Weather in Paris and London?'),
        weatherTools,
      );
      expect(server.requests.map((request) => request.status)).toEqual([200, 200]);
      expect((server.requests[1]?.body as { messages: unknown }).messages).toEqual(
        expectedSecondRequest,
      );
      expect(plain(result)).toEqual(expectedCollection);
      expect(result.answer).toBe('Sunny in both.');
    });
  }

  it('declares the tools from chat options in the request, as the pre-3.0 API did', async () => {
    await nonStreamingLoop(lang(), new LangMessages('Weather in Paris and London?'), weatherTools);
    expect((server.requests[0]?.body as { tools: unknown }).tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'get_weather',
          description: 'Current weather for a city.',
          parameters: weatherTools[0]?.parameters,
        },
      },
    ]);
  });

  it('with autoAssistantToolCalls, results added after a text-only turn reach OpenAI with a synthesized call turn', async () => {
    server.reset();
    server.enqueue({ text: 'Checking the weather.' }, { text: 'Sunny.' });
    const messages = new LangMessages('Weather in Paris?');
    await lang().chat(messages);
    messages.addToolResultsMessage([
      { type: 'tool-result', callId: 'call_1', name: 'get_weather', result: 'sunny' },
    ]);
    await expect(lang().chat(messages)).rejects.toThrow();
    expect(server.lastRequest?.status).toBe(400);
    await lang().chat(messages, { autoAssistantToolCalls: true });
    expect(server.lastRequest?.status).toBe(200);
    expect(plain(messages).map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'assistant',
      'tool-results',
      'assistant',
    ]);
  });
});
