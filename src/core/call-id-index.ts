// Seeded per process, so that no crafted set of ids collides in every run.
const SEED = (Math.random() * 0x1_0000_0000) | 0;

/**
 * The first site of each call id, where ids must be unique in a whole history: open addressing
 * over one typed array sized from the number of ids. A Map of every id costs several times more
 * per id once a history holds tens of thousands (its table outgrows the CPU caches and lands in
 * V8's large-object space); here a probe reads one pair of ints and touches an id only when its
 * 32-bit hash matches.
 */
export class CallIdIndex {
  // Per bucket: the hash, then the site plus one (0 for an empty bucket).
  private readonly buckets: Int32Array;
  private readonly mask: number;

  constructor(
    ids: number,
    private readonly idAt: (slot: number) => string,
  ) {
    let size = 16;
    while (size < ids + (ids >>> 1)) size *= 2;
    this.buckets = new Int32Array(2 * size);
    this.mask = size - 1;
  }

  /** The first site recorded with `id`; when there is none, records `slot` and returns -1. */
  firstOrAdd(id: string, slot: number): number {
    const { buckets, mask } = this;
    const hash = hashOf(id);
    for (let bucket = hash & mask; ; bucket = (bucket + 1) & mask) {
      const site = (buckets[2 * bucket + 1] ?? 0) - 1;
      if (site === -1) {
        buckets[2 * bucket] = hash;
        buckets[2 * bucket + 1] = slot + 1;
        return -1;
      }
      if (buckets[2 * bucket] === hash && this.idAt(site) === id) return site;
    }
  }
}

function hashOf(id: string): number {
  const { length } = id;
  let hash = SEED ^ length;
  // Two characters a step.
  for (let index = 1; index < length; index += 2) {
    hash = Math.imul(hash ^ (id.charCodeAt(index - 1) | (id.charCodeAt(index) << 16)), 0x5bd1e995);
    hash ^= hash >>> 15;
  }
  if (length % 2 === 1) hash = Math.imul(hash ^ id.charCodeAt(length - 1), 0x5bd1e995);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return hash ^ (hash >>> 16);
}
