/**
 * Appends `items` to `target` one by one: `target.push(...items)` passes each item as an argument
 * and overflows the stack on a turn of a hundred thousand calls or results. Readers and writers
 * grow only arrays they made themselves, which is why a read-only `target` is taken.
 */
export function appendAll<T>(target: readonly T[], items: readonly T[]): void {
  for (const item of items) (target as T[]).push(item);
}
