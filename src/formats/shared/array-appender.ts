/** Appends `items` to an array the caller made (`push(...items)` overflows the stack on huge turns). */
export function appendAll<T>(target: readonly T[], items: readonly T[]): void {
  for (const item of items) (target as T[]).push(item);
}
