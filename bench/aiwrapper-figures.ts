/**
 * The aiwrapper figures, on the built package's public entry points:
 * - `chat()` with the package registered (flags off, each auto flag on) against aiwrapper's own
 *   `chat()` on the same valid 1k-message history, the HTTP layer answered in process;
 * - `runToolLoop` against a hand-written aiwrapper loop, both talking to a Chat Completions server
 *   on loopback HTTP: runs of 4 rounds of 4 parallel calls and an answer.
 * CPU time of the whole process (client and server are both in it), the modes alternating sample
 * by sample; the overhead is the median of the per-round ratios, with its 95% interval.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Lang,
  LangMessages,
  setHttpRequestImpl,
  type LangMessage,
  type LangTool,
  type LanguageProvider,
} from 'aiwrapper';
import { alternate, median, printTable, processCpu, ratioInterval, report } from './figure.js';
import { realisticHistory } from './realistic-history.js';
import { shippedAiwrapper } from './shipped.js';

const HISTORY_SIZE = 1000;
const ROUNDS = 4;
const CALLS = 4;
// Rounds of alternating samples, and chat() requests per sample of the chat figure.
const ROUNDS_OF_SAMPLES = 101;
const REQUESTS = 5;

// The overhead of `ours` over `base`: the median of per-round ratios less 1, with its 95% interval.
function overheadOf(ours: readonly number[], base: readonly number[]): [number, number, number] {
  const [low, middle, high] = ratioInterval(ours, base);
  return [low - 1, middle - 1, high - 1];
}

const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;
const interval = ([low, middle, high]: readonly [number, number, number]): string =>
  `${percent(middle)} [${percent(low)}, ${percent(high)}]`;

function sseChunks(chunks: readonly unknown[]): string {
  return [...chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`), 'data: [DONE]\n\n'].join(
    '',
  );
}

function chatChunk(delta: unknown, finish: string | null = null): unknown {
  return {
    id: 'c',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'gpt-4o-mini',
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
}

const ANSWER = sseChunks([
  chatChunk({ role: 'assistant', content: 'Clear skies.' }),
  chatChunk({}, 'stop'),
]);

let served = 0;
/** Every fifth reply answers; the others ask for 4 parallel calls, arguments in pieces. */
function chatReply(): string {
  const round = served++;
  if (round % (ROUNDS + 1) === ROUNDS) return ANSWER;
  const chunks: unknown[] = [chatChunk({ role: 'assistant', content: null })];
  for (let call = 0; call < CALLS; call++) {
    const id = `call_${String(round)}_${String(call)}`;
    chunks.push(
      chatChunk({
        tool_calls: [
          { index: call, id, type: 'function', function: { name: 'get_weather', arguments: '' } },
        ],
      }),
    );
    for (const piece of ['{"ci', 'ty": "Pa', `ris ${String(call)}"}`])
      chunks.push(chatChunk({ tool_calls: [{ index: call, function: { arguments: piece } }] }));
  }
  chunks.push(chatChunk({}, 'tool_calls'));
  return sseChunks(chunks);
}

const tool = {
  name: 'get_weather',
  description: 'Current weather for a city.',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  handler: (args: Readonly<Record<string, unknown>>): unknown => ({ city: args.city, temp_c: 21 }),
};

function history(): LangMessages {
  return new LangMessages(realisticHistory('aiwrapper', HISTORY_SIZE) as LangMessage[]);
}

export async function chatFigure(): Promise<void> {
  setHttpRequestImpl(() =>
    Promise.resolve(new Response(ANSWER, { headers: { 'content-type': 'text/event-stream' } })),
  );
  const lang = Lang.openaiLike({
    apiKey: 'k',
    model: 'gpt-4o-mini',
    baseURL: 'http://stub.local/v1',
  });
  // aiwrapper's own chat(), taken before the package wraps it.
  const alone: LanguageProvider['chat'] = Reflect.get(lang, 'chat');
  shippedAiwrapper.installToolCalls({
    autoAssistantToolCalls: false,
    autoRepairToolHistory: false,
  });
  const messages = history();
  const size = messages.length;
  const once = (chat: () => Promise<unknown>) => async (): Promise<void> => {
    for (let repeat = 0; repeat < REQUESTS; repeat++) {
      await chat();
      messages.length = size; // every request sends the same history
    }
  };
  const modes = [
    once(() => alone.call(lang, messages)),
    once(() => lang.chat(messages)),
    once(() => lang.chat(messages, { autoAssistantToolCalls: true })),
    once(() => lang.chat(messages, { autoRepairToolHistory: true })),
  ];
  const [base = [], ...registered] = await alternate(modes, ROUNDS_OF_SAMPLES, processCpu, 5);
  const names = ['flags off', 'autoAssistantToolCalls', 'autoRepairToolHistory'];
  const overheads = registered.map((samples) => overheadOf(samples, base));
  console.log(
    `\nchat() on a valid ${String(size)}-message history, ${String(REQUESTS)} requests per sample, ${String(ROUNDS_OF_SAMPLES)} rounds`,
  );
  printTable([
    ['mode', 'median CPU ms', 'over aiwrapper alone: median of ratios [95% interval]'],
    ['aiwrapper alone', median(base).toFixed(2), ''],
    ...registered.map((samples, index) => [
      names[index] ?? '',
      median(samples).toFixed(2),
      interval(overheads[index] ?? [0, 0, 0]),
    ]),
  ]);
  const worst = overheads.reduce((a, b) => (b[1] > a[1] ? b : a));
  report({
    name: 'chat() registered, valid history',
    goal: '<= 5% over aiwrapper alone',
    measured: `${interval(worst)} (worst mode)`,
    pass: worst[1] <= 0.05,
  });
}

async function listen(): Promise<Server> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end(chatReply());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

export async function loopFigure(): Promise<void> {
  const server = await listen();
  const { port } = server.address() as AddressInfo;
  const lang = Lang.openaiLike({
    apiKey: 'k',
    model: 'gpt-4o-mini',
    baseURL: `http://127.0.0.1:${String(port)}/v1`,
  });
  const base = history();
  const byHand = async (): Promise<void> => {
    const messages = new LangMessages([...base]);
    messages.availableTools = [tool] as LangTool[];
    do await lang.chat(messages);
    while (messages.at(-1)?.role === 'tool-results');
  };
  const byLoop = async (): Promise<void> => {
    const messages = new LangMessages([...base]);
    const events = shippedAiwrapper.runToolLoop(lang, messages, { tools: [tool] });
    for await (const event of events) if (event.type === 'done') break;
  };
  try {
    const [hand = [], loop = []] = await alternate(
      [byHand, byLoop],
      ROUNDS_OF_SAMPLES,
      processCpu,
      5,
    );
    const overhead = overheadOf(loop, hand);
    console.log(
      `\nA run of ${String(ROUNDS)} rounds of ${String(CALLS)} calls over loopback HTTP, ${String(base.length)}-message history, ${String(ROUNDS_OF_SAMPLES)} runs each`,
    );
    printTable([
      ['mode', 'median CPU ms per run'],
      ['by hand', median(hand).toFixed(2)],
      ['runToolLoop', median(loop).toFixed(2)],
    ]);
    report({
      name: 'agent loop over loopback HTTP',
      goal: '<= 5% over a hand-written loop',
      measured: `${interval(overhead)} (median of ratios [95% interval])`,
      pass: overhead[1] <= 0.05,
    });
  } finally {
    server.close();
  }
}
