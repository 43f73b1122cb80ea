/**
 * Trim benchmark: trimHistory on histories of 10k, 100k and 300k messages in every format, by
 * messages and by tokens, at three budgets (small: the newest 20 messages or 2,000 tokens; half:
 * half the messages or half the tokens; all: everything fits), beside one JSON.stringify of the
 * same history. The target is trimHistory <= 1x stringify at 100k messages, at any budget.
 *
 * Inputs: `plain` rounds (a question, two parallel calls, their results, an answer, after one
 * system message), and three hostile kinds at 100k: `escapes` (256-character argument JSON and results full
 * of quotes, backslashes, newlines, non-ASCII text and nested records), `parallel` (64 parallel
 * calls per turn) and `huge` (a 512 KB user message every 2,000 rounds).
 *
 * Each format runs in its own process, as in an app that talks to one provider (bench/repair.ts
 * says why). Growth is the time per message at 300k over the time per message at 10k (1.0 is
 * linear), for the `plain` kind.
 *
 * Run: `npm run bench -- trim` (builds the package first), or `npm run build && npx tsx bench/trim.ts`.
 * Some formats only: `TRIM_BENCH_FORMAT=anthropic,gemini npx tsx bench/trim.ts`.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MESSAGE_FORMATS, type MessageFormat } from '../src/core/format.js';
import { createRandom } from './random.js';
import { shipped } from './shipped.js';
import { estimateTokens } from '../src/trim/token-estimate.js';

const SIZES = [10_000, 100_000, 300_000] as const;
const TARGET_SIZE = 100_000;
const TARGET_RATIO = 1;
const RUNS = 3;

type InputKind = 'plain' | 'escapes' | 'parallel' | 'huge';
const KINDS: readonly InputKind[] = ['plain', 'escapes', 'parallel', 'huge'];
type Budget = 'small' | 'half' | 'all';
const BUDGETS: readonly Budget[] = ['small', 'half', 'all'];

/** Text with what makes JSON expensive: quotes, backslashes, control characters, non-ASCII. */
function hostileText(length: number, random: () => number): string {
  const pieces = [
    'say "hi" \\ ',
    'line\nbreak\ttab ',
    'naïve café ',
    '東京 ',
    '🚀✓ ',
    'plain words ',
    '\u0001ctl ',
  ];
  let text = '';
  while (text.length < length) text += pieces[Math.floor(random() * pieces.length)] ?? '';
  return text;
}

/** A nested record of about `size` characters of JSON: the arguments of an `escapes` call. */
function nestedArguments(size: number, random: () => number): string {
  const items: unknown[] = [];
  const value = { query: hostileText(80, random), filters: { nested: { items } } };
  while (JSON.stringify(value).length < size)
    items.push({
      id: items.length,
      label: hostileText(40, random),
      child: { tags: ['a"b', 'ü'], score: random(), deeper: { note: hostileText(20, random) } },
    });
  return JSON.stringify(value);
}

interface ChatCall {
  readonly id: string;
  readonly type: 'function';
  readonly function: { readonly name: string; readonly arguments: string };
}

/** An OpenAI Chat history of at least `size` messages of one kind, ending on a whole round. */
function chatHistory(size: number, kind: InputKind): unknown[] {
  const random = createRandom(size);
  const messages: unknown[] = [{ role: 'system', content: 'You are a careful assistant.' }];
  const escapes = kind === 'escapes';
  const smallArguments = escapes ? '' : '{"city":"Paris","day":3}';
  for (let turn = 0; messages.length < size; turn++) {
    const huge = kind === 'huge' && turn % 2_000 === 0;
    messages.push({
      role: 'user',
      content: huge ? hostileText(512 * 1024, random) : `What is the weather on day ${turn}?`,
    });
    const width = kind === 'parallel' ? 64 : 2;
    const calls: ChatCall[] = [];
    for (let index = 0; index < width; index++)
      calls.push({
        // 9 alphanumerics, unique: valid for every provider, Mistral included.
        id: `c${String(turn).padStart(6, '0')}${String(index).padStart(2, '0')}`,
        type: 'function',
        function: {
          name: index % 2 === 0 ? 'get_weather' : 'search',
          arguments: escapes ? nestedArguments(256, random) : smallArguments,
        },
      });
    messages.push({ role: 'assistant', content: null, tool_calls: calls });
    for (const call of calls)
      messages.push({
        role: 'tool',
        tool_call_id: call.id,
        content: escapes ? hostileText(128, random) : '{"temp_c":21,"sky":"sunny"}',
      });
    messages.push({ role: 'assistant', content: `Day ${turn} is sunny.` });
  }
  return messages;
}

function convertTo(format: MessageFormat, chat: unknown[]): unknown[] {
  if (format === 'openai-chat') return chat;
  return shipped.convertHistory(chat, { from: 'openai-chat', to: format }).messages;
}

/**
 * The same kind of history in `format`, through the package's own converter, with at least
 * `size` messages there (formats that hold a turn's results in one message have fewer).
 */
function historyIn(format: MessageFormat, size: number, kind: InputKind): unknown[] {
  const probe = 2_000;
  const scale = probe / convertTo(format, chatHistory(probe, kind)).length;
  return convertTo(format, chatHistory(Math.ceil(size * scale), kind));
}

/**
 * Times every run of `runs` in alternating rounds, after one warm-up round, and keeps the fastest
 * of each: on a shared machine noise then hits the baseline and the measured alike.
 */
