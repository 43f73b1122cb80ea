/**
 * aiwrapper benchmark, on the built package:
 * (a) building a history with the helpers (user message, `addToolCallsAndResults` with calls and
 *     results without ids, answer) at 10k, 30k, 100k and 300k messages, and one more helper call
 *     at that size: both must grow linearly;
 * (b) a second, no-op `addToolCallsAndResults` on one turn of 16k and 100k calls: linear;
 * (c) the request overhead of `chat()` through a stubbed HTTP layer (aiwrapper's
 *     `setHttpRequestImpl`) on valid 100-, 1k- and 10k-message histories: aiwrapper alone beside
 *     the package installed with both flags off (target <= 2%), `autoAssistantToolCalls` (<= 5%)
 *     and `autoRepairToolHistory` (<= 25%), modes alternating, medians of many runs (CPU time);
 *     then the same modes on aiwrapper's mock provider, whose `chat()` reads no history, which
 *     isolates what the package adds, as a share of each provider's own `chat()`, for a collection
 *     sent again (as agent loops do) and on its first request;
 * (d) the synthesis pass (`autoAssistantToolCalls`) on histories where every call turn is
 *     missing, at 1k, 10k and 30k messages, beside aiwrapper alone on the same history: linear.
 *
 * Every time is CPU time (`process.cpuUsage`): on a machine shared with other work, wall-clock time
 * also counts the waits for a core.
 *
 * Run: `npm run bench -- aiwrapper` (builds the package first), or
 * `npm run build && npx tsx bench/aiwrapper.ts`; `AIWRAPPER_BENCH=c` runs only part (c).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  Lang,
  LangMessage,
  LangMessages,
  MockOpenAILikeLang,
  setHttpRequestImpl,
  type LangOptions,
  type LanguageProvider,
} from 'aiwrapper';

const entry = fileURLToPath(new URL('../dist/aiwrapper/install-tool-calls.js', import.meta.url));

// A full collection before every sample, so garbage of one mode is not collected on another's time.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

type Chat = (
  this: LanguageProvider,
  messages: LangMessages,
  options?: LangOptions,
) => Promise<unknown>;

interface Provider {
  readonly name: string;
  readonly lang: LanguageProvider;
  /** aiwrapper's own `chat()`, taken before the package wraps it. */
  readonly alone: Chat;
}

/**
 * The providers timed in (c): one per wire format aiwrapper builds a request body for, and
 * Mistral (Chat Completions under stricter rules).
 */
function providers(): Provider[] {
  const langs: [string, LanguageProvider][] = [
    [
      'openai-chat',
      Lang.openaiLike({ apiKey: 'k', model: 'gpt-4o-mini', baseURL: 'http://stub.local/v1' }),
    ],
    ['openai-responses', Lang.openai({ apiKey: 'k', model: 'gpt-4o-mini' })],
    ['anthropic', Lang.anthropic({ apiKey: 'k', model: 'claude-haiku-4-5-20251001' })],
    ['gemini', Lang.google({ apiKey: 'k', model: 'gemini-2.5-flash' })],
    // Lang.mistral's model check logs for models missing in aimodels; the endpoint is what counts.
    [
      'mistral',
      Lang.openaiLike({
        apiKey: 'k',
        model: 'mistral-large-latest',
        baseURL: 'https://api.mistral.ai/v1',
      }),
    ],
  ];
  return langs.map(([name, lang]) => providerOf(name, lang));
}

function providerOf(name: string, lang: LanguageProvider): Provider {
  const chat: unknown = Reflect.get(lang, 'chat');
  return { name, lang, alone: chat as Chat };
}

/**
 * aiwrapper's mock provider: its `chat()` streams a fixed answer without reading the history or
 * building a request, so timing it with and without the package isolates what the package adds.
 */
function mockProvider(): Provider {
  return providerOf('mock', new MockOpenAILikeLang({ mockResponseText: 'ok' }));
}

