import '../../src/register.js';
import {
  Lang,
  LangMessages,
  type LangMessageItem,
  type LangMessageItemToolResult,
  type LangOptions,
} from 'aiwrapper';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryFix } from '../../src/repair/history-fix.js';
import type { StrictServer } from '../../src/testing/index.js';
import { validateHistory } from '../../src/validate/validate-history.js';
import { weatherTools } from '../helpers/agent-loops.js';
import { post } from '../testing/http.js';
import { routeAiwrapperTo, useStrictServers, weatherQuestion } from '../testing/servers.js';

const start = useStrictServers();
let server: StrictServer | undefined;
routeAiwrapperTo(() => server);

async function startServer(...replies: Parameters<StrictServer['enqueue']>): Promise<StrictServer> {
  server = await start({ replies });
  return server;
}

const openai = (): ReturnType<typeof Lang.openai> =>
  Lang.openai({ apiKey: 'test', model: 'gpt-4o-mini' });

/** What `onResult` received in the current test. */
const streamed: unknown[] = [];

/**
 * Each scenario runs without and with `onResult`, which gets each message as it completes (aiwrapper
 * asks the Responses API for an event stream either way).
 */
const modes: [string, (options: LangOptions) => LangOptions, boolean][] = [
  ['without onResult', (options) => options, false],
  [
    'streaming to onResult',
    (options) => ({ ...options, onResult: (message) => streamed.push(message) }),
    true,
  ],
];

beforeEach(() => {
  streamed.length = 0;
});

const user = (text: string): object => ({ role: 'user', content: [{ type: 'input_text', text }] });
const assistant = (text: string): object => ({
  role: 'assistant',
  content: [{ type: 'output_text', text }],
});
const call = (callId: string, city: string): object => ({
  type: 'function_call',
  call_id: callId,
  name: 'get_weather',
  arguments: JSON.stringify({ city }),
});
const output = (callId: string, result: unknown): object => ({
  type: 'function_call_output',
  call_id: callId,
  output: JSON.stringify(result),
});
const tool = (callId: string, city: string): LangMessageItem => ({
  type: 'tool',
  callId,
  name: 'get_weather',
  arguments: { city },
});
const toolResult = (callId: string, result: unknown): LangMessageItemToolResult => ({
  type: 'tool-result',
  callId,
  name: 'get_weather',
  result,
});

const inputOf = (request: { body: unknown } | undefined): unknown =>
  (request?.body as { input?: unknown } | undefined)?.input;
const statuses = (strict: StrictServer): number[] =>
  strict.requests.map((request) => request.status);

