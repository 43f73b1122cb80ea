/**
 * Streaming benchmark: tool-call arguments of 10 KB, 100 KB and 1 MB streamed as OpenAI Chat
 * Completions chunks in 4–10 character deltas, accumulated with the live view on, beside plain
 * string concatenation plus one JSON.parse and beside the per-delta re-parsing peers.
 *
 * As measured (Node 20, 2 cores, a shared machine; docs/streaming.md has the details): at 1 MB the
 * accumulator takes 1.9–2.0× the time of concatenation plus one JSON.parse in the main table, and
 * 1.5–2.3× for each shape in its fresh process, so the 3× target is met; about one fresh process
 * in ten measures 2.4–2.8×, when V8 leaves `accumulate` below in its baseline tier (the
 * accumulator's own functions are optimized in those runs too). 10 KB costs 2.9–3.3×.
 *
 * The figure of issue #13 streams 1 MB of argument text as OpenAI Chat chunks and as Anthropic
 * `input_json_delta` events, reads the live view (every call's name, argument text and partial
 * arguments) after every pushed event as a UI does, and reports per provider the median over 5
 * fresh processes of the ratio to the floor (concatenation plus one JSON.parse), against the ≤ 3×
 * target, for two argument generators: `nested` (records three deep, escapes, non-ASCII text, in
 * 4–10 character deltas) and `varied` (long escaped strings, small records, deep nesting, numbers,
 * in deltas of 1 to 200 characters). docs/streaming.md gives the measured ratios, the load they
 * were measured at, and where the time goes.
 *
 * Run: `npm run bench -- streaming` (builds the package first), or `npm run build && npx tsx
 * bench/streaming.ts` (`… bench/streaming.ts figure` for the per-provider figure alone).
 */
import { isDeepStrictEqual } from 'node:util';
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parsePartialJson } from 'ai';
import { OpenAIChatCompletionsStreamHandler } from 'aiwrapper/dist/lang/openai/openai-chat-completions-stream-handler.js';
import { partialParse } from 'openai/_vendor/partial-json-parser/parser.mjs';
import { parse as partialJsonParse } from 'partial-json';
import type { LiveToolCall } from '../src/index.js';
import { shipped } from './shipped.js';
import { createRandom } from './random.js';
import {
  ARGUMENT_GENERATORS,
  chatEvents,
  createProviderStream,
  PROVIDER_STREAMS,
  type ArgumentGenerator,
  type ProviderStream,
  type ProviderToolStream,
} from './tool-call-streams.js';

const SIZES = [10_000, 30_000, 100_000, 1_000_000] as const;
/** A quadratic peer runs at the next size only if its projected time stays under this. */
const PEER_BUDGET_MS = 1_500;
const TARGET_RATIO = 3;
const SHAPE_LABELS = {
  file: 'file write: one long string with escapes',
  mixed: 'mixed: half string, half records',
  records: 'records: 10k small objects',
} as const;

interface Stream {
  readonly text: string;
  readonly deltas: readonly string[];
  readonly chunks: readonly unknown[];
}

interface Measurement {
  readonly name: string;
  readonly ms: number | undefined;
  readonly note?: string;
}

/** The shapes of arguments measured: a file write, a list of records, and half of each. */
type Shape = 'file' | 'records' | 'mixed';

function fileContent(length: number, random: () => number): string {
  const lines: string[] = [];
  let total = 0;
  while (total < length) {
    const line = `const value_${lines.length} = "quoted \\ text"; // naïve café ✓ ${random().toString(36).slice(2)}\n\t`;
    lines.push(line);
    total += line.length + 4;
  }
  return lines.join('');
}

/** Arguments of about `size` characters: a "write file" call's content, rows of mixed values, or both. */
function createArguments(size: number, shape: Shape, random: () => number): string {
  const rows: unknown[] = [];
  const value = {
    path: 'src/generated/big-file.ts',
    overwrite: true,
    content: shape === 'records' ? '' : fileContent(shape === 'file' ? size : size / 2, random),
    rows,
  };
  let text = JSON.stringify(value);
  while (text.length < size) {
    const missing = Math.ceil((size - text.length) / 100);
    for (let i = 0; i < missing; i++) {
      const id = rows.length;
      rows.push({
        id,
        name: `row ${id}`,
        tags: ['alpha', 'beta'],
        score: Math.round(random() * 1e6) / 1e3,
        active: id % 3 === 0,
        parent: null,
      });
    }
    text = JSON.stringify(value);
  }
  return text;
}

