// No register import: the test sends every request with aiwrapper alone first, then installs.
import { Lang, LangMessages, setHttpRequestImpl } from 'aiwrapper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installToolCalls } from '../../src/aiwrapper/install-tool-calls.js';
import { routeToStrictServer, type StrictServer } from '../../src/testing/index.js';
import { useStrictServers, weatherQuestion } from '../testing/servers.js';

const start = useStrictServers();
let server: StrictServer | undefined;
/** Every request body, as the exact text aiwrapper put on the wire. */
const sent: string[] = [];

beforeAll(() => {
  setHttpRequestImpl((url, options) => {
    const { body } = options as { body?: unknown };
    if (typeof body === 'string') sent.push(body);
    if (server === undefined) throw new Error('No strict server is running.');
    return routeToStrictServer(server)(url, options);
  });
});
afterAll(() => {
  setHttpRequestImpl((url, options) => fetch(url, options));
});

const openai = (): ReturnType<typeof Lang.openai> =>
  Lang.openai({ apiKey: 'test', model: 'gpt-4o-mini' });

const weatherCall = {
  toolCalls: [{ id: 'call_7Hq2', name: 'get_weather', arguments: { city: 'Paris' } }],
};

/**
 * Conversations chat() produces with aiwrapper alone, every request accepted: tool rounds aiwrapper
 * runs itself (outputs sent with `previous_response_id`), streaming to onResult or not, text turns,
 * and the retry after `previous_response_not_found` on a conversation without calls.
 */
async function converse(): Promise<{ bodies: string[]; statuses: number[] }> {
  sent.length = 0;
  server = await start({
    replies: [
      weatherCall,
      { text: 'Sunny, 21 °C.' },
      { text: 'Rain tomorrow.' },
      weatherCall,
      { text: 'Sunny, 21 °C.' },
      { text: 'Hello!' },
      { text: 'Fine, thanks.' },
    ],
  });
  const lang = openai();
  const tools = weatherQuestion([]);
  await lang.chat(tools);
  await lang.chat(tools);
  tools.addUserMessage('And tomorrow?');
  await lang.chat(tools);

  const streamed = weatherQuestion([]);
  const onResult = (): undefined => undefined;
  await lang.chat(streamed, { onResult });
  await lang.chat(streamed, { onResult });

  const text = new LangMessages('Hi!');
  await lang.chat(text);
  text.addUserMessage('How are you?');
  const statuses = server.requests.map((request) => request.status);
  server.reset();
  server.enqueue({ text: 'Fine, thanks.' });
  await lang.chat(text);
  statuses.push(...server.requests.map((request) => request.status));
  // The server's response ids are random; everything else in a body is the conversation's.
  const bodies = sent.map((body) => body.replace(/resp_[0-9a-f]{50}/g, 'resp_…'));
  return { bodies, statuses };
}

describe('Lang.openai request bodies that aiwrapper builds correctly', () => {
  it('are byte-identical with the package installed and without it', async () => {
    const alone = await converse();
    installToolCalls();
    const installed = await converse();
    expect(alone.statuses).toEqual([200, 200, 200, 200, 200, 200, 400, 200]);
    expect(alone.bodies).toHaveLength(8);
    expect(alone.bodies.filter((body) => body.includes('"previous_response_id":"resp_…"'))).toEqual(
      [alone.bodies[1], alone.bodies[2], alone.bodies[4], alone.bodies[6]],
    );
    expect(installed).toEqual(alone);
  });
});
