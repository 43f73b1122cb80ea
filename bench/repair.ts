/**
 * Repair benchmark: validateHistory and repairHistory per format, beside one JSON.stringify of the
 * same history, on hostile histories (keys in reverse order, argument JSON with whitespace and
 * big integers, non-ASCII text), as clients hold them. Kinds:
 * - `valid`: nothing to repair (the figure: validate <= 0.4x stringify);
 * - `dense`: a broken turn every 10 turns, four kinds of damage in turn (repair <= 1.5x);
 * - `calls-missing`: every call turn is missing, every result an orphan (repair <= 2x);
 * - `results-missing`: every result is missing (repair <= 2x).
 * Sizes 10k, 100k and 300k messages show the growth is linear. Every kind is measured again at
 * 100k with a second generator of another make (`wide`, bench/wide-histories.ts: 8 parallel calls,
 * other id shapes, long arguments), so that a figure does not hold for one generator only
 * (`REPAIR_BENCH_GENERATORS=bench` measures the first alone).
 *
 * Run: `npm run bench -- repair` (builds the package first), or `npm run build && npx tsx bench/repair.ts`.
 */
import { loadavg } from 'node:os';
import { execFileSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MESSAGE_FORMATS, type MessageFormat } from '../src/core/format.js';
import type { HistoryMessage } from '../src/core/history.js';
import { writeFormat } from '../src/repair/format-io.js';
import { shipped } from './shipped.js';
import { wideHistoryOf } from './wide-histories.js';

/** `REPAIR_BENCH_SIZES=100000` measures fewer sizes (a comma-separated list); the figures are read at 100k. */
const SIZES: readonly number[] = process.env.REPAIR_BENCH_SIZES?.split(',').map(Number) ?? [
  10_000, 100_000, 300_000,
];
const FIGURE_SIZE = 100_000;

const CALLS_MISSING = -1;
const RESULTS_MISSING = -2;

/** One round of four neutral messages: a question, two parallel calls, their results, an answer. */
function round(turn: number, damage: number | undefined): HistoryMessage[] {
  // 9 alphanumeric characters: valid for every provider, Mistral included.
  const ids = [`c${String(turn).padStart(7, '0')}a`, `c${String(turn).padStart(7, '0')}b`];
  const calls: HistoryMessage = {
    role: 'assistant',
    parts: ids.map((callId, index) => ({
      type: 'tool-call',
      callId,
      name: index === 0 ? 'get_weather' : 'search',
      arguments: { city: 'Zürich 東京', day: turn % 7, filters: { unit: 'c', days: [1, 2] } },
    })),
  };
  const results = ids.map((callId, index) => ({
    callId,
    name: index === 0 ? 'get_weather' : 'search',
    content: `{"temp_c":${String(turn % 30)},"sky":"sunny"}`,
    isError: false,
  }));
  const user: HistoryMessage = {
    role: 'user',
    parts: [{ type: 'text', text: `What is the weather on day ${String(turn)}?` }],
  };
  const answer: HistoryMessage = {
    role: 'assistant',
    parts: [{ type: 'text', text: `Day ${String(turn)} is sunny.` }],
  };
  if (damage === undefined) return [user, calls, { role: 'tool', results }, answer];
  if (damage === CALLS_MISSING) return [user, { role: 'tool', results }, answer];
  if (damage === RESULTS_MISSING) return [user, calls, answer];
  // Four kinds of damage: a result missing, a duplicate, a result after the answer, an orphan.
  switch (damage % 4) {
    case 0:
      return [user, calls, { role: 'tool', results: results.slice(0, 1) }, answer];
    case 1:
      return [
        user,
        calls,
        {
          role: 'tool',
          results: [...results, results[0] ?? results[1]].filter((result) => result !== undefined),
        },
        answer,
      ];
    case 2:
      return [
        user,
        calls,
        { role: 'tool', results: results.slice(0, 1) },
        answer,
        { role: 'tool', results: results.slice(1) },
      ];
    default:
      return [
        user,
        {
          role: 'tool',
          results: [
            {
              ...results[0],
              callId: `orphan${String(turn)}`,
              name: 'get_weather',
              content: 'late',
              isError: false,
            },
          ],
        },
        calls,
        { role: 'tool', results },
        answer,
      ];
  }
}