function createStream(size: number, shape: Shape): Stream {
  const random = createRandom(size);
  const text = createArguments(size, shape, random);
  const deltas: string[] = [];
  for (let at = 0; at < text.length;) {
    const length = 4 + Math.floor(random() * 7);
    deltas.push(text.slice(at, at + length));
    at += length;
  }
  const chunks = chatEvents(deltas, 'write_file');
  return { text, deltas, chunks };
}

/** The 1, 5 and 15 minute load averages, for the record: the machine is shared. */
function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
}

/** CPU time of this process in ms: on a shared machine it is far steadier than wall-clock time. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Least CPU ms per run over `runs` batches (the least disturbed by other processes); each batch
 * repeats `run` until it has used at least 5 ms of CPU, well above the clock's resolution.
 */
async function fastest(run: () => unknown, runs: number): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const start = cpuMs();
    let count = 0;
    do {
      await run();
      count++;
    } while (cpuMs() - start < 5);
    best = Math.min(best, (cpuMs() - start) / count);
  }
  return best;
}

function runsFor(size: number): number {
  return size <= 100_000 ? 5 : 4;
}

function concatThenParse(stream: Stream): unknown {
  let text = '';
  for (const chunk of stream.chunks as readonly {
    choices: readonly { delta: { tool_calls: readonly { function: { arguments: string } }[] } }[];
  }[]) {
    text += chunk.choices[0]?.delta.tool_calls[0]?.function.arguments ?? '';
  }
  return JSON.parse(text);
}

function accumulate(stream: Stream): unknown {
  let view: unknown;
  const accumulator = shipped.createToolCallAccumulator({
    format: 'openai-chat',
    // The live view is on: a consumer takes the partial arguments after every delta.
    listener: (event) => {
      if (event.type === 'tool-call-delta') view = event.call.partialArguments;
    },
  });
  for (const chunk of stream.chunks) accumulator.push(chunk);
  const { calls } = accumulator.finish();
  // The live object is the final one: it was updated in place, never rebuilt.
  return view === calls[0]?.arguments ? view : undefined;
}

function aiwrapperHandler(stream: Stream): unknown {
  const messages: unknown[] = [];
  const handler = new OpenAIChatCompletionsStreamHandler(messages as never);
  for (const chunk of stream.chunks) handler.handleEvent(chunk);
  handler.handleEvent({ finished: true });
  return handler.newMessage.toolRequests[0]?.arguments;
}

async function vercelPerDelta(stream: Stream): Promise<unknown> {
  let text = '';
  let value: unknown;
  for (const delta of stream.deltas) {
    text += delta;
    value = (await parsePartialJson(text)).value;
  }
  return value;
}

function partialJsonPerDelta(stream: Stream): unknown {
  let text = '';
  let value: unknown;
  for (const delta of stream.deltas) {
    text += delta;
    value = partialJsonParse(text);
  }
  return value;
}

function openaiNodePerDelta(stream: Stream): unknown {
  let text = '';
  let value: unknown;
  for (const delta of stream.deltas) {
    text += delta;
    value = partialParse(text);
  }
  return value;
}

const PEERS: readonly { readonly name: string; readonly run: (stream: Stream) => unknown }[] = [
  { name: 'aiwrapper 3.0.3 OpenAIChatCompletionsStreamHandler', run: aiwrapperHandler },
  { name: 'ai (Vercel AI SDK) parsePartialJson per delta', run: vercelPerDelta },
  { name: 'partial-json parse per delta', run: partialJsonPerDelta },
  { name: 'openai-node partialParse per delta', run: openaiNodePerDelta },
];

