/** What every figure bench shares: clocks, alternating runs, ratios and the PASS/FAIL record. */
import { existsSync, readFileSync } from 'node:fs';
import { performance, PerformanceObserver } from 'node:perf_hooks';

/** One row of the summary table. */
export interface Figure {
  readonly name: string;
  readonly goal: string;
  readonly measured: string;
  readonly pass: boolean;
}

const figures: Figure[] = [];

/** Records a figure and prints its PASS/FAIL line. */
export function report(figure: Figure): void {
  figures.push(figure);
  const verdict = figure.pass ? 'PASS' : 'FAIL';
  console.log(`${verdict}  ${figure.name}: ${figure.measured} (goal ${figure.goal})`);
}

/** Every figure recorded so far, in order. */
export function reported(): readonly Figure[] {
  return figures;
}

/** A clock in milliseconds. */
export type Clock = () => number;

/** CPU time of the whole process, V8's GC helper threads and the I/O threads included. */
export const processCpu: Clock = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

const SCHEDSTAT = '/proc/thread-self/schedstat';
/**
 * CPU time of the main thread alone (Linux schedstat, in ns): no charge for helper threads that
 * collect one side's garbage while the other runs, nor for time other processes hold the core.
 * Wall time where schedstat is missing.
 */
export const threadCpu: Clock = existsSync(SCHEDSTAT)
  ? () => Number(readFileSync(SCHEDSTAT, 'latin1').split(' ')[0]) / 1e6
  : () => performance.now();

/**
 * The median of `values` and a 95% interval for it: the order statistics n/2 -+ 0.98 sqrt(n)
 * (the binomial's normal approximation), which assumes nothing about the distribution.
 */
export function medianInterval(values: readonly number[]): [number, number, number] {
  const sorted = [...values].sort((a, b) => a - b);
  const spread = 0.98 * Math.sqrt(sorted.length);
  const low = sorted[Math.max(0, Math.floor(sorted.length / 2 - spread))] ?? Number.NaN;
  const high = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length / 2 + spread) - 1)];
  return [low, median(sorted), high ?? Number.NaN];
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * Each task's time in every round on `clock`, the tasks alternating within a round (their order
 * turning between rounds) so sample `r` of every task ran at about the same time and a burst of load
 * hits both sides of a per-round ratio. No forced collection before a sample: it costs the next
 * sample recompiled code on the package's side only, a cost no app pays between calls.
 */
export async function alternate(
  tasks: readonly (() => unknown)[],
  rounds: number,
  clock: Clock,
  warmups = 1,
): Promise<number[][]> {
  for (let warm = 0; warm < warmups; warm++) for (const task of tasks) await task();
  const samples = tasks.map((): number[] => []);
  for (let round = 0; round < rounds; round++) {
    for (let step = 0; step < tasks.length; step++) {
      const index = (step + round) % tasks.length;
      const start = clock();
      await tasks[index]?.();
      samples[index]?.push(clock() - start);
    }
  }
  return samples;
}

/** The median of the per-round ratios `ours[r] / base[r]`, with its 95% interval. */
export function ratioInterval(
  ours: readonly number[],
  base: readonly number[],
): [number, number, number] {
  return medianInterval(ours.map((time, round) => time / (base[round] ?? Number.NaN)));
}

/** The spread of samples: their interquartile range over their median, in percent. */
export function spread(samples: readonly number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const quartile = (q: number): number => sorted[Math.round(q * (sorted.length - 1))] ?? 0;
  return `${((100 * (quartile(0.75) - quartile(0.25))) / median(sorted)).toFixed(0)}%`;
}

/** Records the start time of every garbage collection, to count those inside a sample. */
export class CollectionCounter {
  readonly #starts: number[] = [];
  readonly #observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) this.#starts.push(entry.startTime);
  });

  constructor() {
    this.#observer.observe({ entryTypes: ['gc'] });
  }

  /** How many collections started in `[from, to)` (`performance.now()` times). */
  async countIn(from: number, to: number): Promise<number> {
    // Entries arrive asynchronously: let the ones of the sample come in.
    await new Promise((resolve) => setTimeout(resolve, 10));
    return this.#starts.filter((start) => start >= from && start < to).length;
  }

  stop(): void {
    this.#observer.disconnect();
  }
}

/** `performance.now()`, for the bounds of a sample. */
export const now = (): number => performance.now();

export function printTable(rows: readonly (readonly string[])[]): void {
  const widths = rows[0]?.map((_, column) =>
    Math.max(...rows.map((row) => row[column]?.length ?? 0)),
  );
  for (const row of rows)
    console.log(
      row
        .map((cell, column) => cell.padEnd(widths?.[column] ?? 0))
        .join('  ')
        .trimEnd(),
    );
}
