import {
  Lang,
  LangMessage,
  LangMessages,
  setHttpRequestImpl,
  type LanguageProvider,
} from 'aiwrapper';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { installToolCalls } from '../../src/aiwrapper/install-tool-calls.js';
import { captureRequests, type CapturedRequest } from '../helpers/capture-requests.js';
import { plain } from '../helpers/lang-messages.js';

const providers = {
  openaiLike: () =>
    Lang.openaiLike({ apiKey: 'k', model: 'gpt-4o-mini', baseURL: 'http://stub.local/v1' }),
  openai: () => Lang.openai({ apiKey: 'k', model: 'gpt-4o-mini' }),
  anthropic: () => Lang.anthropic({ apiKey: 'k', model: 'claude-3-5-haiku-latest' }),
  google: () => Lang.google({ apiKey: 'k', model: 'gemini-2.0-flash' }),
} satisfies Record<string, () => LanguageProvider>;

/** Histories that exercise tool turns, including ones aiwrapper sends broken. */
function histories() {
  return {
    orphanResults: () => {
      const messages = new LangMessages('Weather in Paris?');
      messages.addAssistantMessage('Let me check.');
      messages.addToolResultsMessage([
        { type: 'tool-result', callId: 'call_1', name: 'get_weather', result: { temp: 21 } },
      ]);
      return messages;
    },
    missingResults: () => {
      const messages = new LangMessages('Weather in Paris?');
      messages.addAssistantItems([
        { type: 'tool', callId: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } },
      ]);
      messages.addUserMessage('Still there?');
      return messages;
    },
    validLoop: () => {
      const messages = new LangMessages('Weather in Paris?', {
        tools: [
          {
            name: 'get_weather',
            description: 'Weather',
            parameters: { type: 'object' },
            handler: () => 21,
          },
        ],
      });
      messages.addAssistantItems([
        { type: 'tool', callId: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } },
      ]);
      messages.addToolResultsMessage([
        { type: 'tool-result', callId: 'call_1', name: 'get_weather', result: 21 },
      ]);
      return messages;
    },
  };
}

async function sendAll(
  captured: CapturedRequest[],
): Promise<{ bodies: string[]; collections: unknown[] }> {
  captured.length = 0;
  const collections: unknown[] = [];
  for (const create of Object.values(providers)) {
    for (const history of Object.values(histories())) {
      const messages = history();
      await create().chat(messages);
      collections.push(plain(messages));
    }
  }
  return { bodies: captured.map((request) => `${request.url}\n${request.body}`), collections };
}