function format(ms: number | undefined, size: number, baseline: number): string[] {
  if (ms === undefined) return ['—', '—', '—'];
  return [ms.toFixed(2), (size / 1e6 / (ms / 1000)).toFixed(1), `${(ms / baseline).toFixed(2)}×`];
}

function printTable(rows: readonly (readonly string[])[]): void {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  for (const [index, row] of rows.entries()) {
    console.log(
      row
        .map((cell, column) =>
          column === 0 || column === 1
            ? cell.padEnd(widths[column] ?? 0)
            : cell.padStart(widths[column] ?? 0),
        )
        .join('  '),
    );
    if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  }
}

/** The fastest runs of the baseline and the accumulator, in alternating rounds so noise hits both alike. */
async function compare(
  stream: Stream,
  runs: number,
): Promise<{ baseline: number; accumulated: number }> {
  await fastest(() => concatThenParse(stream), 2);
  await fastest(() => accumulate(stream), 2);
  let baseline = Number.POSITIVE_INFINITY;
  let accumulated = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round++) {
    baseline = Math.min(baseline, await fastest(() => concatThenParse(stream), runs));
    accumulated = Math.min(accumulated, await fastest(() => accumulate(stream), runs));
  }
  return { baseline, accumulated };
}

/** Runs the streaming benchmark and prints the tables. */
export async function runStreamingBench(): Promise<void> {
  const started = performance.now();
  const rows: string[][] = [['size', 'implementation', 'ms', 'MB/s', 'vs concat+parse']];
  const ours = new Map<number, number>();
  const peerTimes = new Map<string, number>();
  const skipped = new Map<string, number>();

  for (const size of SIZES) {
    const stream = createStream(size, 'mixed');
    const expected = JSON.parse(stream.text) as unknown;
    if (!isDeepStrictEqual(accumulate(stream), expected))
      throw new Error(`The accumulator's result differs from JSON.parse at ${size} bytes.`);
    const { baseline, accumulated } = await compare(stream, runsFor(size));
    ours.set(size, accumulated);
    const label = `${size / 1000} KB`;
    rows.push([
      label,
      'string concatenation + one JSON.parse',
      ...format(baseline, size, baseline),
    ]);
    rows.push([
      label,
      'createToolCallAccumulator, live view on',
      ...format(accumulated, size, baseline),
    ]);

    const measurements: Measurement[] = [];
    for (const peer of PEERS) {
      const previousSize = SIZES[SIZES.indexOf(size) - 1];
      const previous = peerTimes.get(peer.name);
      const projected =
        previous === undefined || previousSize === undefined
          ? 0
          : previous * (size / previousSize) ** 2;
      if (skipped.has(peer.name) || projected > PEER_BUDGET_MS) {
        if (!skipped.has(peer.name)) skipped.set(peer.name, previousSize ?? size);
        measurements.push({
          name: peer.name,
          ms: undefined,
          note: `skipped above ${(skipped.get(peer.name) ?? 0) / 1000} KB (quadratic; projected ${(projected / 1000).toFixed(0)} s)`,
        });
        continue;
      }
      const ms = await fastest(() => peer.run(stream), 1);
      peerTimes.set(peer.name, ms);
      measurements.push({ name: peer.name, ms });
    }
    for (const measurement of measurements) {
      rows.push([label, measurement.name, ...format(measurement.ms, size, baseline)]);
      if (measurement.note !== undefined) rows[rows.length - 1]?.push(measurement.note);
    }
  }

  console.log(
    '\nStreaming tool-call arguments: 4–10 character deltas (OpenAI Chat Completions chunks), Node',
    process.version,
    '— CPU ms per run (process.cpuUsage), fastest batch',
  );
  printTable(rows);
  const small = ours.get(10_000) ?? Number.NaN;
  const large = ours.get(1_000_000) ?? Number.NaN;
  const exponent = Math.log(large / small) / Math.log(100);
  console.log(
    `\nGrowth of the accumulator from 10 KB to 1 MB: ×${(large / small).toFixed(1)} for ×100 the data (exponent ${exponent.toFixed(2)}; 1.00 is linear).`,
  );
  console.log(
    '\n1 MB by shape of arguments (same deltas, same chunks; each shape in a fresh process, so the\nquadratic peers above leave no garbage behind for it):',
  );
  const shapeRows: string[][] = [
    ['shape', 'concat+parse ms', 'accumulator ms', 'ratio', `target ≤ ${TARGET_RATIO}×`],
  ];
  for (const shape of ['file', 'mixed', 'records'] as const) {
    const { baseline, accumulated } = measureShapeInChild(shape);
    const ratio = accumulated / baseline;
    shapeRows.push([
      SHAPE_LABELS[shape],
      baseline.toFixed(2),
      accumulated.toFixed(2),
      `${ratio.toFixed(2)}×`,
      ratio <= TARGET_RATIO ? 'met' : 'NOT met',
    ]);
  }
  printTable(shapeRows);
  console.log(
    `\nPer provider, ${PROVIDER_SIZE / 1e6} MB, two argument generators: the live view (name, argument text, partial arguments of every call) read after every delta; each measurement in a fresh process, ${PROVIDER_PROCESSES} per provider, load ${loadAverage()}:`,
  );
  printProviderFigure();
  console.log(`Total bench time ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

const SHAPE_VARIABLE = 'STREAMING_BENCH_SHAPE';

/** Measures one 1 MB shape in a child process (a fresh heap) and returns its timings. */
function measureShapeInChild(shape: Shape): { baseline: number; accumulated: number } {
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url)],
    {
      env: { ...process.env, [SHAPE_VARIABLE]: shape },
      encoding: 'utf8',
    },
  );
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as {
    baseline: number;
    accumulated: number;
  };
}

async function measureShape(shape: Shape): Promise<void> {
  const stream = createStream(1_000_000, shape);
  if (!isDeepStrictEqual(accumulate(stream), JSON.parse(stream.text)))
    throw new Error(`The accumulator's result differs from JSON.parse for ${shape}.`);
  console.log(JSON.stringify(await compare(stream, runsFor(1_000_000))));
}

const PROVIDER_VARIABLE = 'STREAMING_BENCH_PROVIDER';
const GENERATOR_VARIABLE = 'STREAMING_BENCH_GENERATOR';
const PROVIDER_SIZE = 1_000_000;
/** Fresh processes per provider; the figure is their median. */
const PROVIDER_PROCESSES = 5;

interface ProviderRow {
  readonly baseline: number;
  readonly accumulated: number;
}

/** The floor: the argument pieces concatenated, then parsed once. */
function concatThenParseEvents(stream: ProviderToolStream): unknown {
  let text = '';
  for (const event of stream.events) text += stream.deltaOf(event);
  return JSON.parse(text);
}

/**
 * What a UI re-rendering after every delta reads of the live view: each started call's name,
 * its argument text so far and its partial arguments.
 */
function readLiveView(calls: readonly LiveToolCall[]): number {
  let seen = 0;
  for (const call of calls) {
    seen += call.name.length + call.argumentsText.length;
    shownArguments = call.partialArguments;
  }
  return seen;
}

/** Where {@link readLiveView} puts what it read, so that the read cannot be optimized away. */
let shownArguments: unknown;

/** The accumulator, with the live view read after every pushed event. */
function accumulateEvents(stream: ProviderToolStream): unknown {
  const accumulator = shipped.createToolCallAccumulator({ format: stream.format });
  let seen = 0;
  for (const event of stream.events) {
    accumulator.push(event);
    seen += readLiveView(accumulator.liveCalls);
  }
  const view = shownArguments;
  const { calls } = accumulator.finish();
  // The live object is the final one (updated in place, never rebuilt), and every read saw text.
  return seen > 0 && view === calls[0]?.arguments ? view : undefined;
}

/** Measures one provider's 1 MB stream in a child process (a fresh heap). */
function measureProviderInChild(
  provider: ProviderStream,
  generator: ArgumentGenerator,
): ProviderRow {
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url)],
    {
      env: { ...process.env, [PROVIDER_VARIABLE]: provider, [GENERATOR_VARIABLE]: generator },
      encoding: 'utf8',
    },
  );
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as ProviderRow;
}