function sse(events: readonly unknown[]): Response {
  const text = events
    .map((event) => `data: ${typeof event === 'string' ? event : JSON.stringify(event)}\n\n`)
    .join('');
  return new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

/** One short text answer per endpoint, as the real APIs stream it. */
function reply(url: string): Response {
  if (url.includes('api.anthropic.com')) {
    return sse([
      { type: 'message_start', message: { id: 'msg_1', role: 'assistant', content: [] } },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'ok' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'message_stop' },
    ]);
  }
  if (url.includes('generativelanguage.googleapis.com')) {
    // aiwrapper's Gemini provider asks for one JSON answer, not a stream.
    return Response.json({ candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] } }] });
  }
  if (url.endsWith('/responses')) {
    return sse([
      { type: 'response.output_text.delta', delta: 'ok' },
      { type: 'response.completed', response: { id: 'resp_1', output: [] } },
    ]);
  }
  return sse([{ choices: [{ delta: { role: 'assistant', content: 'ok' } }] }, '[DONE]']);
}

/** A 9-character alphanumeric id, valid for every provider. */
const callId = (turn: number, call: number): string =>
  `c${String(turn).padStart(7, '0')}${'ab'[call] ?? 'z'}`;

const argumentsOf = (turn: number): Record<string, unknown> => ({
  city: turn % 2 === 0 ? 'Paris' : 'Zürich',
  day: turn % 7,
  filters: { units: 'metric', fields: ['temp', 'sky'] },
});

/** A valid history of about `size` messages: question, two parallel calls, their results, answer. */
function validMessages(size: number): LangMessage[] {
  const messages: LangMessage[] = [];
  for (let turn = 0; messages.length < size; turn++) {
    messages.push(new LangMessage('user', `Weather for day ${String(turn)}?`));
    const calls = [0, 1].map((call) => ({
      type: 'tool' as const,
      callId: callId(turn, call),
      name: call === 0 ? 'get_weather' : 'search',
      arguments: argumentsOf(turn),
    }));
    messages.push(new LangMessage('assistant', calls));
    messages.push(
      new LangMessage(
        'tool-results',
        calls.map((call) => ({
          type: 'tool-result' as const,
          callId: call.callId,
          name: call.name,
          result: { temp_c: turn % 30, sky: 'sunny' },
        })),
      ),
    );
    messages.push(new LangMessage('assistant', `Sunny, ${String(turn % 30)} °C.`));
  }
  messages.length = size;
  return messages;
}

/** A history of about `size` messages where every call turn is missing: question, results, answer. */
function orphanMessages(size: number): LangMessage[] {
  const messages: LangMessage[] = [];
  for (let turn = 0; messages.length < size; turn++) {
    messages.push(new LangMessage('user', `Weather for day ${String(turn)}?`));
    messages.push(
      new LangMessage('tool-results', [
        {
          type: 'tool-result',
          callId: callId(turn, 0),
          name: 'get_weather',
          result: { temp_c: turn % 30 },
        },
      ]),
    );
    messages.push(new LangMessage('assistant', 'Sunny.'));
  }
  messages.length = size;
  return messages;
}

