/**
 * Wide-turn growth check (`npm run bench -- wide-turn`): validateHistory and repairHistory of one
 * assistant turn of N parallel calls and of 8N (test/helpers/wide-turns.ts: repeated ids, equal names,
 * 2 KB arguments with escapes and non-ASCII), in every format, plus Gemini with distinct, equal
 * and no ids. The strict server validates bodies of up to 32 MiB, so one wide turn must not stall
 * it: 8x the calls may cost at most 16x the time (linear is 8x; quadratic is 64x). Each size is
 * timed in CPU time, alternating with the other after a warm-up, least of the runs.
 *
 * Prints a FAIL line per case over the bound and sets a non-zero exit code.
 * Run: `npm run bench -- wide-turn`, or `npm run build && npx tsx bench/wide-turn.ts`;
 * `WIDE_TURN_CALLS=2000` measures at another N (default 8000).
 */
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { MESSAGE_FORMATS, type MessageFormat } from '../src/core/format.js';
import { shipped } from './shipped.js';
import { wideGeminiTurnOf, wideTurnOf, type GeminiIds } from '../test/helpers/wide-turns.js';

const CALLS = Number(process.env.WIDE_TURN_CALLS ?? 8000);
const GROWTH = 8;
/** The bound on time(8N) / time(N). */
const LIMIT = 16;
const ROUNDS = 3;

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

function cpuMs(run: () => unknown): number {
  const started = process.cpuUsage();
  run();
  const { user, system } = process.cpuUsage(started);
  return (user + system) / 1000;
}

/** The least CPU ms of `small` and of `large`, run in turn ROUNDS times after one warm-up each. */
function leastOfEach(small: () => unknown, large: () => unknown): [number, number] {
  small();
  large();
  let least: [number, number] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
  for (let round = 0; round < ROUNDS; round++)
    least = [Math.min(least[0], cpuMs(small)), Math.min(least[1], cpuMs(large))];
  return least;
}

/** Prints N and 8N times and their ratio per case and operation; a case over the bound fails. */
export async function runWideTurnBench(): Promise<void> {
  const rows: string[][] = [
    ['case', 'operation', `ms @${CALLS}`, `ms @${CALLS * GROWTH}`, 'ratio'],
  ];
  const failed: string[] = [];
  for (const { name, format, messagesOf } of CASES) {
    const small = messagesOf(CALLS);
    const large = messagesOf(CALLS * GROWTH);
    const operations = {
      validateHistory: (messages: unknown[]) => shipped.validateHistory(messages, { format }),
      repairHistory: (messages: unknown[]) => shipped.repairHistory(messages, { format }),
    };
    for (const [operation, run] of Object.entries(operations)) {
      const [smallMs, largeMs] = leastOfEach(
        () => run(small),
        () => run(large),
      );
      const ratio = largeMs / smallMs;
      if (ratio > LIMIT) failed.push(`${name}: ${operation} x${ratio.toFixed(1)}`);
      rows.push([
        name,
        operation,
        smallMs.toFixed(1),
        largeMs.toFixed(1),
        `${ratio.toFixed(1)}${ratio > LIMIT ? ' FAIL' : ''}`,
      ]);
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  console.log(
    `\nOne wide turn of N and ${GROWTH}N calls, least CPU ms of ${ROUNDS} alternating runs after a warm-up, bound ${GROWTH}N/N <= ${LIMIT} (linear is ${GROWTH}), Node ${process.version}, load average ${loadavg()[0]?.toFixed(2) ?? '?'}`,
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runWideTurnBench();
