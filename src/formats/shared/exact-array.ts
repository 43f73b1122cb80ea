/**
 * `items` in an array of exactly their number. An array grown by `push` keeps room for at least 17
 * elements (V8 grows an empty array to 17), so every message of a written history would carry a
 * hundred bytes or more it never uses, which the collector copies with it (a call turn of two
 * calls grown by `push` holds room for 15 more). `slice` copies the elements into an array of
 * their own size.
 */
export function exactArray<T>(items: readonly T[]): T[] {
  return items.slice();
}

/**
 * An array of `length` empty slots for the caller to fill, with room for just them: what
 * {@link exactArray} gives without the array grown first (for a writer that knows the count).
 */
export function sizedArray<T>(length: number): T[] {
  return new Array<T>(length);
}
