import { LangMessages, type LangMessage, type LanguageProvider } from 'aiwrapper';
import { describe, expect, it } from 'vitest';
import {
  META_KEYS,
  pendingToolCalls,
  resumeToolLoop,
  runToolLoop,
  type LoopTool,
  type ToolLoopEvent,
  type ToolLoopOptions,
} from '../../../src/aiwrapper/index.js';
import { validateHistory } from '../../../src/index.js';
import { useProviderErrors } from '../../helpers/provider-http.js';
import { withStrictServer } from '../../helpers/strict-server.js';
import { MATRIX_PROVIDERS, type MatrixProvider } from '../../matrix/providers.js';

// Issue 12: the loop on every aiwrapper provider against the strict server,
// which refuses exactly what each provider refuses.

const server = withStrictServer({
  route: (request) => useProviderErrors(request),
});

const weather: LoopTool = {
  name: 'get_weather',
  parameters: { type: 'object', properties: { city: { type: 'string' } } },
  handler: (args) => ({ city: args.city, temp_c: 21 }),
};
const transfer: LoopTool = {
  name: 'transfer',
  parameters: { type: 'object', properties: { amount: { type: 'number' } } },
  needsApproval: true,
  handler: (args) => ({ sent: args.amount }),
};
const twoCities = {
  toolCalls: [
    { name: 'get_weather', arguments: { city: 'Paris' } },
    { name: 'get_weather', arguments: { city: 'London' } },
  ],
};

async function drain(loop: AsyncGenerator<ToolLoopEvent>): Promise<ToolLoopEvent[]> {
  const events: ToolLoopEvent[] = [];
  for await (const event of loop) events.push(event);
  return events;
}

/** Event types, with tool-call progress (starts and deltas, whose count varies) left out. */
function outline(events: readonly ToolLoopEvent[]): string[] {
  return events
    .filter(
      (event) =>
        !['tool-call-start', 'tool-call-delta', 'text-delta', 'tool-run-start'].includes(
          event.type,
        ),
    )
    .map((event) =>
      event.type === 'tool-result'
        ? `tool-result:${event.status}`
        : event.type === 'done'
          ? `done:${event.reason}`
          : event.type,
    );
}

function statuses(provider: MatrixProvider): { path: string; status: number }[] {
  return server.requests.map(({ path, status }) => ({
    path: path === provider.path ? 'p' : path,
    status,
  }));
}

function shape(messages: readonly LangMessage[]): string[] {
  return Array.from(
    messages,
    (message) =>
      `${message.role}:${message.items
        .map((item) =>
          item.type === 'tool'
            ? `call(${JSON.stringify(item.arguments)})`
            : item.type === 'tool-result'
              ? `result(${JSON.stringify(item.result)})`
              : item.type,
        )
        .join(',')}`,
  );
}

