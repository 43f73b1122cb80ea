/**
 * Repair benchmark: validateHistory + repairHistory on histories of 10k, 50k and 100k messages per
 * format, beside one JSON.stringify of the same history: validateHistory, then repairHistory given
 * its result (the `validation` option), and repairHistory by itself. Three kinds: valid; `sparse`, a broken
 * turn every 250 turns (about a hundred problems in 100k messages); `dense`, a broken turn every 10
 * turns (thousands, a stress case). The target, validate + repair within one JSON.stringify, is
 * for valid and sparse histories; dense ones show the cost per repaired stretch and stay linear.
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

const SIZES = [10_000, 50_000, 100_000] as const;
const TARGET_RATIO = 1;

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
      arguments: { city: 'Paris', day: turn % 7 },
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

/** What a benchmark history is like: no problems, a broken turn every 250 turns, or every 10. */
export type HistoryKind = 'valid' | 'sparse' | 'dense';

const BROKEN_EVERY: Readonly<Record<HistoryKind, number>> = { valid: 0, sparse: 250, dense: 10 };

/** A history of at least `size` messages in `format`, ending on a whole round. */
export function historyOf(format: MessageFormat, size: number, kind: HistoryKind): unknown[] {
  // Wire sizes differ per format (Chat writes one message per result): measure one round.
  const perRound = writeFormat(round(0, undefined), format, new Set()).length;
  const every = BROKEN_EVERY[kind];
  const neutral: HistoryMessage[] = [];
  // Broken turns take the four kinds of damage in turn (see round()).
  for (let turn = 0; turn * perRound < size; turn++)
    neutral.push(
      ...round(
        turn,
        every > 0 && turn % every === every - 1 ? Math.floor(turn / every) : undefined,
      ),
    );
  return writeFormat(neutral, format, new Set());
}

const RUNS = 5;

function time(run: () => unknown): number {
  // Best of RUNS, after one warm-up: the machine may be shared, and the best run is the least disturbed.
  run();
  let best = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < RUNS; attempt++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

interface Row {
  readonly format: MessageFormat;
  readonly kind: HistoryKind;
  readonly size: number;
  readonly validateMs: number;
  /** repairHistory given validateHistory's result. */
  readonly repairMs: number;
  /** repairHistory by itself, validating on its own. */
  readonly repairAloneMs: number;
  readonly stringifyMs: number;
  readonly fixes: number;
}

/** Measures every kind and size of one format's histories, in this process. */
function measureFormat(format: MessageFormat): Row[] {
  const rows: Row[] = [];
  for (const kind of ['valid', 'sparse', 'dense'] as const) {
    for (const size of SIZES) {
      const messages = historyOf(format, size, kind);
      const fixes = shipped.repairHistory(messages, { format }).fixes.length;
      // The pipeline the docs show: validate, then repair with what validation found.
      const validation = shipped.validateHistory(messages, { format });
      rows.push({
        format,
        kind,
        size: messages.length,
        validateMs: time(() => shipped.validateHistory(messages, { format })),
        repairMs: time(() => shipped.repairHistory(messages, { format, validation })),
        repairAloneMs: time(() => shipped.repairHistory(messages, { format })),
        stringifyMs: time(() => JSON.stringify(messages)),
        fixes,
      });
    }
  }
  return rows;
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
  for (const format of MESSAGE_FORMATS) {
    rows.push(...measureFormatInChild(format));
    await new Promise((resolve) => setImmediate(resolve));
  }
  const lines = [
    `validateHistory + repairHistory beside one JSON.stringify of the same history, best of ${String(RUNS)} runs, each format in its own process, Node ${process.version}, load average ${loadavg()[0]?.toFixed(2) ?? '?'}`,
    `v: validateHistory; r: repairHistory given v's result (its \`validation\` option); r alone: repairHistory validating by itself (v + r alone is the pipeline without the option).`,
    `Target: (v+r)/stringify <= ${String(TARGET_RATIO)} at ${String(SIZES.at(-1) ?? 0)} messages for valid and sparse histories; dense ones (a broken turn every 10) are a stress case.`,
    'format            kind    messages  validate ms  repair ms  v+r ms  stringify ms  (v+r)/stringify  r alone ms  (v+r alone)/stringify  fixes',
  ];
  for (const row of rows) {
    const ratio = (row.validateMs + row.repairMs) / row.stringifyMs;
    const targeted = row.kind !== 'dense' && row.size >= (SIZES.at(-1) ?? 0);
    lines.push(
      [
        row.format.padEnd(17),
        row.kind.padEnd(7),
        String(row.size).padStart(8),
        row.validateMs.toFixed(1).padStart(12),
        row.repairMs.toFixed(1).padStart(10),
        (row.validateMs + row.repairMs).toFixed(1).padStart(7),
        row.stringifyMs.toFixed(1).padStart(13),
        `${ratio.toFixed(2)}${!targeted ? '' : ratio <= TARGET_RATIO ? ' (met)' : ' (over)'}`.padStart(
          16,
        ),
        row.repairAloneMs.toFixed(1).padStart(11),
        ((row.validateMs + row.repairAloneMs) / row.stringifyMs).toFixed(2).padStart(22),
        String(row.fixes).padStart(6),
      ].join(' '),
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

const childFormat = process.env[FORMAT_VARIABLE];
if (childFormat !== undefined)
  process.stdout.write(`${JSON.stringify(measureFormat(childFormat as MessageFormat))}\n`);
else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runRepairBench();
