/**
 * The tool loop's overhead per round (issue 12): runs of 4 rounds (a request whose response asks
 * for 4 parallel calls, and those calls run) and a final answer, on 1k-message conversations, by
 * `runToolLoop`, against the same run by hand: bare aiwrapper `chat()` calls whose tools carry the
 * same handlers, so aiwrapper runs the calls itself (what a loop written on aiwrapper alone does).
 * Target: the loop adds <= 5%. A round's cost includes the run's own (checking the history,
 * starting the working copy), spread over its rounds.
 *
 * The transport is in process: aiwrapper's `setHttpRequestImpl` answers every request with a
 * canned stream in the provider's exact shape, so aiwrapper's own request build and stream parsing
 * run for real, with no socket. Two providers (Chat Completions, Anthropic) and two conversation
 * generators (the repair bench's, and the wide one: 8 parallel calls per turn, long arguments,
 * other id shapes). Times are CPU time (`process.cpuUsage`, garbage collection included), runs
 * alternating one by one, and the figure is the loop's total over the hand's, with the same ratio
 * over five slices of the runs as its range. Two more columns split the loop's extra wall time per
 * request into what it adds inside `chat()` and what it adds between requests.
 *
 * Run: `npm run bench -- loop`, or `npm run build && npx tsx bench/tool-loop.ts`.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  Lang,
  LangMessages,
  setHttpRequestImpl,
  type LangMessage,
  type LangTool,
  type LanguageProvider,
} from 'aiwrapper';
import { historyOf } from './repair.js';
import { wideHistoryOf } from './wide-histories.js';

const entry = fileURLToPath(new URL('../dist/aiwrapper/index.js', import.meta.url));
if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first.`);
const { runToolLoop } = (await import(
  pathToFileURL(entry).href
)) as typeof import('../src/aiwrapper/index.js');

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const CALLS = 4;
/** Rounds with calls per run; the run's last request gets the answer. */
const TOOL_ROUNDS = 4;
const SIZE = Number(process.env.LOOP_BENCH_SIZE ?? 1000);
/** Alternating pairs of runs (one by hand, one by the loop) per cell. */
const PAIRS = Number(process.env.LOOP_BENCH_PAIRS ?? 200);
const SEGMENTS = 5;

const handler = (args: Readonly<Record<string, unknown>>): unknown => ({
  city: args.city,
  temp_c: 21,
  sky: 'clear',
});
const toolDefinition = {
  name: 'get_weather',
  description: 'Current weather for a city.',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

function sse(frames: readonly string[]): Response {
  return new Response(frames.join(''), {
    status: 200,
    headers: { 'content-type': 'text/event-stream' },
  });
}

let served = 0;
/** A response asking for 4 calls, arguments split over deltas as the providers stream them. */
function chatReply(): Response {
  const round = served++;
  const frames: string[] = [];
  const chunk = (delta: unknown, finish: string | null = null): string =>
    `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  if (round % (TOOL_ROUNDS + 1) === TOOL_ROUNDS) {
    frames.push(chunk({ role: 'assistant', content: '' }));
    for (const piece of ['Clear ', 'skies ', 'everywhere.']) frames.push(chunk({ content: piece }));
    frames.push(chunk({}, 'stop'), 'data: [DONE]\n\n');
    return sse(frames);
  }
  frames.push(chunk({ role: 'assistant', content: null }));
  for (let call = 0; call < CALLS; call++) {
    const id = `call_${String(round)}_${String(call)}`;
    frames.push(
      chunk({
        tool_calls: [
          { index: call, id, type: 'function', function: { name: 'get_weather', arguments: '' } },
        ],
      }),
    );
    for (const piece of ['{"ci', 'ty": "Pa', `ris ${String(call)}"}`])
      frames.push(chunk({ tool_calls: [{ index: call, function: { arguments: piece } }] }));
  }
  frames.push(chunk({}, 'tool_calls'), 'data: [DONE]\n\n');
  return sse(frames);
}