describe.each(MATRIX_PROVIDERS)('runToolLoop on $name', (provider) => {
  it('runs the calls, writes their results in call order and ends with the answer', async () => {
    server.enqueue(twoCities, { text: 'Sunny in both.' });
    const messages = new LangMessages('Weather in Paris and London?');
    const events = await drain(
      runToolLoop(provider.create(server), messages, { tools: [weather] }),
    );
    expect(outline(events)).toEqual([
      'tool-call-end',
      'tool-call-end',
      'tool-result:ok',
      'tool-result:ok',
      'round-end',
      'done:answer',
    ]);
    expect(events.at(-1)).toMatchObject({ rounds: 2, answer: 'Sunny in both.' });
    expect(shape(messages)).toEqual([
      'user:text',
      'assistant:call({"city":"Paris"}),call({"city":"London"})',
      'tool-results:result({"city":"Paris","temp_c":21}),result({"city":"London","temp_c":21})',
      'assistant:text',
    ]);
    expect(statuses(provider)).toEqual([
      { path: 'p', status: 200 },
      { path: 'p', status: 200 },
    ]);
  });

  it('pauses for approval and resumes from the JSON of the conversation', async () => {
    server.enqueue(
      {
        toolCalls: [
          { name: 'get_weather', arguments: { city: 'Paris' } },
          { name: 'transfer', arguments: { amount: 5 } },
          { name: 'transfer', arguments: { amount: 500 } },
        ],
      },
      { text: 'Sent 5, not 500.' },
    );
    const options: ToolLoopOptions = { tools: [weather, transfer] };
    const messages = new LangMessages('Weather, and pay twice.');
    const first = await drain(runToolLoop(provider.create(server), messages, options));
    const paused = first.at(-1);
    if (paused?.type !== 'paused') throw new Error(`expected a pause, got ${String(paused?.type)}`);
    expect(paused.pending.map((call) => call.arguments)).toEqual([{ amount: 5 }, { amount: 500 }]);
    const pending = pendingToolCalls(messages);
    expect(pending?.calls.map((call) => call.callId)).toEqual(
      paused.pending.map((call) => call.callId),
    );
    expect(pending?.messageIndex).toBe(1);
    expect(validateHistory(messages.slice(0, 1), { format: 'aiwrapper' }).ok).toBe(true);

    const rebuilt = new LangMessages(JSON.parse(JSON.stringify(messages)) as LangMessage[]);
    const [small, large] = paused.pending;
    const resumed = await drain(
      resumeToolLoop(provider.create(server), rebuilt, {
        ...options,
        approvals: {
          [small?.callId ?? '']: true,
          [large?.callId ?? '']: { approved: false, reason: 'too much' },
        },
      }),
    );
    expect(outline(resumed)).toEqual([
      'tool-result:denied',
      'tool-result:ok',
      'round-end',
      'done:answer',
    ]);
    expect(shape(rebuilt)).toEqual([
      'user:text',
      'assistant:call({"city":"Paris"}),call({"amount":5}),call({"amount":500})',
      `tool-results:result({"city":"Paris","temp_c":21}),result({"sent":5}),result(${JSON.stringify(
        {
          error: true,
          name: 'ToolCallDenied',
          message:
            'The call of tool "transfer" was not approved, so it was not run. Reason: too much',
        },
      )})`,
      'assistant:text',
    ]);
    expect(statuses(provider)).toEqual([
      { path: 'p', status: 200 },
      { path: 'p', status: 200 },
    ]);
  });
});

const CHAT = MATRIX_PROVIDERS.filter((provider) =>
  ['Lang.openaiLike (Chat Completions)', 'Lang.anthropic'].includes(provider.name),
);

/** A tool that runs until its signal aborts; `started` resolves when it runs. */
function blockingTool(name: string, onStart: () => void): LoopTool {
  return {
    name,
    parameters: { type: 'object' },
    handler: (_args, { signal }) =>
      new Promise((_resolve, reject) => {
        onStart();
        signal.addEventListener('abort', () => {
          reject(new Error('stopped'));
        });
      }),
  };
}

/**
 * The conversation goes on with a plain `chat()`, declaring the run's tool (Anthropic refuses a
 * request with tool history and no tools, as the strict server does).
 */
async function followUp(lang: LanguageProvider, messages: LangMessages): Promise<number> {
  server.enqueue({ text: 'ok' });
  messages.addUserMessage('Still there?');
  messages.availableTools = [
    { name: weather.name, description: 'Weather.', parameters: weather.parameters },
  ];
  await lang.chat(messages);
  return server.lastRequest?.status ?? 0;
}

