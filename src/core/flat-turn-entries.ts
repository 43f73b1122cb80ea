// The flat form of turn entries (typed arrays and offsets instead of an object per entry), which
// the validators fill and the pairing reads.

/** Kind of an entry of {@link FlatTurnEntries}: neither calls nor results. */
export const OTHER_ENTRY = 0;
/** Kind of an entry of {@link FlatTurnEntries}: a call turn. */
export const CALLS_ENTRY = 1;
/** Kind of an entry of {@link FlatTurnEntries}: results. */
export const RESULTS_ENTRY = 2;

/**
 * `TurnEntry` values laid flat, for callers that pair long histories without an object per
 * entry: entry `e` has kind `kinds[e]` and holds the ids `ids[starts[e]]` to `ids[starts[e + 1] - 1]`
 * (its slots, in position order).
 */
export interface FlatTurnEntries {
  readonly count: number;
  readonly kinds: ArrayLike<number>;
  /** `count + 1` offsets into `ids`. */
  readonly starts: ArrayLike<number>;
  readonly ids: ArrayLike<string>;
}