function median(values: readonly number[]): number {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function least(values: readonly number[]): number {
  return values.reduce((min, value) => Math.min(min, value), Number.POSITIVE_INFINITY);
}

function printTable(rows: readonly (readonly string[])[]): void {
  const widths =
    rows[0]?.map((_, column) =>
      rows.reduce((max, row) => Math.max(max, row[column]?.length ?? 0), 0),
    ) ?? [];
  for (const row of rows)
    console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '));
}

/** (a) Builds a history of `size` messages with the helpers; returns ms for it and for one more round. */
function buildWithHelpers(size: number): { build: number; oneMore: number } {
  const messages = new LangMessages();
  const round = (turn: number): void => {
    messages.addUserMessage(`Weather for day ${String(turn)}?`);
    messages.addToolCallsAndResults(
      [{ name: 'get_weather', arguments: argumentsOf(turn) }],
      [{ name: 'get_weather', result: { temp_c: turn % 30, sky: 'sunny' } }],
    );
    messages.addAssistantMessage('Sunny.');
  };
  const started = cpuTime();
  let turn = 0;
  while (messages.length < size) round(turn++);
  const build = cpuTime() - started;
  const extra = cpuTime();
  const more = 20;
  for (let index = 0; index < more; index++) round(turn++);
  return { build, oneMore: (cpuTime() - extra) / more };
}

function benchBuild(): void {
  const rows = [
    ['messages', 'build CPU ms', 'µs per message', 'growth per message', 'one more round CPU ms'],
  ];
  let base: number | undefined;
  for (const size of [10_000, 30_000, 100_000, 300_000]) {
    const runs = Array.from({ length: size > 100_000 ? 2 : 3 }, () => buildWithHelpers(size));
    const build = least(runs.map((run) => run.build));
    const oneMore = least(runs.map((run) => run.oneMore));
    const perMessage = (build * 1000) / size;
    base ??= perMessage;
    rows.push([
      String(size),
      build.toFixed(0),
      perMessage.toFixed(2),
      `${(perMessage / base).toFixed(2)}x`,
      oneMore.toFixed(3),
    ]);
  }
  console.log('\n(a) building a history with the helpers (best of 3; 2 at 300k)');
  printTable(rows);
}

/** (b) One turn of `count` calls written with the helpers, then the same call again (a no-op). */
function noOpSecondCall(count: number): { first: number; second: number } {
  const calls = Array.from({ length: count }, (_, index) => ({
    callId: `k${String(index).padStart(8, '0')}`,
    name: 'get_weather',
    arguments: { city: 'Paris', index },
  }));
  const results = calls.map((call) => ({ toolId: call.callId, name: call.name, result: 'sunny' }));
  const messages = new LangMessages('Weather everywhere?');
  let started = cpuTime();
  messages.addToolCallsAndResults(calls, results);
  const first = cpuTime() - started;
  const length = messages.length;
  started = cpuTime();
  messages.addToolCallsAndResults(calls, results);
  const second = cpuTime() - started;
  if (messages.length !== length) throw new Error('The second call was not a no-op.');
  return { first, second };
}

function benchNoOp(): void {
  const rows = [
    ['calls in the turn', 'first call CPU ms', 'no-op second call CPU ms', 'µs per call'],
  ];
  for (const count of [16_000, 100_000]) {
    const runs = Array.from({ length: 3 }, () => noOpSecondCall(count));
    const first = least(runs.map((run) => run.first));
    const second = least(runs.map((run) => run.second));
    rows.push([
      String(count),
      first.toFixed(0),
      second.toFixed(0),
      ((second * 1000) / count).toFixed(2),
    ]);
  }
  console.log('\n(b) a no-op second addToolCallsAndResults on one turn (best of 3)');
  printTable(rows);
}

const MODES = [
  'aiwrapper alone',
  'flags off',
  'autoAssistantToolCalls',
  'autoRepairToolHistory',
] as const;
type Mode = (typeof MODES)[number];
const TARGETS: Readonly<Record<Mode, number | undefined>> = {
  'aiwrapper alone': undefined,
  'flags off': 2,
  autoAssistantToolCalls: 5,
  autoRepairToolHistory: 25,
};

async function chatOnce(provider: Provider, mode: Mode, messages: LangMessages): Promise<void> {
  const size = messages.length;
  if (mode === 'aiwrapper alone') await provider.alone.call(provider.lang, messages);
  else
    await provider.lang.chat(messages, {
      autoAssistantToolCalls: mode === 'autoAssistantToolCalls',
      autoRepairToolHistory: mode === 'autoRepairToolHistory',
    });
  // The answer is dropped so every run sends the same history.
  messages.length = size;
}

/**
 * The process's CPU time in milliseconds: on a machine shared with other work it counts only what
 * this process ran, where wall-clock time also counts waiting for a core.
 */
function cpuTime(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function percent(ratio: number): string {
  const value = (ratio - 1) * 100;
  return `${value >= 0 ? '+' : ''}${value.toFixed(1)}%`;
}

/**
 * Times each mode once per round (CPU time), the order rotating every round, and compares each mode with
 * aiwrapper alone in the same round: on a shared machine the load drifts between rounds, much
 * less within one. Reports the median of those per-round ratios, and the ratio of the best runs.
 */
async function benchOverhead(list: readonly Provider[]): Promise<Map<string, number>> {
  const alones = new Map<string, number>();
  const rows = [
    [
      'provider',
      'messages',
      'aiwrapper alone CPU ms',
      ...MODES.slice(1).map((mode) => `${mode}: median ratio / best (target)`),
    ],
  ];
  for (const provider of list) {
    for (const size of [100, 1_000, 10_000]) {
      const messages = new LangMessages(validMessages(size));
      // Enough chats per sample that one sample lasts a few milliseconds.
      const batch = Math.max(1, Math.round(10_000 / size));
      const rounds = size >= 10_000 ? 21 : 41;
      const samples = new Map<Mode, number[]>(MODES.map((mode) => [mode, []]));
      for (let round = -2; round < rounds; round++) {
        const shift = ((round % MODES.length) + MODES.length) % MODES.length;
        const order = MODES.slice(shift).concat(MODES.slice(0, shift));
        for (const mode of order) {
          collectGarbage();
          const started = cpuTime();
          for (let index = 0; index < batch; index++) await chatOnce(provider, mode, messages);
          // The first two rounds warm up.
          if (round >= 0) samples.get(mode)?.push((cpuTime() - started) / batch);
        }
      }
      const alone = samples.get('aiwrapper alone') ?? [];
      const cells = MODES.slice(1).map((mode) => {
        const own = samples.get(mode) ?? [];
        const perRound = median(own.map((time, round) => time / (alone[round] ?? Number.NaN)));
        const best = least(own) / least(alone);
        return `${percent(perRound)} / ${percent(best)} (${String(TARGETS[mode])}%)`;
      });
      alones.set(`${provider.name} ${String(size)}`, median(alone));
      rows.push([provider.name, String(size), median(alone).toFixed(3), ...cells]);
    }
  }
  console.log(
    '\n(c) chat() request overhead over aiwrapper alone, valid histories, stubbed HTTP (rounds alternating)',
  );
  printTable(rows);
  return alones;
}

/**
 * (c, isolated) What the package adds to one `chat()`, per mode: aiwrapper's mock provider with
 * the package minus without, on the same history, as a share of each provider's own `chat()`
 * from (c). Stable where the end-to-end ratios drown in the load of a shared machine.
 *
 * An agent loop sends one collection again and again, a few messages longer each time; so do
 * these rows, which send the same collection. With `autoRepairToolHistory` the package re-checks
 * only what changed since its last check; `autoAssistantToolCalls` runs its lean validity pass
 * (isValidLangHistory) over the whole collection every time. The `first request` rows send a new
 * collection every time: one whole validation pass (repair) or one lean pass (synthesis).
 */
async function benchIsolatedOverhead(
  mock: Provider,
  list: readonly Provider[],
  alones: ReadonlyMap<string, number>,
): Promise<void> {
  const rows = [
    [
      'messages',
      'mode',
      'added CPU ms per chat()',
      ...list.map((provider) => `% of ${provider.name}`),
    ],
  ];
  for (const [size, first] of [100, 1_000, 10_000].flatMap((size) =>
    [false, true].map((first) => [size, first] as const),
  )) {
    const base = validMessages(size);
    const messages = new LangMessages(base);
    const samples = new Map<Mode, number[]>(MODES.map((mode) => [mode, []]));
    const batch = Math.max(4, Math.round(20_000 / size));
    for (let round = -2; round < 31; round++) {
      const shift = ((round % MODES.length) + MODES.length) % MODES.length;
      for (const mode of MODES.slice(shift).concat(MODES.slice(0, shift))) {
        collectGarbage();
        // `first`: a new collection every chat(), so nothing checked before is known.
        const fresh = first ? Array.from({ length: batch }, () => new LangMessages(base)) : [];
        const started = cpuTime();
        for (let index = 0; index < batch; index++)
          await chatOnce(mock, mode, fresh[index] ?? messages);
        if (round >= 0) samples.get(mode)?.push((cpuTime() - started) / batch);
      }
    }
    const alone = median(samples.get('aiwrapper alone') ?? []);
    for (const mode of MODES.slice(1)) {
      const added = Math.max(0, median(samples.get(mode) ?? []) - alone);
      const shares = list.map((provider) => {
        const own = alones.get(`${provider.name} ${String(size)}`);
        return own === undefined
          ? '-'
          : `${((added / own) * 100).toFixed(2)}% (${String(TARGETS[mode])}%)`;
      });
      rows.push([
        String(size),
        first ? `${mode}, first request` : mode,
        added.toFixed(4),
        ...shares,
      ]);
    }
  }
  console.log(
    "\n(c, isolated) CPU time the package adds to chat(), on aiwrapper's mock provider (Chat Completions rules), medians",
  );
  printTable(rows);
}

/** Past this, a quadratic pass is not timed at the next size. */
const SYNTHESIS_BUDGET_MS = 10_000;

async function benchSynthesis(provider: Provider): Promise<void> {
  const rows = [
    [
      'messages',
      'aiwrapper alone CPU ms',
      'autoAssistantToolCalls CPU ms',
      'ratio',
      'µs per message',
    ],
  ];
  let skipped: string | undefined;
  for (const size of [1_000, 10_000, 30_000]) {
    if (skipped !== undefined) {
      rows.push([String(size), '-', '-', '-', skipped]);
      continue;
    }
    const base = orphanMessages(size);
    const timing: Record<'alone' | 'auto', number[]> = { alone: [], auto: [] };
    for (let run = 0; run < 5; run++) {
      for (const mode of run % 2 === 0
        ? (['alone', 'auto'] as const)
        : (['auto', 'alone'] as const)) {
        const messages = new LangMessages(base);
        collectGarbage();
        const started = cpuTime();
        if (mode === 'alone') await provider.alone.call(provider.lang, messages);
        else await provider.lang.chat(messages, { autoAssistantToolCalls: true });
        const took = cpuTime() - started;
        timing[mode].push(took);
        if (took > SYNTHESIS_BUDGET_MS) {
          skipped = `skipped: ${String(size)} messages took ${(took / 1000).toFixed(1)} s`;
          break;
        }
      }
      if (skipped !== undefined) break;
    }
    const alone = least(timing.alone);
    const auto = least(timing.auto);
    rows.push([
      String(size),
      alone.toFixed(1),
      auto.toFixed(1),
      (auto / alone).toFixed(2),
      ((auto * 1000) / size).toFixed(2),
    ]);
  }
  console.log(
    `\n(d) autoAssistantToolCalls with every call turn missing, ${provider.name} (best of 5, alternating)`,
  );
  printTable(rows);
}

/** The parts to run: `AIWRAPPER_BENCH=c,d` runs only (c) and (d). */
const parts = (process.env.AIWRAPPER_BENCH ?? 'a,b,c,d').split(',');

/** Runs (a) to (d) and prints their tables. */
export async function runAiwrapperBench(): Promise<void> {
  if (!existsSync(entry))
    throw new Error(
      `The bench times the built package, but ${entry} is missing: run \`npm run build\` first.`,
    );
  setHttpRequestImpl((url) => Promise.resolve(reply(String(url))));
  const warn = console.warn;
  // aiwrapper warns about unknown models and inserted results; the timings must not print.
  console.warn = (): void => undefined;
  try {
    // aiwrapper's own chat() is taken before the package wraps it.
    const list = providers();
    const mock = mockProvider();
    if (
      [mock, ...list].some(
        (provider) => Symbol.for('aiwrapper-tool-calls.wrapped-chat') in provider.alone,
      )
    )
      throw new Error(
        'aiwrapper is already wrapped: run this bench before installing the package.',
      );
    const { installToolCalls } = (await import(
      pathToFileURL(entry).href
    )) as typeof import('../src/aiwrapper/install-tool-calls.js');
    installToolCalls({ autoAssistantToolCalls: false, autoRepairToolHistory: false });
    if (parts.includes('a')) benchBuild();
    if (parts.includes('b')) benchNoOp();
    if (parts.includes('c')) await benchIsolatedOverhead(mock, list, await benchOverhead(list));
    const chat = list[0];
    if (chat && parts.includes('d')) await benchSynthesis(chat);
  } finally {
    console.warn = warn;
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runAiwrapperBench();
}
