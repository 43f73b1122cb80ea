/**
 * aiwrapper benchmark, on the built package:
 * (a) building a history with the helpers (user message, `addToolCallsAndResults` with calls and
 *     results without ids, answer) at 10k, 30k, 100k and 300k messages, and one more helper call
 *     at that size: both must grow linearly;
 * (b) a second, no-op `addToolCallsAndResults` on one turn of 16k and 100k calls: linear;
 * (c) the request overhead of `chat()` through a stubbed HTTP layer (aiwrapper's
 *     `setHttpRequestImpl`) on valid 100-, 1k- and 10k-message histories of two generators (plain
 *     rounds, and hostile ones: long escaped non-ASCII arguments, 8-16 parallel calls, reasoning,
 *     images, big results): aiwrapper alone beside the package installed with both flags off
 *     (target <= 2%), `autoAssistantToolCalls` (<= 5%) and `autoRepairToolHistory` (<= 25%), modes
 *     alternating, medians of many runs (CPU time); then, isolated, what the package adds to each
 *     provider's `chat()` with aiwrapper's own `chat()` stubbed out underneath the package's
 *     wrapper, as a share of that provider's own `chat()`, for a collection sent again (as agent
 *     loops do) and on its first request;
 * (d) the synthesis pass (`autoAssistantToolCalls`) on histories where every call turn is
 *     missing, at 1k, 10k and 30k messages, beside aiwrapper alone on the same history: linear.
 *
 * Every time is CPU time (`process.cpuUsage`): on a machine shared with other work, wall-clock time
 * also counts the waits for a core. No collection is forced before a sample: the modes alternate,
 * so each is charged the collections its own garbage causes, as an app would be.
 *
 * Run: `npm run bench -- aiwrapper` (builds the package first), or
 * `npm run build && npx tsx bench/aiwrapper.ts`; `AIWRAPPER_BENCH=c` runs only part (c),
 * `AIWRAPPER_SIZES=100,1000` times (c) on those history sizes only, and
 * `AIWRAPPER_GENERATORS=plain` on that generator's histories only.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  Lang,
  LangMessage,
  LangMessages,
  setHttpRequestImpl,
  type LangMessageItem,
  type LangOptions,
  type LanguageProvider,
} from 'aiwrapper';

const entry = fileURLToPath(new URL('../dist/aiwrapper/install-tool-calls.js', import.meta.url));

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
  switchChat(lang);
  const chat: unknown = Reflect.get(lang, 'chat');
  return { name, lang, alone: chat as Chat };
}

/**
 * While true, aiwrapper's own `chat()` of every provider is stubbed out: it appends a short answer
 * and builds no request. The package's wrapper goes around the stub, so timing a provider with and
 * without the package isolates what the package adds to that provider's `chat()`, under that
 * provider's rules, where the end-to-end ratios drown in the load of a shared machine.
 */
let stubbed = false;
const SWITCHED = Symbol('bench.switched-chat');