function fastestOf(runs: readonly (() => unknown)[]): number[] {
  for (const run of runs) run();
  const fastest = runs.map(() => Number.POSITIVE_INFINITY);
  for (let round = 0; round < RUNS; round++)
    runs.forEach((run, index) => {
      const started = performance.now();
      run();
      fastest[index] = Math.min(fastest[index] ?? 0, performance.now() - started);
    });
  return fastest;
}

interface Row {
  readonly format: MessageFormat;
  readonly kind: InputKind;
  /** The size asked for; `size` is what the format's history came to. */
  readonly target: number;
  readonly size: number;
  readonly stringifyMs: number;
  /** trimHistory ms by budget, by messages then by tokens. */
  readonly byMessages: Readonly<Record<Budget, number>>;
  readonly byTokens: Readonly<Record<Budget, number>>;
}

function measure(format: MessageFormat, kind: InputKind, size: number): Row {
  const messages = historyIn(format, size, kind);
  let total = 0;
  for (const message of messages) total += estimateTokens(message);
  const limits: Readonly<Record<Budget, { maxMessages: number; maxTokens: number }>> = {
    small: { maxMessages: 20, maxTokens: 2_000 },
    half: { maxMessages: Math.floor(messages.length / 2), maxTokens: Math.floor(total / 2) },
    all: { maxMessages: messages.length, maxTokens: total },
  };
  const [stringifyMs = 0, ...trims] = fastestOf([
    () => JSON.stringify(messages),
    ...BUDGETS.flatMap((budget) => {
      const { maxMessages, maxTokens } = limits[budget];
      return [
        () => shipped.trimHistory(messages, { format, maxMessages }),
        () => shipped.trimHistory(messages, { format, maxTokens }),
      ];
    }),
  ]);
  const at = (index: number): number => trims[index] ?? Number.NaN;
  return {
    format,
    kind,
    target: size,
    size: messages.length,
    stringifyMs,
    byMessages: { small: at(0), half: at(2), all: at(4) },
    byTokens: { small: at(1), half: at(3), all: at(5) },
  };
}

function measureFormat(format: MessageFormat): Row[] {
  const rows: Row[] = [];
  for (const size of SIZES) rows.push(measure(format, 'plain', size));
  for (const kind of KINDS) if (kind !== 'plain') rows.push(measure(format, kind, TARGET_SIZE));
  return rows;
}

const FORMAT_VARIABLE = 'TRIM_BENCH_FORMAT';
const CHILD_VARIABLE = 'TRIM_BENCH_CHILD';

function measureFormatInChild(format: MessageFormat): Row[] {
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url)],
    { env: { ...process.env, [CHILD_VARIABLE]: format }, encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  return JSON.parse(output.trim().split('\n').at(-1) ?? '[]') as Row[];
}

function ratioCell(ms: number, row: Row): string {
  const ratio = ms / row.stringifyMs;
  const targeted = row.target === TARGET_SIZE;
  return `${ratio.toFixed(2)}${targeted && ratio > TARGET_RATIO ? '!' : ''}`.padStart(6);
}

/** Prints the tables for `rows` of one or more formats. */
function print(rows: readonly Row[]): void {
  const lines = [
    `trimHistory / one JSON.stringify of the same history, best of ${RUNS} runs, each format in its own process, Node ${process.version}, load average ${loadavg()[0]?.toFixed(2) ?? '?'}`,
    `Budgets: small = 20 messages or 2,000 tokens, half = half of either, all = everything fits. Target <= ${TARGET_RATIO} at ${TARGET_SIZE / 1000}k messages ("!" marks a ratio over it).`,
    'format            kind      messages  stringify ms   msg small  half   all   tok small  half   all',
  ];
  for (const row of rows)
    lines.push(
      [
        row.format.padEnd(17),
        row.kind.padEnd(8),
        String(row.size).padStart(9),
        row.stringifyMs.toFixed(1).padStart(13),
        ' ',
        ...BUDGETS.map((budget) => ratioCell(row.byMessages[budget], row)),
        ' ',
        ...BUDGETS.map((budget) => ratioCell(row.byTokens[budget], row)),
      ].join(' '),
    );
  lines.push('', 'Growth 10k -> 300k (plain): ms per message at 300k / ms per message at 10k');
  for (const format of new Set(rows.map((row) => row.format))) {
    const plain = rows.filter((row) => row.format === format && row.kind === 'plain');
    const first = plain[0];
    const last = plain.at(-1);
    if (first === undefined || last === undefined || first === last) continue;
    const growth = (ms: (row: Row) => number): string =>
      (ms(last) / last.size / (ms(first) / first.size)).toFixed(2);
    lines.push(
      `${format.padEnd(17)} stringify ${growth((row) => row.stringifyMs)}  ` +
        BUDGETS.map(
          (budget) =>
            `msg ${budget} ${growth((row) => row.byMessages[budget])}  tok ${budget} ${growth((row) => row.byTokens[budget])}`,
        ).join('  '),
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** Runs the benchmark, one child process per format, and prints the tables. */
export async function runTrimBench(): Promise<void> {
  const wanted = process.env[FORMAT_VARIABLE]?.split(',');
  const rows: Row[] = [];
  for (const format of MESSAGE_FORMATS) {
    if (wanted !== undefined && !wanted.includes(format)) continue;
    rows.push(...measureFormatInChild(format));
    await new Promise((resolve) => setImmediate(resolve));
  }
  print(rows);
}

const childFormat = process.env[CHILD_VARIABLE];
if (childFormat !== undefined)
  process.stdout.write(`${JSON.stringify(measureFormat(childFormat as MessageFormat))}\n`);
else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runTrimBench();