describe.each(CHAT)('runToolLoop faults on $name', (provider) => {
  it('on abort: the running call is cancelled, the queued one not run, and the history is sent again', async () => {
    server.enqueue({
      toolCalls: [
        { name: 'slow', arguments: {} },
        { name: 'get_weather', arguments: { city: 'Oslo' } },
      ],
    });
    const controller = new AbortController();
    const lang = provider.create(server);
    const messages = new LangMessages('Go.');
    const events = await drain(
      runToolLoop(lang, messages, {
        tools: [
          blockingTool('slow', () => {
            controller.abort();
          }),
          weather,
        ],
        concurrency: 1,
        signal: controller.signal,
      }),
    );
    expect(outline(events)).toEqual([
      'tool-call-end',
      'tool-call-end',
      'tool-result:cancelled',
      'tool-result:not-run',
      'done:aborted',
    ]);
    const results = messages[2]?.items.map((item): unknown =>
      item.type === 'tool-result' ? item.result : item,
    );
    expect(results).toEqual([
      {
        error: true,
        name: 'ToolCancelled',
        message:
          'Tool "slow" was cancelled after it started. It did not finish and may have had effects.',
      },
      {
        error: true,
        name: 'ToolNotRun',
        message:
          'Tool "get_weather" was not run: the run was stopped before it started. It had no effect.',
      },
    ]);
    expect(await followUp(lang, messages)).toBe(200);
  });

  it('when the consumer breaks out, running calls are cancelled, unstarted ones not run', async () => {
    server.enqueue({
      toolCalls: [
        { name: 'get_weather', arguments: { city: 'Oslo' } },
        { name: 'slow', arguments: {} },
        { name: 'get_weather', arguments: { city: 'Rome' } },
      ],
    });
    const lang = provider.create(server);
    const messages = new LangMessages('Go.');
    for await (const event of runToolLoop(lang, messages, {
      tools: [weather, blockingTool('slow', () => undefined)],
      concurrency: 1,
    })) {
      // The first result is in; "slow" runs, and the second get_weather waits for the slot.
      if (event.type === 'tool-result') break;
    }
    expect(messages[2]?.items).toMatchObject([
      { type: 'tool-result', name: 'get_weather', result: { city: 'Oslo' } },
      { type: 'tool-result', name: 'slow', isError: true, result: { name: 'ToolCancelled' } },
      { type: 'tool-result', name: 'get_weather', isError: true, result: { name: 'ToolNotRun' } },
    ]);
    expect(await followUp(lang, messages)).toBe(200);
  });

  it('when the consumer breaks out before any call starts, every call gets not run', async () => {
    server.enqueue({ toolCalls: [{ name: 'slow', arguments: {} }] });
    const lang = provider.create(server);
    const messages = new LangMessages('Go.');
    for await (const event of runToolLoop(lang, messages, {
      tools: [blockingTool('slow', () => undefined)],
    })) {
      if (event.type === 'tool-call-end') break;
    }
    expect(messages[2]?.items).toMatchObject([
      { type: 'tool-result', isError: true, result: { name: 'ToolNotRun' } },
    ]);
    expect(await followUp(lang, messages)).toBe(200);
  });

  it('answers a call past its timeout, and one that throws, then goes on', async () => {
    server.enqueue(
      {
        toolCalls: [
          { name: 'slow', arguments: {} },
          { name: 'broken', arguments: {} },
        ],
      },
      { text: 'Both failed.' },
    );
    const broken: LoopTool = {
      name: 'broken',
      parameters: { type: 'object' },
      handler: () => {
        throw new TypeError('bad input');
      },
    };
    const events = await drain(
      runToolLoop(provider.create(server), new LangMessages('Go.'), {
        tools: [{ ...blockingTool('slow', () => undefined), timeoutMs: 20 }, broken],
      }),
    );
    expect(events.filter((event) => event.type === 'tool-result')).toMatchObject([
      {
        name: 'broken',
        status: 'error',
        result: { error: true, name: 'TypeError', message: 'bad input' },
      },
      {
        name: 'slow',
        status: 'timeout',
        result: {
          error: true,
          name: 'ToolTimedOut',
          message:
            'Tool "slow" did not finish within 20 ms and was stopped. It may have had effects.',
        },
      },
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'done', reason: 'answer', answer: 'Both failed.' });
  });

  it('stops on a tool error when onToolError says so', async () => {
    server.enqueue({
      toolCalls: [
        { name: 'broken', arguments: {} },
        { name: 'get_weather', arguments: { city: 'Rome' } },
      ],
    });
    const failure = new Error('disk full');
    const events = await drain(
      runToolLoop(provider.create(server), new LangMessages('Go.'), {
        tools: [
          {
            name: 'broken',
            parameters: { type: 'object' },
            handler: () => Promise.reject(failure),
          },
          weather,
        ],
        concurrency: 1,
        onToolError: () => 'stop',
      }),
    );
    expect(outline(events)).toEqual([
      'tool-call-end',
      'tool-call-end',
      'tool-result:error',
      'tool-result:not-run',
      'done:error',
    ]);
    expect(events.at(-1)).toMatchObject({ error: failure });
  });

  it.each(['answer', 'stop'] as const)(
    'ends at maxRounds (onMaxRounds %s)',
    async (onMaxRounds) => {
      server.enqueue(twoCities, twoCities, { text: 'Enough.' });
      const events = await drain(
        runToolLoop(provider.create(server), new LangMessages('Go.'), {
          tools: [weather],
          maxRounds: 2,
          onMaxRounds,
        }),
      );
      const declared = server.requests.map(
        (request) => ((request.body as { tools?: unknown[] }).tools ?? []).length,
      );
      if (onMaxRounds === 'stop') {
        expect(declared).toEqual([1, 1]);
        expect(outline(events).slice(-2)).toEqual(['round-end', 'done:maxRounds']);
      } else {
        // Anthropic refuses tool history without tools, so its last request keeps them.
        expect(declared).toEqual([1, provider.name === 'Lang.anthropic' ? 1 : 0]);
        expect(
          events.filter((event) => event.type === 'tool-result').map((event) => event.status),
        ).toEqual(['ok', 'ok', 'not-run', 'not-run']);
        expect(events.at(-1)).toMatchObject({ type: 'done', reason: 'maxRounds' });
      }
      expect(server.requests.map((request) => request.status)).toEqual([200, 200]);
    },
  );

  it("resumes a crash: a 'once' call that started is not run again, an idempotent one is", async () => {
    const runs: string[] = [];
    const tool = (name: string, sideEffects: 'once' | 'idempotent'): LoopTool => ({
      name,
      parameters: { type: 'object' },
      sideEffects,
      handler: () => {
        runs.push(name);
        return 'done';
      },
    });
    const messages = new LangMessages('Go.');
    messages.addAssistantItems(
      [
        { type: 'tool', callId: 'toolu_once', name: 'charge', arguments: {} },
        { type: 'tool', callId: 'toolu_again', name: 'sync', arguments: {} },
        { type: 'tool', callId: 'toolu_approved', name: 'publish', arguments: {} },
      ],
      { [META_KEYS.started]: ['toolu_once', 'toolu_again', 'toolu_approved'] },
    );
    const saved = JSON.stringify(messages);
    server.enqueue({ text: 'Recovered.' });
    const events = await drain(
      runToolLoop(provider.create(server), new LangMessages(JSON.parse(saved) as LangMessage[]), {
        // publish needs approval, and started: a marker is no approval (a history may come back
        // from a client), so the resumed run is given the decision again.
        tools: [
          tool('charge', 'once'),
          tool('sync', 'idempotent'),
          { ...tool('publish', 'idempotent'), needsApproval: true },
        ],
        approvals: { toolu_approved: true },
      }),
    );
    expect(runs).toEqual(['sync', 'publish']);
    expect(events.filter((event) => event.type === 'tool-result')).toMatchObject([
      { name: 'charge', status: 'cancelled', result: { name: 'ToolCancelled' } },
      { name: 'sync', status: 'ok', result: 'done' },
      { name: 'publish', status: 'ok', result: 'done' },
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'done', reason: 'answer' });
    expect(server.requests.map((request) => request.status)).toEqual([200]);
  });
});
