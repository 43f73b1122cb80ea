/**
 * The agent loop against a hand-written loop over loopback HTTP. The strict server runs in a child
 * process on 127.0.0.1 and answers every run with 4 rounds of 4 parallel calls, then an answer.
 * "By hand" is bare aiwrapper `chat()` with the tools' handlers, so aiwrapper runs the calls (the
 * loop aiwrapper users write); "loop" is `runToolLoop` with the same handlers. Runs alternate one
 * by one; the figure is the median wall time of the loop's runs over the hand's. Target: <= 5%.
 *
 * Run: `npm run bench -- loop`, or `npm run build && npx tsx bench/tool-loop.ts`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  Lang,
  LangMessages,
  setHttpRequestImpl,
  type LangMessage,
  type LangTool,
  type LanguageProvider,
} from 'aiwrapper';
import { historyOf } from './repair.js';

const dist = (path: string): string => {
  const file = fileURLToPath(new URL(`../dist/${path}`, import.meta.url));
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first.`);
  return pathToFileURL(file).href;
};

const CALLS = 4;
const TOOL_ROUNDS = 4;
const SIZE = Number(process.env.LOOP_BENCH_SIZE ?? 200);
const PAIRS = Number(process.env.LOOP_BENCH_PAIRS ?? 60);

/** In the child: the strict server, replying with calls for 4 requests in 5, then an answer. */
async function serve(): Promise<void> {
  const { startStrictServer } = (await import(
    dist('testing/index.js')
  )) as typeof import('../src/testing/index.js');
  let served = 0;
  const server = await startStrictServer({
    maxRecordedRequests: 1,
    replies: () => {
      const round = served++ % (TOOL_ROUNDS + 1);
      if (round === TOOL_ROUNDS) return { text: 'Clear skies everywhere.' };
      return {
        toolCalls: Array.from({ length: CALLS }, (_, call) => ({
          name: 'get_weather',
          arguments: { city: `Paris ${String(call)}` },
        })),
      };
    },
  });
  process.send?.(server.url);
  process.on('disconnect', () => void server.close());
}

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

type Run = (lang: LanguageProvider, messages: LangMessages) => Promise<void>;

/** `chat()` again while the last response's calls ran; aiwrapper runs them with the handlers. */
const byHand: Run = async (lang, messages) => {
  messages.availableTools = [{ ...toolDefinition, handler }] as LangTool[];
  let requests = 0;
  do {
    await lang.chat(messages, { onResult: () => undefined });
    requests++;
  } while (messages.at(-1)?.role === 'tool-results');
  if (requests !== TOOL_ROUNDS + 1) throw new Error(`the run made ${String(requests)} requests`);
};

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export async function runToolLoopBench(): Promise<void> {
  const { runToolLoop, withProviderErrors } = (await import(
    dist('aiwrapper/index.js')
  )) as typeof import('../src/aiwrapper/index.js');
  const { routeToStrictServer } = (await import(
    dist('testing/index.js')
  )) as typeof import('../src/testing/index.js');
  const byLoop: Run = async (lang, messages) => {
    let results = 0;
    for await (const event of runToolLoop(lang, messages, {
      tools: [{ ...toolDefinition, handler }],
    }))
      if (event.type === 'tool-result') results++;
    if (results !== CALLS * TOOL_ROUNDS) throw new Error(`the loop ran ${String(results)} calls`);
  };

  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, LOOP_BENCH_SERVER: '1' },
    execArgv: ['--import', 'tsx'],
  });
  const url = await new Promise<string>((resolve) => {
    child.once('message', (message) => {
      resolve(message as string);
    });
  });
  setHttpRequestImpl(withProviderErrors(routeToStrictServer({ url })));
  const providers: readonly (readonly [string, LanguageProvider])[] = [
    [
      'Chat Completions',
      Lang.openaiLike({ apiKey: 'b', model: 'gpt-4o-mini', baseURL: `${url}/v1` }),
    ],
    ['Anthropic', Lang.anthropic({ apiKey: 'b', model: 'claude-sonnet-4-5-20250929' })],
  ];
  console.log(
    `Agent loop over loopback HTTP (strict server in a child process): runs of ${String(TOOL_ROUNDS)} rounds of ${String(CALLS)} parallel calls and an answer, on ${String(SIZE)}-message conversations; ${String(PAIRS)} alternating pairs; median run wall time. Target <= 5%.\n`,
  );
  const rows = [['provider', 'by hand ms', 'loop ms', 'overhead', 'pair-ratio median', 'target']];
  try {
    for (const [name, lang] of providers) {
      const base = historyOf('aiwrapper', SIZE, 'valid') as LangMessage[];
      const time = async (run: Run): Promise<number> => {
        const messages = new LangMessages([...base]);
        const start = performance.now();
        await run(lang, messages);
        return performance.now() - start;
      };
      for (let warm = 0; warm < 10; warm++) {
        await time(byHand);
        await time(byLoop);
      }
      const hand: number[] = [];
      const loop: number[] = [];
      const ratios: number[] = [];
      for (let pair = 0; pair < PAIRS; pair++) {
        const first = pair % 2 === 0;
        const a = await time(first ? byHand : byLoop);
        const b = await time(first ? byLoop : byHand);
        hand.push(first ? a : b);
        loop.push(first ? b : a);
        ratios.push((first ? b / a : a / b) - 1);
      }
      const overhead = median(loop) / median(hand) - 1;
      const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;
      rows.push([
        name,
        median(hand).toFixed(2),
        median(loop).toFixed(2),
        percent(overhead),
        percent(median(ratios)),
        overhead <= 0.05 ? 'met' : 'NOT MET',
      ]);
    }
  } finally {
    child.disconnect();
    setHttpRequestImpl((target, options) => fetch(target, options));
  }
  const widths = rows[0]?.map((_, column) =>
    Math.max(...rows.map((row) => row[column]?.length ?? 0)),
  );
  for (const row of rows)
    console.log(row.map((cell, column) => cell.padEnd(widths?.[column] ?? 0)).join('  '));
}

if (process.env.LOOP_BENCH_SERVER === '1') await serve();
else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runToolLoopBench();