async function measureProvider(
  provider: ProviderStream,
  generator: ArgumentGenerator,
): Promise<void> {
  const stream = createProviderStream(provider, PROVIDER_SIZE, generator);
  if (!isDeepStrictEqual(accumulateEvents(stream), JSON.parse(stream.text)))
    throw new Error(`The accumulator's result differs from JSON.parse for ${provider}.`);
  await fastest(() => concatThenParseEvents(stream), 2);
  await fastest(() => accumulateEvents(stream), 2);
  let baseline = Number.POSITIVE_INFINITY;
  let accumulated = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round++) {
    const runs = runsFor(PROVIDER_SIZE);
    baseline = Math.min(baseline, await fastest(() => concatThenParseEvents(stream), runs));
    accumulated = Math.min(accumulated, await fastest(() => accumulateEvents(stream), runs));
  }
  console.log(JSON.stringify({ baseline, accumulated }));
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

/**
 * The figure: 1 MB of arguments, the live view read after every delta, ≤ 3× the floor;
 * the median over fresh processes, the providers alternating so that a burst of load hits both
 * alike. Once with the figure's generator (records three deep, escapes, non-ASCII text, 4–10
 * character deltas), once with a second one of a different make (long escaped strings, small flat
 * records, deep nesting, numbers, deltas of 1 to 200 characters), so that the figure does not hold
 * for one generator or one delta size only.
 */