function anthropicReply(): Response {
  const round = served++;
  const frames: string[] = [];
  const event = (type: string, data: Record<string, unknown>): string =>
    `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  frames.push(
    event('message_start', {
      message: {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        content: [],
        model: 'claude',
        stop_reason: null,
        usage: { input_tokens: 1, output_tokens: 1 },
      },
    }),
  );
  if (round % (TOOL_ROUNDS + 1) === TOOL_ROUNDS) {
    frames.push(
      event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
    );
    for (const piece of ['Clear ', 'skies ', 'everywhere.'])
      frames.push(
        event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: piece } }),
      );
    frames.push(
      event('content_block_stop', { index: 0 }),
      event('message_delta', { delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 1 } }),
      event('message_stop', {}),
    );
    return sse(frames);
  }
  for (let call = 0; call < CALLS; call++) {
    frames.push(
      event('content_block_start', {
        index: call,
        content_block: {
          type: 'tool_use',
          id: `toolu_${String(round)}_${String(call)}`,
          name: 'get_weather',
          input: {},
        },
      }),
    );
    for (const piece of ['{"ci', 'ty": "Pa', `ris ${String(call)}"}`])
      frames.push(
        event('content_block_delta', {
          index: call,
          delta: { type: 'input_json_delta', partial_json: piece },
        }),
      );
    frames.push(event('content_block_stop', { index: call }));
  }
  frames.push(
    event('message_delta', { delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 1 } }),
    event('message_stop', {}),
  );
  return sse(frames);
}

interface Provider {
  readonly name: string;
  readonly lang: LanguageProvider;
  readonly reply: () => Response;
}

const PROVIDERS: readonly Provider[] = [
  {
    name: 'Chat Completions',
    lang: Lang.openaiLike({
      apiKey: 'bench',
      model: 'gpt-4o-mini',
      baseURL: 'http://bench.local/v1',
    }),
    reply: chatReply,
  },
  {
    name: 'Anthropic',
    lang: Lang.anthropic({ apiKey: 'bench', model: 'claude-sonnet-4-5-20250929' }),
    reply: anthropicReply,
  },
];

const GENERATORS: readonly (readonly [string, () => unknown[]])[] = [
  ['bench', () => historyOf('aiwrapper', SIZE, 'valid')],
  ['wide', () => wideHistoryOf('aiwrapper', SIZE, 'valid')],
];