describe.each(modes)('Lang.openai with the package installed, %s', (_mode, withMode, streams) => {
  afterEach(() => {
    expect(streamed.length > 0).toBe(streams);
  });

  it('sends a history built with the helpers before any chat() as top-level function_call items', async () => {
    const strict = await startServer({ text: 'It is 21 °C in Paris.' });
    const messages = new LangMessages('Weather in Paris?');
    messages.addToolCallsAndResults(
      [{ callId: 'call_7Hq2', name: 'get_weather', arguments: { city: 'Paris' } }],
      [{ toolId: 'call_7Hq2', name: 'get_weather', result: { temp_c: 21 } }],
    );
    const result = await openai().chat(messages, withMode({ tools: weatherTools }));
    expect(result.answer).toBe('It is 21 °C in Paris.');
    expect(statuses(strict)).toEqual([200]);
    expect(inputOf(strict.lastRequest)).toEqual([
      user('Weather in Paris?'),
      call('call_7Hq2', 'Paris'),
      output('call_7Hq2', { temp_c: 21 }),
    ]);
  });

  it('sends a turn written with addAssistantToolCalls and addToolUseMessage (the pre-3.0 steps)', async () => {
    const strict = await startServer({ text: 'It is 21 °C in Paris.' });
    const messages = new LangMessages('Weather in Paris?');
    messages.addAssistantToolCalls([
      { callId: 'call_7Hq2', name: 'get_weather', arguments: { city: 'Paris' } },
    ]);
    messages.addToolUseMessage([
      { toolId: 'call_7Hq2', name: 'get_weather', result: { temp_c: 21 } },
    ]);
    await openai().chat(messages, withMode({ tools: weatherTools }));
    expect(statuses(strict)).toEqual([200]);
    expect(inputOf(strict.lastRequest)).toEqual([
      user('Weather in Paris?'),
      call('call_7Hq2', 'Paris'),
      output('call_7Hq2', { temp_c: 21 }),
    ]);
  });

  it('keeps the text of a turn that also calls, as a message before its calls', async () => {
    const strict = await startServer({ text: 'Both at 21 °C.' });
    const messages = new LangMessages('Weather in Paris and London?');
    messages.addAssistantItems([
      { type: 'text', text: 'Checking both.' },
      tool('call_paris', 'Paris'),
      tool('call_london', 'London'),
    ]);
    messages.addToolResultsMessage([
      toolResult('call_paris', { temp_c: 21 }),
      toolResult('call_london', { temp_c: 21 }),
    ]);
    await openai().chat(messages, withMode({ tools: weatherTools }));
    expect(statuses(strict)).toEqual([200]);
    expect(inputOf(strict.lastRequest)).toEqual([
      user('Weather in Paris and London?'),
      assistant('Checking both.'),
      call('call_paris', 'Paris'),
      call('call_london', 'London'),
      output('call_paris', { temp_c: 21 }),
      output('call_london', { temp_c: 21 }),
    ]);
  });

  it('sends the call turn autoAssistantToolCalls synthesizes for orphan results, which is refused without it', async () => {
    const orphan = (): LangMessages => {
      const messages = new LangMessages('Weather in Paris?');
      messages.addToolResultsMessage([toolResult('call_7Hq2', { temp_c: 21 })]);
      return messages;
    };
    const strict = await startServer({ text: 'It is 21 °C in Paris.' });
    await expect(openai().chat(orphan(), withMode({}))).rejects.toMatchObject({
      body: {
        error: {
          message: 'No tool call found for function call output with call_id call_7Hq2.',
          type: 'invalid_request_error',
          param: 'input',
          code: null,
        },
      },
    });
    await openai().chat(orphan(), withMode({ autoAssistantToolCalls: true }));
    expect(statuses(strict)).toEqual([400, 200]);
    expect(inputOf(strict.lastRequest)).toEqual([
      user('Weather in Paris?'),
      { type: 'function_call', call_id: 'call_7Hq2', name: 'get_weather', arguments: '{}' },
      output('call_7Hq2', { temp_c: 21 }),
    ]);
  });

  it('sends the turns autoRepairToolHistory rebuilds for reused ids (two turns of function_call_0)', async () => {
    const reused = (): LangMessages => {
      const messages = new LangMessages('Weather in Paris, then London?');
      messages.addAssistantItems([tool('function_call_0', 'Paris')]);
      messages.addToolResultsMessage([toolResult('function_call_0', { temp_c: 21 })]);
      messages.addAssistantItems([tool('function_call_0', 'London')]);
      messages.addToolResultsMessage([toolResult('function_call_0', { temp_c: 19 })]);
      return messages;
    };
    const strict = await startServer({ text: 'Paris 21 °C, London 19 °C.' });
    await expect(openai().chat(reused(), withMode({}))).rejects.toMatchObject({
      body: {
        error: {
          message:
            'Duplicate function call found with call_id function_call_0, first at input[1]. Remove duplicate items from your input and try again.',
        },
      },
    });
    const fixes: HistoryFix[] = [];
    await openai().chat(
      reused(),
      withMode({ autoRepairToolHistory: true, onToolHistoryRepair: (made) => fixes.push(...made) }),
    );
    expect(statuses(strict)).toEqual([400, 200]);
    const input = inputOf(strict.lastRequest) as { call_id?: string }[];
    const renamed = input[3]?.call_id ?? '';
    expect(renamed).not.toBe('function_call_0');
    expect(input).toEqual([
      user('Weather in Paris, then London?'),
      call('function_call_0', 'Paris'),
      output('function_call_0', { temp_c: 21 }),
      call(renamed, 'London'),
      output(renamed, { temp_c: 19 }),
    ]);
    expect(fixes).toEqual([
      {
        kind: 'rewrote-call-id',
        cause: 'duplicate',
        from: 'function_call_0',
        to: renamed,
        callId: renamed,
        messageIndex: 3,
        partIndex: 0,
        message: `Call id "function_call_0" repeats an earlier call's id, and OpenAI Responses needs unique ids; it became "${renamed}" in the call and its result.`,
      },
    ]);
  });
});