/** What a benchmark history is like (see the header). */
export type HistoryKind = 'valid' | 'dense' | 'calls-missing' | 'results-missing';

const ALL_KINDS: readonly HistoryKind[] = ['valid', 'dense', 'calls-missing', 'results-missing'];
/** `REPAIR_BENCH_KINDS=calls-missing,results-missing` measures fewer kinds. */
const KINDS: readonly HistoryKind[] =
  (process.env.REPAIR_BENCH_KINDS?.split(',') as HistoryKind[] | undefined) ?? ALL_KINDS;
/** The history generators: this file's `historyOf`, and `wideHistoryOf` (at the figure's size only). */
type Generator = 'bench' | 'wide';
/** `REPAIR_BENCH_GENERATORS=bench` measures with one generator. */
const GENERATORS: readonly Generator[] = (process.env.REPAIR_BENCH_GENERATORS?.split(',') as
  Generator[] | undefined) ?? ['bench', 'wide'];
/** `REPAIR_BENCH_FORMATS=openai-chat,anthropic` measures fewer formats. */
const FORMATS: readonly MessageFormat[] =
  (process.env.REPAIR_BENCH_FORMATS?.split(',') as MessageFormat[] | undefined) ?? MESSAGE_FORMATS;

/** The damage of round `turn` in a history of `kind`. */
function damageOf(kind: HistoryKind, turn: number): number | undefined {
  switch (kind) {
    case 'valid':
      return undefined;
    case 'dense':
      return turn % 10 === 9 ? Math.floor(turn / 10) : undefined;
    case 'calls-missing':
      return CALLS_MISSING;
    case 'results-missing':
      return RESULTS_MISSING;
  }
}

/**
 * A message as clients hold them: keys in reverse order, argument text with whitespace and a big
 * integer (which a parse and re-serialize would round), so a repair that rewrites what it did not
 * fix shows in the time it takes, and in its output.
 */
function hostile(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(hostile);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value).reverse()) {
    out[key] =
      key === 'arguments' && typeof entry === 'string'
        ? `{ "id": 12345678901234567890, ${entry.slice(1).replaceAll(',', ', ').replaceAll(':', ': ')}`
        : hostile(entry);
  }
  return out;
}

/** A history of at least `size` messages in `format`, ending on a whole round. */
export function historyOf(format: MessageFormat, size: number, kind: HistoryKind): unknown[] {
  // Wire sizes differ per format (Chat writes one message per result): measure one round.
  const perRound = writeFormat(round(0, damageOf(kind, 0)), format, new Set()).length;
  const neutral: HistoryMessage[] = [];
  for (let turn = 0; turn * perRound < size; turn++)
    for (const message of round(turn, damageOf(kind, turn))) neutral.push(message);
  return (writeFormat(neutral, format, new Set()) as unknown[]).map(hostile);
}

const ROUNDS = 9;

/**
 * The median wall time of each of `runs`, taken in turn ROUNDS times after a warm-up of each: the
 * collector's state at the start of a run moves a single time by half (a stringify of these
 * histories takes 18 to 39 ms), and alternating puts every run of a cell under the same
 * conditions, so the ratios of one bench run hold in the next.
 */
function timeAlternating<K extends string>(
  runs: Readonly<Record<K, () => unknown>>,
): Record<K, number> {
  const keys = Object.keys(runs) as K[];
  const times = {} as Record<K, number[]>;
  for (const key of keys) {
    runs[key]();
    times[key] = [];
  }
  for (let round = 0; round < ROUNDS; round++)
    for (const key of keys) {
      const start = performance.now();
      runs[key]();
      times[key].push(performance.now() - start);
    }
  const medians = {} as Record<K, number>;
  for (const key of keys)
    medians[key] = times[key].sort((a, b) => a - b)[Math.floor(ROUNDS / 2)] ?? Number.NaN;
  return medians;
}

interface Row {
  readonly format: MessageFormat;
  readonly generator: Generator;
  readonly kind: HistoryKind;
  readonly size: number;
  /** Made at the figure's size (a history ends on a whole round, so its length is near it). */
  readonly figure: boolean;
  readonly validateMs: number;
  /** repairHistory by itself (it validates first). */
  readonly repairMs: number;
  readonly stringifyMs: number;
  readonly fixes: number;
}

