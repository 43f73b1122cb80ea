import '../../src/register.js';
import { Lang, LangMessages, setHttpRequestImpl, type LanguageProvider } from 'aiwrapper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryFix } from '../../src/repair/history-fix.js';
import {
  routeToStrictServer,
  startStrictServer,
  type StrictServer,
} from '../../src/testing/index.js';

const weatherTool = {
  name: 'get_weather',
  description: 'Current weather for a city.',
  parameters: { type: 'object', properties: { city: { type: 'string' } } },
  handler: ({ city }: Record<string, unknown>) => ({ city, temp_c: 21 }),
};

describe('autoRepairToolHistory: a conversation started on Gemini continues on other providers', () => {
  let server: StrictServer;
  let conversation: LangMessages;
  beforeAll(async () => {
    server = await startStrictServer();
    setHttpRequestImpl(routeToStrictServer(server));
    // Two Gemini rounds: aiwrapper restarts call ids at function_call_0 in every response.
    server.enqueue(
      { toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] },
      { toolCalls: [{ name: 'get_weather', arguments: { city: 'London' } }] },
      { text: 'Paris and London are both at 21 °C.' },
    );
    const gemini = Lang.google({ apiKey: 'test', model: 'gemini-2.5-flash' });
    conversation = new LangMessages('Weather in Paris, then London?', { tools: [weatherTool] });
    await gemini.chat(conversation);
    await gemini.chat(conversation);
    await gemini.chat(conversation);
  });
  afterAll(async () => {
    setHttpRequestImpl((url, options) => fetch(url, options));
    await server.close();
  });

  it('ran two Gemini tool rounds whose calls share the id function_call_0', () => {
    expect(server.requests.map((request) => request.status)).toEqual([200, 200, 200]);
    const ids = Array.from(conversation).flatMap((message) =>
      message.toolRequests.map((call) => call.callId),
    );
    expect(ids).toEqual(['function_call_0', 'function_call_0']);
  });

  // Anthropic wants ids unique in the whole conversation; Mistral wants 9 alphanumerics, per turn.
  const continueOn: [string, () => LanguageProvider, string, (ids: string[]) => void][] = [
    [
      'Anthropic',
      () => Lang.anthropic({ apiKey: 'test' }),
      '`tool_use` ids must be unique',
      (ids) => {
        expect(new Set(ids).size).toBe(ids.length);
        for (const id of ids) expect(id).toMatch(/^[a-zA-Z0-9_-]+$/);
      },
    ],
    [
      'Mistral',
      () => Lang.mistral({ apiKey: 'test', model: 'mistral-large-2402' }),
      'with a length of 9',
      (ids) => {
        for (const id of ids) expect(id).toMatch(/^[a-zA-Z0-9]{9}$/);
      },
    ],
  ];
  for (const [name, create, refusal, checkIds] of continueOn) {
    it(`${name} refuses the history as it is, and accepts it repaired, with every fix reported`, async () => {
      const messages = new LangMessages(conversation);
      messages.addUserMessage('And Berlin?');
      server.reset();
      await expect(create().chat(messages)).rejects.toThrow();
      expect(server.lastRequest?.status).toBe(400);
      expect(JSON.stringify(await replay(server))).toContain(refusal);

      server.enqueue({ text: 'Berlin is at 19 °C.' });
      const reported: HistoryFix[] = [];
      await create().chat(messages, {
        autoRepairToolHistory: true,
        onToolHistoryRepair: (fixes) => reported.push(...fixes),
      });
      expect(server.lastRequest?.status).toBe(200);
      expect(messages.answer).toBe('Berlin is at 19 °C.');
      expect(reported.length).toBeGreaterThan(0);
      expect(reported.every((fix) => fix.kind === 'rewrote-call-id')).toBe(true);
      const ids = Array.from(messages).flatMap((message) =>
        message.toolRequests.map((call) => call.callId),
      );
      expect(ids).toHaveLength(2);
      checkIds(ids);
      // Each rewritten call id is applied to its result too.
      const resultIds = Array.from(messages).flatMap((message) =>
        message.toolResults.map((result) => result.callId),
      );
      expect(resultIds).toEqual(ids);
    });
  }

  it('OpenAI accepts the Gemini history as it is: repair changes nothing there', async () => {
    const messages = new LangMessages(conversation);
    messages.addUserMessage('And Berlin?');
    server.reset();
    server.enqueue({ text: 'Berlin is at 19 °C.' });
    const reported: HistoryFix[] = [];
    await Lang.openaiLike({ apiKey: 'test', model: 'gpt-4o-mini', baseURL: server.baseURL }).chat(
      messages,
      {
        autoRepairToolHistory: true,
        onToolHistoryRepair: (fixes) => reported.push(...fixes),
      },
    );
    expect(server.lastRequest?.status).toBe(200);
    expect(reported).toEqual([]);
  });
});

/** Sends the last request again to read the error body aiwrapper did not keep. */
async function replay(server: StrictServer): Promise<unknown> {
  const request = server.lastRequest;
  const response = await fetch(new URL(request?.path ?? '/', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request?.body),
  });
  return response.json();
}