describe.each(modes)(
  'Lang.openai, a conversation saved to JSON and reloaded, %s',
  (_mode, withMode, streams) => {
    afterEach(() => {
      expect(streamed.length > 0).toBe(streams);
    });

    const weatherCall = {
      toolCalls: [{ id: 'call_7Hq2', name: 'get_weather', arguments: { city: 'Paris' } }],
    };

    /** aiwrapper's own loop: it runs the handler tool, then sends the output with previous_response_id. */
    async function savedConversation(strict: StrictServer): Promise<string> {
      const messages = weatherQuestion([]);
      const lang = openai();
      await lang.chat(messages, withMode({}));
      await lang.chat(messages, withMode({}));
      expect(statuses(strict)).toEqual([200, 200]);
      return JSON.stringify(messages);
    }

    /** The saved messages, rebuilt into a LangMessages, with a new question and the tools again. */
    function reload(saved: string, keepMeta: boolean): LangMessages {
      const parsed = JSON.parse(saved) as {
        role: 'user';
        items: LangMessageItem[];
        meta?: object;
      }[];
      const messages = new LangMessages(
        keepMeta ? parsed : parsed.map(({ role, items }) => ({ role, items })),
      );
      messages.addUserMessage('And tomorrow?');
      return messages;
    }

    const expectedInput = [
      user('What is the weather in Paris?'),
      call('call_7Hq2', 'Paris'),
      output('call_7Hq2', { temp_c: 21 }),
      assistant('Sunny, 21 °C.'),
      user('And tomorrow?'),
    ];

    it('continues a reload saved without response ids (no previous_response_id)', async () => {
      const strict = await startServer(weatherCall, { text: 'Sunny, 21 °C.' }, { text: 'Rain.' });
      const messages = reload(await savedConversation(strict), false);
      const result = await openai().chat(messages, withMode({ tools: weatherTools }));
      expect(result.answer).toBe('Rain.');
      expect(statuses(strict)).toEqual([200, 200, 200]);
      const body = strict.lastRequest?.body as Record<string, unknown>;
      expect(body.previous_response_id).toBeUndefined();
      expect(body.input).toEqual(expectedInput);
    });

    it('continues a reload whose response the API no longer holds, through aiwrapper’s retry after previous_response_not_found', async () => {
      const strict = await startServer(weatherCall, { text: 'Sunny, 21 °C.' });
      const messages = reload(await savedConversation(strict), true);
      strict.reset();
      strict.enqueue({ text: 'Rain.' });
      const result = await openai().chat(messages, withMode({ tools: weatherTools }));
      expect(result.answer).toBe('Rain.');
      const [gone, retry] = strict.requests;
      expect(statuses(strict)).toEqual([400, 200]);
      expect((gone?.body as Record<string, unknown>).previous_response_id).toMatch(/^resp_/);
      expect(inputOf(gone)).toEqual([user('And tomorrow?')]);
      expect((retry?.body as Record<string, unknown>).previous_response_id).toBeUndefined();
      expect(inputOf(retry)).toEqual(expectedInput);
    });

    it('resends a live tool turn through the retry, when the API forgot the response mid-loop', async () => {
      const strict = await startServer(weatherCall);
      const messages = weatherQuestion([]);
      const lang = openai();
      await lang.chat(messages, withMode({}));
      strict.reset();
      strict.enqueue({ text: 'Sunny, 21 °C.' });
      const result = await lang.chat(messages, withMode({}));
      expect(result.answer).toBe('Sunny, 21 °C.');
      expect(statuses(strict)).toEqual([400, 200]);
      expect(inputOf(strict.lastRequest)).toEqual(expectedInput.slice(0, 3));
    });
  },
);

describe('the strict server’s Responses endpoint', () => {
  // aiwrapper alone writes the call turn this way (see test/testing/handle-openai-responses.test.ts).
  const nested = [
    user('Weather in Paris?'),
    { role: 'assistant', content: [call('call_7Hq2', 'Paris')] },
    output('call_7Hq2', { temp_c: 21 }),
  ];
  const lifted = [user('Weather in Paris?'), call('call_7Hq2', 'Paris'), output('call_7Hq2', 21)];

  it('refuses a function_call nested in a message’s content, in OpenAI’s words', async () => {
    const strict = await startServer({ text: 'ok' });
    const reply = await post(`${strict.baseURL}/responses`, {
      model: 'gpt-4o-mini',
      input: nested,
    });
    expect([reply.status, JSON.parse(reply.text)]).toEqual([
      400,
      {
        error: {
          message: 'No tool call found for function call output with call_id call_7Hq2.',
          type: 'invalid_request_error',
          param: 'input',
          code: null,
        },
      },
    ]);
    const accepted = await post(`${strict.baseURL}/responses`, {
      model: 'gpt-4o-mini',
      input: lifted,
    });
    expect(accepted.status).toBe(200);
  });

  it('agrees with validateHistory in the openai-responses format', () => {
    expect(validateHistory(nested, { format: 'openai-responses' })).toEqual({
      ok: false,
      issues: [
        {
          code: 'orphan-tool-result',
          messageIndex: 2,
          toolCallId: 'call_7Hq2',
          param: 'input',
          message: 'No tool call found for function call output with call_id call_7Hq2.',
        },
      ],
    });
    expect(validateHistory(lifted, { format: 'openai-responses' })).toEqual({
      ok: true,
      issues: [],
    });
  });
});
