/**
 * The latest recorded site of each call id, for ids that must be unique in a whole history.
 * Chains of sites in typed arrays, picked by a hash of the id's characters: a lookup reads the
 * compact tables and compares strings only on a full hash match, where a `Map` of 100k ids would
 * read the heap headers of the other keys in its bucket (a cache miss each, growing with the map).
 */
export class CallIdIndex {
  readonly #ids: ArrayLike<string>;
  readonly #heads: Int32Array;
  readonly #next: Int32Array;
  readonly #hashes: Int32Array;
  readonly #mask: number;

  /** An index over the sites `ids` (call ids, by slot); nothing is recorded yet. */
  constructor(ids: ArrayLike<string>) {
    this.#ids = ids;
    let size = 16;
    while (size < 2 * ids.length) size *= 2;
    this.#heads = new Int32Array(size).fill(-1);
    this.#next = new Int32Array(ids.length);
    this.#hashes = new Int32Array(ids.length);
    this.#mask = size - 1;
  }

  /** The latest recorded slot whose id is the id at `slot`, or -1. */
  find(slot: number): number {
    const id = this.#ids[slot] ?? '';
    const hash = hashOf(id);
    this.#hashes[slot] = hash;
    for (let at = this.#heads[hash & this.#mask] ?? -1; at !== -1; at = this.#next[at] ?? -1)
      if (this.#hashes[at] === hash && this.#ids[at] === id) return at;
    return -1;
  }

  /** Records `slot` as the latest of its id; call {@link find} on it first. */
  record(slot: number): void {
    const bucket = (this.#hashes[slot] ?? 0) & this.#mask;
    this.#next[slot] = this.#heads[bucket] ?? -1;
    this.#heads[bucket] = slot;
  }
}

/** FNV-1a over the id's UTF-16 code units. */
function hashOf(id: string): number {
  let hash = 0x811c9dc5 | 0;
  for (let index = 0; index < id.length; index++)
    hash = Math.imul(hash ^ id.charCodeAt(index), 0x01000193);
  return hash;
}