function printProviderFigure(): void {
  for (const generator of ARGUMENT_GENERATORS) {
    console.log(`\nArguments: ${GENERATOR_LABELS[generator]}`);
    printGeneratorFigure(generator);
  }
}

const GENERATOR_LABELS: Record<ArgumentGenerator, string> = {
  nested: 'nested (records three deep, escapes, non-ASCII text; 4–10 character deltas)',
  varied:
    'varied (long escaped strings, small records, 24 levels deep, numbers; 1–200 character deltas)',
};

function printGeneratorFigure(generator: ArgumentGenerator): void {
  const ratios = new Map<ProviderStream, number[]>();
  const rows = new Map<ProviderStream, ProviderRow[]>();
  for (let process = 0; process < PROVIDER_PROCESSES; process++) {
    for (const provider of PROVIDER_STREAMS) {
      const row = measureProviderInChild(provider, generator);
      rows.set(provider, [...(rows.get(provider) ?? []), row]);
      ratios.set(provider, [...(ratios.get(provider) ?? []), row.accumulated / row.baseline]);
    }
  }
  const table: string[][] = [
    [
      'stream',
      'concat+parse ms (median)',
      'accumulator ms (median)',
      `ratio, median of ${PROVIDER_PROCESSES}`,
      'ratios by process',
      `target ≤ ${TARGET_RATIO}×`,
    ],
  ];
  for (const provider of PROVIDER_STREAMS) {
    const measured = rows.get(provider) ?? [];
    const byProcess = ratios.get(provider) ?? [];
    const ratio = median(byProcess);
    table.push([
      provider,
      median(measured.map((row) => row.baseline)).toFixed(2),
      median(measured.map((row) => row.accumulated)).toFixed(2),
      `${ratio.toFixed(2)}×`,
      byProcess.map((value) => value.toFixed(2)).join(' '),
      ratio <= TARGET_RATIO ? 'met' : 'NOT met',
    ]);
  }
  printTable(table);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const shape = process.env[SHAPE_VARIABLE];
  const provider = process.env[PROVIDER_VARIABLE];
  const generator = process.env[GENERATOR_VARIABLE] === 'varied' ? 'varied' : 'nested';
  if (shape === 'file' || shape === 'mixed' || shape === 'records') await measureShape(shape);
  else if (provider === 'openai-chat' || provider === 'anthropic')
    await measureProvider(provider, generator);
  // `npx tsx bench/streaming.ts figure` (after `npm run build`): the per-provider figure alone.
  else if (process.argv[2] === 'figure') printProviderFigure();
  else await runStreamingBench();
}
