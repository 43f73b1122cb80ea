/** What every figure bench shares: CPU timing, interleaved runs, and the PASS/FAIL record. */
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

/** CPU time (user and system) of one call, in milliseconds; garbage collection included. */
export function cpuMs(run: () => unknown): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

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
 * The median (or `statistic`) CPU time of each task over `rounds` rounds, the tasks alternating within a round
 * (and their order turning between rounds) so a burst of load on a shared machine hits all alike.
 * No forced collection before a sample: it costs the next sample recompiled code on the package's
 * side only (native `JSON.stringify` has none), a cost no app pays between calls.
 */
export function interleaved(
  tasks: readonly (() => unknown)[],
  rounds = 7,
  statistic: (samples: readonly number[]) => number = median,
): number[] {
  for (const task of tasks) task();
  const samples = tasks.map((): number[] => []);
  for (let round = 0; round < rounds; round++) {
    for (let step = 0; step < tasks.length; step++) {
      const index = (step + round) % tasks.length;
      samples[index]?.push(cpuMs(tasks[index] ?? (() => undefined)));
    }
  }
  return samples.map(statistic);
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
