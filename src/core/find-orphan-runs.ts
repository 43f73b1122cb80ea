import type { Pairing, ResultPairing, TurnEntry } from './pair-tool-turns.js';

/** A run of consecutive result entries that holds at least one orphan. */
export interface OrphanRun {
  /** First and last entry of the run (inclusive). */
  readonly firstEntry: number;
  readonly lastEntry: number;
  /** The run's paired results, in order. */
  readonly paired: readonly ResultPairing[];
  /** The run's orphan results, in order. */
  readonly orphans: readonly ResultPairing[];
}

/**
 * Groups the results of a {@link Pairing} into runs of consecutive result entries and returns
 * the runs that hold orphans: where a synthesized call turn has to go.
 */
export function findOrphanRuns(entries: readonly TurnEntry[], pairing: Pairing): OrphanRun[] {
  const runs: OrphanRun[] = [];
  let current:
    | { firstEntry: number; lastEntry: number; paired: ResultPairing[]; orphans: ResultPairing[] }
    | undefined;
  const close = (): void => {
    if (current && current.orphans.length > 0) runs.push(current);
    current = undefined;
  };
  for (const result of pairing.results) {
    if (current && !isSameRun(entries, current.lastEntry, result.entryIndex)) close();
    current ??= {
      firstEntry: result.entryIndex,
      lastEntry: result.entryIndex,
      paired: [],
      orphans: [],
    };
    current.lastEntry = result.entryIndex;
    (result.call ? current.paired : current.orphans).push(result);
  }
  close();
  return runs;
}

function isSameRun(entries: readonly TurnEntry[], from: number, to: number): boolean {
  for (let index = from + 1; index < to; index++)
    if (entries[index]?.kind !== 'results') return false;
  return true;
}