function cpuMs(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

/**
 * A run by hand: `chat()` again while the last response's calls ran. aiwrapper runs them with the
 * tools' handlers, one after another: the loop aiwrapper users write.
 */
async function byHand(lang: LanguageProvider, messages: LangMessages): Promise<void> {
  messages.availableTools = [{ ...toolDefinition, handler }] as LangTool[];
  let requests = 0;
  do {
    await lang.chat(messages, { onResult: () => undefined });
    requests++;
  } while (messages.at(-1)?.role === 'tool-results');
  if (requests !== TOOL_ROUNDS + 1) throw new Error(`the run made ${String(requests)} requests`);
}

/** The same run by the loop, streaming, its calls run 4 at once. */
async function byLoop(lang: LanguageProvider, messages: LangMessages): Promise<void> {
  let results = 0;
  for await (const event of runToolLoop(lang, messages, {
    tools: [{ ...toolDefinition, handler }],
  }))
    if (event.type === 'tool-result') results++;
  if (results !== CALLS * TOOL_ROUNDS) throw new Error(`the loop ran ${String(results)} calls`);
}

/** Wall ms spent inside `chat()` calls so far (see {@link timeChatCalls}). */
let inChatMs = 0;

/**
 * Wraps `lang.chat` (an own property, so the prototype that tells the provider stays) to add the
 * wall time of each call to {@link inChatMs}: what the loop adds inside a request (the abort
 * signal aiwrapper listens to, the live events) apart from what it adds between requests.
 */
function timeChatCalls(lang: LanguageProvider): void {
  const prototype = Object.getPrototypeOf(lang) as LanguageProvider;
  Object.defineProperty(lang, 'chat', {
    configurable: true,
    value: async (...args: Parameters<LanguageProvider['chat']>) => {
      const start = performance.now();
      try {
        return await prototype.chat.apply(lang, args);
      } finally {
        inChatMs += performance.now() - start;
      }
    },
  });
}

interface RunTime {
  /** CPU ms of the run, garbage collection included. */
  readonly cpu: number;
  /** Wall ms of the run, and of it inside `chat()`. */
  readonly wall: number;
  readonly inChat: number;
}

/** One run of `mode` on a fresh collection of `base`'s messages (made before timing). */
async function timeRun(
  mode: typeof byHand,
  lang: LanguageProvider,
  base: readonly LangMessage[],
): Promise<RunTime> {
  const messages = new LangMessages([...base]);
  const chatBefore = inChatMs;
  const wallStart = performance.now();
  const start = cpuMs();
  await mode(lang, messages);
  const cpu = cpuMs() - start;
  return { cpu, wall: performance.now() - wallStart, inChat: inChatMs - chatBefore };
}

export async function runToolLoopBench(): Promise<void> {
  console.log(
    `Loop overhead per round (request): runs of ${String(TOOL_ROUNDS)} rounds of ${String(CALLS)} parallel calls and an answer, on ${String(SIZE)}-message conversations; CPU time of ${String(PAIRS)} alternating pairs of runs, total against total (range: the same over ${String(SEGMENTS)} slices). Target <= 5%. The last two columns split the loop's extra wall time per request: inside chat() (the abort signal aiwrapper listens to, the live events) and between requests (the loop's own work).\n`,
  );
  const rows: string[][] = [
    [
      'provider',
      'generator',
      'by hand ms',
      'loop ms',
      'overhead',
      'range',
      'target',
      'more in chat() µs',
      'more between µs',
    ],
  ];
  for (const provider of PROVIDERS) {
    served = 0;
    timeChatCalls(provider.lang);
    setHttpRequestImpl(() => Promise.resolve(provider.reply()));
    for (const [generator, build] of GENERATORS) {
      const base = new LangMessages(build() as LangMessage[]);
      // Warm both paths.
      for (let warm = 0; warm < 24; warm++) {
        await timeRun(byHand, provider.lang, base);
        await timeRun(byLoop, provider.lang, base);
      }
      collectGarbage();
      // Runs alternate, one of each per pair, so both modes see the same machine and the same
      // heap; the figure is total loop time over total hand time, garbage collection included
      // where it falls (a median of short blocks would leave out the collections the loop's own
      // garbage causes). The range is that ratio over each of SEGMENTS consecutive slices.
      const hand: RunTime[] = [];
      const loop: RunTime[] = [];
      for (let pair = 0; pair < PAIRS; pair++) {
        const first = pair % 2 === 0;
        const a = await timeRun(first ? byHand : byLoop, provider.lang, base);
        const b = await timeRun(first ? byLoop : byHand, provider.lang, base);
        hand.push(first ? a : b);
        loop.push(first ? b : a);
      }
      const sum = (runs: readonly RunTime[], of: (run: RunTime) => number = (run) => run.cpu) =>
        runs.reduce((total, run) => total + of(run), 0);
      const perRequest = (runs: readonly RunTime[], of?: (run: RunTime) => number): number =>
        sum(runs, of) / (runs.length * (TOOL_ROUNDS + 1));
      const ratios: number[] = [];
      const size = Math.floor(PAIRS / SEGMENTS);
      for (let segment = 0; segment < SEGMENTS; segment++) {
        const from = segment * size;
        ratios.push(sum(loop.slice(from, from + size)) / sum(hand.slice(from, from + size)) - 1);
      }
      const overhead = sum(loop) / sum(hand) - 1;
      // Wall time split: inside chat() and between requests, the loop's minus the hand's, µs.
      const inside = (run: RunTime): number => run.inChat;
      const between = (run: RunTime): number => run.wall - run.inChat;
      const more = (of: (run: RunTime) => number): string =>
        ((perRequest(loop, of) - perRequest(hand, of)) * 1000).toFixed(0);
      const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;
      rows.push([
        provider.name,
        generator,
        perRequest(hand).toFixed(2),
        perRequest(loop).toFixed(2),
        percent(overhead),
        `${percent(Math.min(...ratios))} .. ${percent(Math.max(...ratios))}`,
        overhead <= 0.05 ? 'met' : 'NOT MET',
        more(inside),
        more(between),
      ]);
    }
  }
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  for (const row of rows)
    console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runToolLoopBench();