/** Puts the stub switch under the `chat` of `lang`'s class, before the package wraps it. */
function switchChat(lang: LanguageProvider): void {
  let prototype = Object.getPrototypeOf(lang) as Record<PropertyKey, unknown> | null;
  while (prototype !== null && !Object.hasOwn(prototype, 'chat'))
    prototype = Object.getPrototypeOf(prototype) as Record<PropertyKey, unknown> | null;
  const real = prototype?.chat as (Chat & { [SWITCHED]?: true }) | undefined;
  if (prototype === null || real === undefined || real[SWITCHED] === true) return;
  const chat = function (this: LanguageProvider, messages: LangMessages, options?: LangOptions) {
    if (!stubbed) return real.call(this, messages, options);
    messages.push(new LangMessage('assistant', 'ok'));
    return Promise.resolve(messages);
  };
  Object.defineProperty(chat, SWITCHED, { value: true });
  Object.defineProperty(prototype, 'chat', { value: chat, configurable: true, writable: true });
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

/** Arguments as real models write them: long strings with quotes, escapes, newlines and non-ASCII. */
function hostileArguments(turn: number, call: number): Record<string, unknown> {
  const line = `Ligne ${String(call)}: "quoted" \\path\\to\\file\tcolumn — Zürich, 東京, Ελλάδα 🌦️\n`;
  return {
    query: line.repeat(4 + ((turn + call) % 6)),
    code: `function f${String(call)}() {\n  return "${'\\u00e9'.repeat(8)}";\n}`,
    options: {
      depth: call,
      tags: ['ä', 'ö', 'ü', `t${String(turn % 13)}`],
      strict: call % 2 === 0,
    },
  };
}

/** A result as tools return them: mostly a few hundred characters, now and then tens of kilobytes. */
function hostileResult(turn: number, call: number): unknown {
  const rows = turn % 8 === 0 && call === 0 ? 200 : 4;
  return {
    status: 'ok',
    rows: Array.from({ length: rows }, (_, row) => ({
      id: row,
      text: `Résultat ${String(row)} — "échappé" \\ ligne\nsuivante, 数据 ${String(turn)}`,
      score: (row * 0.37) % 1,
    })),
  };
}

/** A 9-character alphanumeric id, unique in the conversation, valid for every provider. */
const hostileCallId = (turn: number, call: number): string =>
  `h${String(turn).padStart(6, '0')}${String(call).padStart(2, '0')}`;

/** A small PNG, base64: an image every provider's request builder carries. */
const PIXEL =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/**
 * A valid history of about `size` messages, hostile like real ones: a question (with an image
 * every fifth turn), an assistant turn of reasoning, text and 8-16 parallel calls with long
 * arguments, their results (in call order, big now and then), and an answer with reasoning.
 */
function hostileMessages(size: number): LangMessage[] {
  const messages: LangMessage[] = [];
  for (let turn = 0; messages.length < size; turn++) {
    const question: LangMessageItem[] = [
      { type: 'text', text: `Compare «${String(turn)}» across sources, citing "each" one.` },
    ];
    if (turn % 5 === 0) question.push({ type: 'image', base64: PIXEL, mimeType: 'image/png' });
    messages.push(new LangMessage('user', question));
    const count = 8 + (turn % 9);
    const calls = Array.from({ length: count }, (_, call) => ({
      type: 'tool' as const,
      callId: hostileCallId(turn, call),
      name: ['search', 'fetch_page', 'run_code', 'lookup'][call % 4] ?? 'search',
      arguments: hostileArguments(turn, call),
    }));
    messages.push(
      new LangMessage('assistant', [
        { type: 'reasoning', text: `Plan for ${String(turn)}: fan out ${String(count)} calls.` },
        { type: 'text', text: 'Let me look that up.' },
        ...calls,
      ]),
    );
    messages.push(
      new LangMessage(
        'tool-results',
        calls.map((call, index) => ({
          type: 'tool-result' as const,
          callId: call.callId,
          name: call.name,
          result: hostileResult(turn, index),
        })),
      ),
    );
    messages.push(
      new LangMessage('assistant', [
        { type: 'reasoning', text: 'The sources agree.' },
        { type: 'text', text: `Here is the comparison for ${String(turn)}: « ok » — 完成.` },
      ]),
    );
  }
  messages.length = size;
  return messages;
}

/** The generators of valid histories (c) times; `AIWRAPPER_GENERATORS=plain` times one. */
const GENERATORS: readonly (readonly [string, (size: number) => LangMessage[]])[] = (
  [
    ['plain', validMessages],
    ['hostile', hostileMessages],
  ] as const
).filter(([name]) =>
  (process.env.AIWRAPPER_GENERATORS ?? 'plain,hostile').split(',').includes(name),
);

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
 * Returns each provider's own `chat()` time per generator and size, for the isolated rows.
 */
async function benchOverhead(list: readonly Provider[]): Promise<Map<string, number>> {
  const alones = new Map<string, number>();
  const rows = [
    [
      'history',
      'provider',
      'messages',
      'aiwrapper alone CPU ms',
      ...MODES.slice(1).map((mode) => `${mode}: median ratio / best (target)`),
    ],
  ];
  for (const [generator, generate] of GENERATORS) {
    for (const provider of list) {
      for (const size of OVERHEAD_SIZES) {
        const messages = new LangMessages(generate(size));
        // Enough chats per sample that one sample lasts about 10 ms (hostile histories cost
        // aiwrapper ten times as much as plain ones of the same length).
        const batch = Math.max(1, Math.round(10 / (await timeOnce(provider, messages))));
        const rounds = size >= 10_000 ? 13 : 25;
        const samples = new Map<Mode, number[]>(MODES.map((mode) => [mode, []]));
        for (let round = -2; round < rounds; round++) {
          const shift = ((round % MODES.length) + MODES.length) % MODES.length;
          const order = MODES.slice(shift).concat(MODES.slice(0, shift));
          for (const mode of order) {
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
        alones.set(`${generator} ${provider.name} ${String(size)}`, median(alone));
        rows.push([generator, provider.name, String(size), median(alone).toFixed(3), ...cells]);
      }
    }
  }
  console.log(
    '\n(c) chat() request overhead over aiwrapper alone, valid histories, stubbed HTTP (rounds alternating)',
  );
  printTable(rows);
  return alones;
}

/** CPU ms of aiwrapper's own `chat()` on `messages`, after two to warm up. */
async function timeOnce(provider: Provider, messages: LangMessages): Promise<number> {
  for (let run = 0; run < 2; run++) await chatOnce(provider, 'aiwrapper alone', messages);
  const started = cpuTime();
  await chatOnce(provider, 'aiwrapper alone', messages);
  return Math.max(0.01, cpuTime() - started);
}

/**
 * (c, isolated) What the package adds to one `chat()`, per mode and provider: each provider's
 * `chat()` with aiwrapper's own stubbed out (see {@link stubbed}), with the package minus without,
 * on the same history, as a share of that provider's own `chat()` from (c). Stable where the
 * end-to-end ratios drown in the load of a shared machine.
 *
 * An agent loop sends one collection again and again, a few messages longer each time; so do
 * the `resend` rows, which send the same collection. With either flag the package re-checks only
 * what changed since its last check. The `first` rows send a new collection every time: one lean
 * pass over it (`meetsLangProfile`: validity and, with `autoRepairToolHistory`, the provider's
 * rules).
 */
async function benchIsolatedOverhead(
  list: readonly Provider[],
  alones: ReadonlyMap<string, number>,
): Promise<void> {
  const rows = [
    [
      'history',
      'messages',
      'request',
      'mode',
      ...list.map((provider) => `${provider.name}: added CPU ms, % of its chat()`),
    ],
  ];
  stubbed = true;
  try {
    for (const [generator, generate] of GENERATORS) {
      for (const size of OVERHEAD_SIZES) {
        const base = generate(size);
        for (const first of [false, true]) {
          const cells = new Map<Mode, string[]>(MODES.map((mode) => [mode, []]));
          for (const provider of list) {
            const added = await isolatedSamples(provider, base, first);
            const own = alones.get(`${generator} ${provider.name} ${String(size)}`);
            for (const mode of MODES.slice(1)) {
              const ms = added.get(mode) ?? Number.NaN;
              const share = own === undefined ? '-' : `${((ms / own) * 100).toFixed(2)}%`;
              cells.get(mode)?.push(`${ms.toFixed(4)} ${share} (${String(TARGETS[mode])}%)`);
            }
          }
          for (const mode of MODES.slice(1))
            rows.push([
              generator,
              String(size),
              first ? 'first' : 'resend',
              mode,
              ...(cells.get(mode) ?? []),
            ]);
        }
      }
    }
  } finally {
    stubbed = false;
  }
  console.log(
    "\n(c, isolated) CPU time the package adds to each provider's chat() (aiwrapper's own stubbed out underneath), medians",
  );
  printTable(rows);
}

/** Per mode, the median CPU ms the package adds to one stubbed `chat()` of `provider`. */
async function isolatedSamples(
  provider: Provider,
  base: readonly LangMessage[],
  first: boolean,
): Promise<Map<Mode, number>> {
  const messages = new LangMessages(base as LangMessage[]);
  const samples = new Map<Mode, number[]>(MODES.map((mode) => [mode, []]));
  const batch = Math.max(4, Math.round(2_000 / base.length));
  for (let round = -2; round < 15; round++) {
    const shift = ((round % MODES.length) + MODES.length) % MODES.length;
    for (const mode of MODES.slice(shift).concat(MODES.slice(0, shift))) {
      // `first`: a new collection every chat(), so nothing checked before is known.
      const fresh = first
        ? Array.from({ length: batch }, () => new LangMessages(base as LangMessage[]))
        : [];
      const started = cpuTime();
      for (let index = 0; index < batch; index++)
        await chatOnce(provider, mode, fresh[index] ?? messages);
      if (round >= 0) samples.get(mode)?.push((cpuTime() - started) / batch);
    }
  }
  const alone = median(samples.get('aiwrapper alone') ?? []);
  return new Map(
    MODES.slice(1).map((mode) => [mode, Math.max(0, median(samples.get(mode) ?? []) - alone)]),
  );
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

/** The history sizes (c) times; `AIWRAPPER_SIZES=100` for a quick look. */
const OVERHEAD_SIZES = (process.env.AIWRAPPER_SIZES ?? '100,1000,10000').split(',').map(Number);

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
    if (list.some((provider) => Symbol.for('aiwrapper-tool-calls.wrapped-chat') in provider.alone))
      throw new Error(
        'aiwrapper is already wrapped: run this bench before installing the package.',
      );
    const { installToolCalls } = (await import(
      pathToFileURL(entry).href
    )) as typeof import('../src/aiwrapper/install-tool-calls.js');
    installToolCalls({ autoAssistantToolCalls: false, autoRepairToolHistory: false });
    if (parts.includes('a')) benchBuild();
    if (parts.includes('b')) benchNoOp();
    if (parts.includes('c')) await benchIsolatedOverhead(list, await benchOverhead(list));
    const chat = list[0];
    if (chat && parts.includes('d')) await benchSynthesis(chat);
  } finally {
    console.warn = warn;
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runAiwrapperBench();
}
