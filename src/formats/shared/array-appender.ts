import type { HistoryMessage } from '../../core/history.js';

/**
 * Grows the arrays of the message a reader is building. Copying `[...last.results, result]` for
 * every result of a run made long runs quadratic; the appender copies an array once, then grows
 * that copy in place, which is safe because only the message it returned holds the copy.
 *
 * A reader only ever appends to its latest message, so remembering one array is enough.
 */
export class ArrayAppender {
  private owned: readonly unknown[] | undefined;

  /** `array` with `items` appended: `array` itself when this appender made it, else a copy. */
  append<T>(array: readonly T[], items: readonly T[]): readonly T[] {
    if (array === this.owned) {
      // This appender made the array and no one else holds it: growing it in place is safe.
      for (const item of items) (array as T[]).push(item);
      return array;
    }
    const copy = [...array, ...items];
    this.owned = copy;
    return copy;
  }
}

/** Puts `last` (the latest message of `history`) back with `value` at `key`, unless it holds that value already. */
export function replaceLast<M extends HistoryMessage, K extends keyof M>(
  history: HistoryMessage[],
  last: M,
  key: K,
  value: M[K],
): void {
  if (last[key] === value) return;
  history[history.length - 1] = { ...last, [key]: value };
}

/**
 * Appends `items` to `target` one by one: `target.push(...items)` passes every item as an
 * argument, and overflows the stack on a turn of a hundred thousand calls or results.
 */
export function appendAll<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}
