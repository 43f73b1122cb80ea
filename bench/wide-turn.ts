/**
 * Wide-turn growth check (`npm run bench -- wide-turn`): every path of one assistant turn of N
 * parallel calls and of 8N (test/helpers/wide-turns.ts: repeated ids, equal names, 2 KB arguments
 * with escapes and non-ASCII), in every format, plus Gemini with distinct, equal and no ids:
 * validateHistory, repairHistory, pairToolCalls, convertHistory to another format and trimHistory
 * to a token budget. The strict server validates bodies of up to 32 MiB, so one wide turn must not
 * stall it: 8x the calls may cost at most 16x the time (linear is 8x; quadratic is 64x).
 *
 * The figure is about the algorithm, so:
 * - each (case, size) runs in its own child process: a fresh heap that holds one input only, built
 *   once before anything is timed;
 * - every run starts from a collected heap (`gc()` outside the timed region) and is charged the
 *   collections its own allocation causes, not the garbage earlier runs left; the collector runs
 *   on the main thread (`--single-threaded-gc`), so its work is counted in that run's CPU time;
 * - a sample repeats a run until it has taken at least 50 ms of CPU time (timer granularity), and
 *   the figure is the least of the samples, taken in turn across the operations (load from other
 *   processes only ever adds time).
 *
 * Prints a FAIL line per case over the bound and sets a non-zero exit code.
 * Run: `npm run bench -- wide-turn`, or `npm run build && npx tsx bench/wide-turn.ts`;
 * `WIDE_TURN_CALLS=2000` measures at another N (default 8000), `WIDE_TURN_CASE=bedrock` only the
 * cases whose name holds that text.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MESSAGE_FORMATS, type MessageFormat } from '../src/core/format.js';
import { shipped } from './shipped.js';
import { wideGeminiTurnOf, wideTurnOf, type GeminiIds } from '../test/helpers/wide-turns.js';

const CALLS = Number(process.env.WIDE_TURN_CALLS ?? 8000);
const GROWTH = 8;
/** The bound on time(8N) / time(N). */
const LIMIT = 16;
const SAMPLES = 5;
const MIN_SAMPLE_MS = 50;
/** Set in a child: which case and size it measures. */
const CHILD_VARIABLE = 'WIDE_TURN_CHILD';

interface Case {
  readonly name: string;
  readonly format: MessageFormat;
  readonly messagesOf: (calls: number) => unknown[];
}

const CASES: readonly Case[] = [
  ...(['distinct', 'equal', 'none'] as const satisfies readonly GeminiIds[]).map((ids) => ({
    name: `gemini, ${ids} ids`,
    format: 'gemini' as const,
    messagesOf: (calls: number) => wideGeminiTurnOf(calls, ids),
  })),
  ...MESSAGE_FORMATS.map((format) => ({
    name: `${format}, repeated ids`,
    format,
    messagesOf: (calls: number) => wideTurnOf(format, calls),
  })),
];

/** The paths of one wide turn, by name. */
function operationsOf(
  format: MessageFormat,
  messages: unknown[],
): Readonly<Record<string, () => unknown>> {
  return {
    validateHistory: () => shipped.validateHistory(messages, { format }),
    repairHistory: () => shipped.repairHistory(messages, { format }),
    pairToolCalls: () => shipped.pairToolCalls(messages, { format }),
    convertHistory: () =>
      shipped.convertHistory(messages, {
        from: format,
        to: format === 'anthropic' ? 'openai-chat' : 'anthropic',
      }),
    // The wide turn does not fit: the window is what follows it.
    trimHistory: () => shipped.trimHistory(messages, { format, maxTokens: 1000 }),
  };
}

const collect = (globalThis as { gc?: () => void }).gc;

/** CPU ms per run of `run`, over runs from a collected heap until MIN_SAMPLE_MS have passed. */
function sample(run: () => unknown): number {
  if (collect === undefined) throw new Error('The wide-turn child needs --expose-gc.');
  let total = 0;
  let runs = 0;
  do {
    collect();
    const started = process.cpuUsage();
    run();
    const { user, system } = process.cpuUsage(started);
    total += (user + system) / 1000;
    runs++;
  } while (total < MIN_SAMPLE_MS);
  return total / runs;
}

/** In a child: the least CPU ms of each operation on one case at one size, as JSON on stdout. */
function measureInChild(caseName: string, calls: number): void {
  const found = CASES.find((entry) => entry.name === caseName);
  if (found === undefined) throw new Error(`Unknown wide-turn case: ${caseName}`);
  const operations = Object.entries(operationsOf(found.format, found.messagesOf(calls)));
  // One warm-up each, then the samples in turn.
  for (const [, run] of operations) run();
  const samples = new Map<string, number[]>(operations.map(([name]) => [name, []]));
  for (let round = 0; round < SAMPLES; round++)
    for (const [name, run] of operations) samples.get(name)?.push(sample(run));
  const least = Object.fromEntries([...samples].map(([name, times]) => [name, Math.min(...times)]));
  process.stdout.write(`${JSON.stringify(least)}\n`);
}

function measure(caseName: string, calls: number): Record<string, number> {
  const output = execFileSync(
    process.execPath,
    ['--expose-gc', '--single-threaded-gc', '--import', 'tsx', fileURLToPath(import.meta.url)],
    {
      env: { ...process.env, [CHILD_VARIABLE]: JSON.stringify({ caseName, calls }) },
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    },
  );
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Record<string, number>;
}

/** Prints N and 8N times and their ratio per case and operation; a case over the bound fails. */
export async function runWideTurnBench(): Promise<void> {
  const rows: string[][] = [
    ['case', 'operation', `ms @${CALLS}`, `ms @${CALLS * GROWTH}`, 'ratio'],
  ];
  const failed: string[] = [];
  const only = process.env.WIDE_TURN_CASE ?? '';
  for (const { name } of CASES) {
    if (!name.includes(only)) continue;
    const small = measure(name, CALLS);
    const large = measure(name, CALLS * GROWTH);
    for (const [operation, smallMs] of Object.entries(small)) {
      const largeMs = large[operation] ?? Number.NaN;
      const ratio = largeMs / smallMs;
      const over = !(ratio <= LIMIT);
      if (over) failed.push(`${name}: ${operation} x${ratio.toFixed(1)}`);
      rows.push([
        name,
        operation,
        smallMs.toFixed(1),
        largeMs.toFixed(1),
        `${ratio.toFixed(1)}${over ? ' FAIL' : ''}`,
      ]);
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  console.log(
    `\nOne wide turn of N and ${GROWTH}N calls, each size in its own process, least of ${SAMPLES} samples of CPU ms per run (each sample >= ${MIN_SAMPLE_MS} ms, every run from a collected heap), bound ${GROWTH}N/N <= ${LIMIT} (linear is ${GROWTH}), Node ${process.version}, load average ${loadavg()[0]?.toFixed(2) ?? '?'}`,
  );
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  for (const row of rows)
    console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '));
  if (failed.length === 0)
    console.log(`\nPASS: every case within ${LIMIT}x for ${GROWTH}x the calls.`);
  else {
    console.log(`\nFAIL: over ${LIMIT}x for ${GROWTH}x the calls: ${failed.join('; ')}.`);
    process.exitCode = 1;
  }
}

const child = process.env[CHILD_VARIABLE];
if (child !== undefined) {
  const { caseName, calls } = JSON.parse(child) as { caseName: string; calls: number };
  measureInChild(caseName, calls);
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runWideTurnBench();
