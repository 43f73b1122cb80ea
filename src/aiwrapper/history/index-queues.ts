/**
 * Indexes grouped by a key, each group in ascending order, for matching one list against another
 * in linear time: a group's head skips the indexes already used, so a list matched in order never
 * looks at a used index twice.
 */
export class IndexQueues {
  readonly #groups = new Map<string, { readonly indexes: number[]; head: number }>();

  /** The indexes of `items`, grouped by `keyOf`. */
  static of<T>(items: readonly T[], keyOf: (item: T) => string): IndexQueues {
    const queues = new IndexQueues();
    items.forEach((item, index) => {
      queues.add(keyOf(item), index);
    });
    return queues;
  }

  /** Appends `index` to the group of `key` (indexes must be added in ascending order). */
  add(key: string, index: number): void {
    const group = this.#groups.get(key);
    if (group) {
      if (group.indexes[group.indexes.length - 1] !== index) group.indexes.push(index);
    } else {
      this.#groups.set(key, { indexes: [index], head: 0 });
    }
  }

  /** The first index of the group of `key` that is not `used` and that `accepts`, or -1. */
  first(key: string, used: Uint8Array, accepts: (index: number) => boolean): number {
    const group = this.#groups.get(key);
    if (!group) return -1;
    const { indexes } = group;
    while (group.head < indexes.length && used[indexes[group.head] ?? 0] === 1) group.head++;
    for (let at = group.head; at < indexes.length; at++) {
      const index = indexes[at] ?? -1;
      if (used[index] !== 1 && accepts(index)) return index;
    }
    return -1;
  }

  /** The first index of the group of `key`, used or not, or -1. */
  any(key: string): number {
    return this.#groups.get(key)?.indexes[0] ?? -1;
  }
}

/**
 * A key that is the same for values `deepEqual` (core) holds equal (object keys sorted), so candidates can be
 * grouped before the exact comparison; distinct values may share a key.
 */
export function equalityKey(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value.toString()}n`;
  if (typeof value !== 'object' || value === null) return String(value);
  if (Array.isArray(value)) return `[${value.map(equalityKey).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${equalityKey(record[key])}`).join(',')}}`;
}