describe('installToolCalls', () => {
  let captured: CapturedRequest[];
  beforeAll(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    captured = captureRequests();
  });
  afterAll(() => {
    vi.restoreAllMocks();
  });

  it('leaves every request byte-identical to aiwrapper alone when the flag is off', async () => {
    const before = await sendAll(captured);
    installToolCalls();
    const after = await sendAll(captured);
    expect(after.bodies).toHaveLength(12);
    // Except the Responses bodies whose calls aiwrapper nests in a message: the package sends them
    // as top-level items (test/aiwrapper/responses-input.test.ts).
    const nested = (body: string): boolean => body.includes('"content":[{"type":"function_call"');
    const kept = (bodies: string[]): string[] =>
      bodies.filter((_body, index) => !nested(before.bodies[index] ?? ''));
    expect(before.bodies.filter(nested)).toHaveLength(2);
    expect(after.bodies.filter(nested)).toEqual([]);
    expect({ ...after, bodies: kept(after.bodies) }).toEqual({
      ...before,
      bodies: kept(before.bodies),
    });
  });

  it('writes nothing to the console while installing', () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
      vi.spyOn(console, method).mockClear(),
    );
    installToolCalls();
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });

  it('installs non-enumerable methods, and installing twice is harmless', () => {
    installToolCalls();
    installToolCalls();
    const messages = new LangMessages('hi');
    expect(Object.keys(messages)).not.toContain('addAssistantToolCalls');
    expect(Object.keys(Object.getPrototypeOf(messages) as object)).toEqual([]);
    messages.addAssistantToolCalls([{ callId: 'c', name: 'f', arguments: {} }]);
    expect(messages.tools).toEqual([{ callId: 'c', name: 'f', arguments: {} }]);
    expect(messages.messages).toBe(messages);
  });

  it('synthesizes the missing call turn when autoAssistantToolCalls is set per call', async () => {
    installToolCalls();
    captured.length = 0;
    const messages = histories().orphanResults();
    await providers.openaiLike().chat(messages, { autoAssistantToolCalls: true });
    const body = JSON.parse(captured[0]?.body ?? '{}') as { messages: unknown[] };
    expect(body.messages).toEqual([
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'assistant', content: 'Let me check.' },
      {
        role: 'assistant',
        content: '',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', name: 'get_weather', content: '{"temp":21}' },
    ]);
    expect(messages[2]?.meta).toEqual({ synthesizedToolCalls: true });
  });

  it('takes the flag as an install default, and a per-call false overrides it', async () => {
    installToolCalls({ autoAssistantToolCalls: true });
    try {
      captured.length = 0;
      await providers.anthropic().chat(histories().orphanResults());
      await providers
        .anthropic()
        .chat(histories().orphanResults(), { autoAssistantToolCalls: false });
      const [withDefault, overridden] = captured.map(
        (request) => JSON.parse(request.body) as { messages: { role: string; content: unknown }[] },
      );
      expect(withDefault?.messages.map((message) => message.content)).toContainEqual([
        { type: 'tool_use', id: 'call_1', name: 'get_weather', input: {} },
      ]);
      expect(overridden?.messages).toHaveLength((withDefault?.messages.length ?? 0) - 1);
    } finally {
      installToolCalls({ autoAssistantToolCalls: false });
    }
  });

  it('does not synthesize for results covered by a Responses previous_response_id', async () => {
    installToolCalls();
    captured.length = 0;
    const messages = new LangMessages('hi');
    messages.addAssistantMessage('Calling.', { openaiResponseId: 'resp_1' });
    messages.addToolResultsMessage([
      { type: 'tool-result', callId: 'call_1', name: 'f', result: 'x' },
    ]);
    await providers.openai().chat(messages, { autoAssistantToolCalls: true });
    const body = JSON.parse(captured[0]?.body ?? '{}') as {
      previous_response_id?: string;
      input: unknown[];
    };
    expect(body.previous_response_id).toBe('resp_1');
    expect(body.input).toEqual([{ type: 'function_call_output', call_id: 'call_1', output: 'x' }]);
  });

  it('declares tools passed in chat options, as functions on every provider', async () => {
    installToolCalls();
    captured.length = 0;
    const tools = [
      {
        name: 'get_weather',
        description: 'Weather',
        parameters: { type: 'object', properties: {} },
      },
    ];
    await providers.openaiLike().chat(new LangMessages('hi'), { tools });
    await providers.openai().chat(new LangMessages('hi'), { tools });
    const [chat, responses] = captured.map(
      (request) => JSON.parse(request.body) as { tools: unknown },
    );
    expect(chat?.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'get_weather',
          description: 'Weather',
          parameters: { type: 'object', properties: {} },
        },
      },
    ]);
    expect(responses?.tools).toEqual([
      {
        type: 'function',
        name: 'get_weather',
        description: 'Weather',
        parameters: { type: 'object', properties: {} },
      },
    ]);
  });
});

describe('chat() with both flags off', () => {
  beforeAll(() => {
    installToolCalls();
    // A Chat Completions stream whose answer is one call.
    const events = [
      {
        choices: [
          {
            delta: {
              role: 'assistant',
              tool_calls: [
                {
                  index: 0,
                  id: 'call_new',
                  type: 'function',
                  function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
                },
              ],
            },
          },
        ],
      },
      { choices: [{ delta: {}, finish_reason: 'tool_calls' }] },
      '[DONE]',
    ];
    setHttpRequestImpl(() =>
      Promise.resolve(
        new Response(
          events
            .map(
              (event) => `data: ${typeof event === 'string' ? event : JSON.stringify(event)}\n\n`,
            )
            .join(''),
          { status: 200, headers: { 'content-type': 'text/event-stream' } },
        ),
      ),
    );
  });

  it('keeps the calls a streamed response added in the collection', async () => {
    const messages = new LangMessages('Weather in Oslo?');
    messages.push(
      new LangMessage('assistant', [
        { type: 'tool', callId: 'call_old', name: 'get_weather', arguments: { city: 'Oslo' } },
      ]),
    );
    messages.addToolResultsMessage([
      { type: 'tool-result', callId: 'call_old', name: 'get_weather', result: 'cold' },
    ]);
    await providers.openaiLike().chat(messages);
    expect(messages[3]?.toolRequests).toEqual([
      { type: 'tool', callId: 'call_new', name: 'get_weather', arguments: { city: 'Paris' } },
    ]);
  });
});