/** The figure each kind is held to: validate (valid) or repair (the others) over stringify. */
const TARGETS: Readonly<Record<HistoryKind, number>> = {
  valid: 0.4,
  dense: 1.5,
  'calls-missing': 2,
  'results-missing': 2,
};

/** Measures every kind and size of one format's histories, in this process. */
function measureFormat(format: MessageFormat): Row[] {
  const rows: Row[] = [];
  for (const generator of GENERATORS) {
    for (const kind of KINDS) {
      for (const size of generator === 'wide' ? [FIGURE_SIZE] : SIZES) {
        rows.push(measureCell(format, generator, kind, size));
      }
    }
  }
  return rows;
}

/** One cell: a history of `kind` and `size` from `generator`, validated, repaired and stringified in turn. */
function measureCell(
  format: MessageFormat,
  generator: Generator,
  kind: HistoryKind,
  size: number,
): Row {
  const messages =
    generator === 'wide' ? wideHistoryOf(format, size, kind) : historyOf(format, size, kind);
  const fixes = shipped.repairHistory(messages, { format }).fixes.length;
  const medians = timeAlternating({
    validate: () => shipped.validateHistory(messages, { format }),
    repair: () => shipped.repairHistory(messages, { format }),
    stringify: () => JSON.stringify(messages),
  });
  return {
    format,
    generator,
    kind,
    size: messages.length,
    figure: size === FIGURE_SIZE,
    validateMs: medians.validate,
    repairMs: medians.repair,
    stringifyMs: medians.stringify,
    fixes,
  };
}

const FORMAT_VARIABLE = 'REPAIR_BENCH_FORMAT';

/**
 * Measures one format in a child process: a fresh heap, and code that has seen only that format's
 * messages, as in an app that talks to one provider (run one after another in one process, the
 * formats' different shapes slow the shared helpers down for all of them).
 */
function measureFormatInChild(format: MessageFormat): Row[] {
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url)],
    { env: { ...process.env, [FORMAT_VARIABLE]: format }, encoding: 'utf8' },
  );
  return JSON.parse(output.trim().split('\n').at(-1) ?? '[]') as Row[];
}

/** Runs the benchmark and prints a table per format; the process exit code is left alone. */
export async function runRepairBench(): Promise<void> {
  const rows: Row[] = [];
  for (const format of FORMATS) {
    rows.push(...measureFormatInChild(format));
    await new Promise((resolve) => setImmediate(resolve));
  }
  const lines = [
    `validateHistory and repairHistory beside one JSON.stringify of the same hostile history, median of ${String(ROUNDS)} alternating runs, each format in its own process, Node ${process.version}, load average ${loadavg()[0]?.toFixed(2) ?? '?'}`,
    `Targets at ${String(FIGURE_SIZE)} messages: valid, validate/stringify <= ${String(TARGETS.valid)}; dense, repair/stringify <= ${String(TARGETS.dense)}; calls-missing and results-missing, repair/stringify <= ${String(TARGETS['calls-missing'])}.`,
    'format            generator  kind             messages  validate ms  repair ms  stringify ms  v/s    r/s    fixes',
  ];
  for (const row of rows) {
    const validateRatio = row.validateMs / row.stringifyMs;
    const repairRatio = row.repairMs / row.stringifyMs;
    const figure = row.kind === 'valid' ? validateRatio : repairRatio;
    const mark = !row.figure ? '' : figure <= TARGETS[row.kind] ? ' (met)' : ' (over)';
    lines.push(
      [
        row.format.padEnd(17),
        row.generator.padEnd(10),
        row.kind.padEnd(16),
        String(row.size).padStart(8),
        row.validateMs.toFixed(1).padStart(12),
        row.repairMs.toFixed(1).padStart(10),
        row.stringifyMs.toFixed(1).padStart(13),
        validateRatio.toFixed(2).padStart(5),
        repairRatio.toFixed(2).padStart(6),
        String(row.fixes).padStart(7),
      ].join(' ') + mark,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

const childFormat = process.env[FORMAT_VARIABLE];
if (childFormat !== undefined)
  process.stdout.write(`${JSON.stringify(measureFormat(childFormat as MessageFormat))}\n`);
else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runRepairBench();
