import '../../src/register.js';
import { LangMessages, type LanguageProvider } from 'aiwrapper';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isProviderError } from '../../src/aiwrapper/index.js';
import { useProviderErrors } from '../helpers/provider-http.js';
import {
  routeToStrictServer,
  startStrictServer,
  type StrictServer,
} from '../../src/testing/index.js';
import { nonStreamingLoop, streamingLoop, weatherTools } from '../helpers/agent-loops.js';
import { MATRIX_PROVIDERS, orphanResult, reusedIds, type MatrixProvider } from './providers.js';
import { REFUSALS } from './refusals.js';

// The promise of issue 10, cell by cell: every aiwrapper provider x every scenario is accepted by
// the strict server, which refuses exactly what each provider refuses.

const weatherCalls = {
  toolCalls: [
    { name: 'get_weather', arguments: { city: 'Paris' } },
    { name: 'get_weather', arguments: { city: 'London' } },
  ],
};

interface Scenario {
  readonly name: string;
  /** Replies the server gives, in order. */
  readonly replies: readonly ({ text: string } | typeof weatherCalls)[];
  /** How many requests the scenario sends. */
  readonly requests: number;
  run(lang: LanguageProvider, provider: MatrixProvider): Promise<LangMessages>;
}

const SCENARIOS: readonly Scenario[] = [
  {
    name: 'the pre-3.0 loop, non-streaming',
    replies: [weatherCalls, { text: 'Sunny in both.' }],
    requests: 2,
    run: (lang) =>
      nonStreamingLoop(lang, new LangMessages('Weather in Paris and London?'), weatherTools),
  },
  {
    name: 'the pre-3.0 loop, streaming (onResult)',
    replies: [weatherCalls, { text: 'Sunny in both.' }],
    requests: 2,
    run: (lang) =>
      streamingLoop(lang, new LangMessages('Weather in Paris and London?'), weatherTools),
  },
  {
    name: 'a history built with the helpers before any chat()',
    replies: [{ text: 'Sunny in Paris.' }],
    requests: 1,
    run: (lang) => {
      const messages = new LangMessages('Weather in Paris?');
      messages.addToolCallsAndResults(
        [{ name: 'get_weather', arguments: { city: 'Paris' } }],
        [{ name: 'get_weather', result: { city: 'Paris', temp_c: 21 } }],
      );
      return lang.chat(messages, { tools: weatherTools });
    },
  },
  {
    name: 'orphan results with autoAssistantToolCalls',
    replies: [{ text: 'Sunny in Paris.' }],
    requests: 1,
    run: (lang, provider) =>
      lang.chat(orphanResult(provider.orphanCallId), {
        tools: weatherTools,
        autoAssistantToolCalls: true,
      }),
  },
  {
    name: 'reused ids (two turns of function_call_0) with autoRepairToolHistory',
    replies: [{ text: 'Cloudy in London.' }],
    requests: 1,
    run: (lang) => lang.chat(reusedIds(), { tools: weatherTools, autoRepairToolHistory: true }),
  },
  {
    name: 'a conversation serialized to JSON, rebuilt and continued',
    replies: [weatherCalls, { text: 'Sunny in both.' }, { text: 'Rain tomorrow.' }],
    requests: 3,
    run: async (lang) => {
      const first = await nonStreamingLoop(
        lang,
        new LangMessages('Weather in Paris and London?'),
        weatherTools,
      );
      const rebuilt = new LangMessages(JSON.parse(JSON.stringify(first)) as LangMessages);
      rebuilt.addUserMessage('And tomorrow?');
      return lang.chat(rebuilt, { tools: weatherTools });
    },
  },
  {
    name: 'a conversation reloaded without provider metadata (no response ids), then continued',
    replies: [weatherCalls, { text: 'Sunny in both.' }, { text: 'Rain tomorrow.' }],
    requests: 3,
    run: async (lang) => {
      const first = await nonStreamingLoop(
        lang,
        new LangMessages('Weather in Paris and London?'),
        weatherTools,
      );
      const stored = JSON.stringify(first, (key, value: unknown) =>
        key === 'meta' ? undefined : value,
      );
      const rebuilt = new LangMessages(JSON.parse(stored) as LangMessages);
      rebuilt.addUserMessage('And tomorrow?');
      return lang.chat(rebuilt, { tools: weatherTools });
    },
  },
];

/**
 * Cells that fail because of a bug outside the matrix's slice, with the reason. Each runs as
 * `it.fails`, so it turns red the day it passes; the lead resolves it at merge.
 */
const KNOWN_FAILING: readonly { provider: string; scenario: string; reason: string }[] = [];

let server: StrictServer;
let restoreHttp: () => void;

beforeAll(async () => {
  server = await startStrictServer();
  restoreHttp = useProviderErrors(routeToStrictServer(server));
});
afterAll(async () => {
  restoreHttp();
  await server.close();
});
beforeEach(() => {
  server.reset();
});

describe.each(MATRIX_PROVIDERS)('$name', (provider) => {
  for (const scenario of SCENARIOS) {
    const known = KNOWN_FAILING.find(
      (cell) => cell.provider === provider.name && cell.scenario === scenario.name,
    );
    const title = `accepts ${scenario.name}${known ? ` (KNOWN_FAILING: ${known.reason})` : ''}`;
    (known ? it.fails : it)(title, async () => {
      server.enqueue(...scenario.replies);
      await scenario.run(provider.create(server), provider);
      expect(server.requests.map(({ path, status }) => ({ path, status }))).toEqual(
        Array.from({ length: scenario.requests }, () => ({ path: provider.path, status: 200 })),
      );
    });
  }

  it("refuses orphan results with the flags off, in the provider's words", async () => {
    const refusal = REFUSALS[provider.name];
    const thrown = await provider
      .create(server)
      .chat(orphanResult(provider.orphanCallId), { tools: weatherTools })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(server.requests.map(({ path, status, error }) => ({ path, status, error }))).toEqual([
      { path: provider.path, status: 400, error: refusal?.body },
    ]);
    expect(isProviderError(thrown)).toBe(true);
    expect(thrown).toMatchObject({
      message: `HTTP error! status: 400: ${refusal?.message ?? ''}`,
      status: 400,
      providerError: refusal?.body,
    });
  });
});
