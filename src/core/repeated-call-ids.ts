import { CALLS_ENTRY, type FlatTurnEntries } from './tool-turn-table.js';

/**
 * True when two calls anywhere in `entries` share an id: the check of providers whose call ids
 * must be unique in the whole request (Anthropic, Bedrock).
 *
 * A valid history has no repeat, so every call id is looked at. A `Set` of them costs a growing
 * hash table of a few megabytes on a long history (its copies as it grows and as the garbage
 * collector moves it, most of a validation's time). Here the calls go in one typed array sized
 * once (open addressing, keyed by a hash of some of each id's characters), and only a hit compares
 * ids. Ids that defeat the hash (alike in every character it reads) run past a probe budget
 * linear in the number of calls, and the check starts again with a `Set`: linear either way.
 */
export function hasRepeatedCallId(entries: FlatTurnEntries): boolean {
  const { count, kinds, starts, ids } = entries;
  let calls = 0;
  for (let entry = 0; entry < count; entry++)
    if (kinds[entry] === CALLS_ENTRY) calls += (starts[entry + 1] ?? 0) - (starts[entry] ?? 0);
  if (calls < 2) return false;
  // At most half full: short probe runs.
  let capacity = 4;
  while (capacity < calls * 2) capacity *= 2;
  const mask = capacity - 1;
  // Per bucket, the slot of the call in it plus one (0: empty).
  const buckets = new Int32Array(capacity);
  let budget = calls * 4;
  for (let entry = 0; entry < count; entry++) {
    if (kinds[entry] !== CALLS_ENTRY) continue;
    const end = starts[entry + 1] ?? 0;
    for (let slot = starts[entry] ?? 0; slot < end; slot++) {
      const id = ids[slot] ?? '';
      let bucket = idHash(id) & mask;
      for (;;) {
        const held = buckets[bucket] ?? 0;
        if (held === 0) {
          buckets[bucket] = slot + 1;
          break;
        }
        if (ids[held - 1] === id) return true;
        if (--budget < 0) return hasRepeatedCallIdInSet(entries);
        bucket = (bucket + 1) & mask;
      }
    }
  }
  return false;
}

/** {@link hasRepeatedCallId} through a `Set`, for ids its hash cannot tell apart. */
function hasRepeatedCallIdInSet({ count, kinds, starts, ids }: FlatTurnEntries): boolean {
  const seen = new Set<string>();
  for (let entry = 0; entry < count; entry++) {
    if (kinds[entry] !== CALLS_ENTRY) continue;
    const end = starts[entry + 1] ?? 0;
    for (let slot = starts[entry] ?? 0; slot < end; slot++) {
      const size = seen.size;
      seen.add(ids[slot] ?? '');
      if (seen.size === size) return true;
    }
  }
  return false;
}

// How many of an id's last characters the hash reads, every one; before them it reads about
// eight more, spread evenly. Counters and random tails vary at the end; prefixes (`call_`,
// `toolu_01`) vary nowhere.
const TAIL = 8;

/** A hash of `id`'s length and at most about sixteen of its characters. */
function idHash(id: string): number {
  const { length } = id;
  let hash = length;
  const tail = length > TAIL ? length - TAIL : 0;
  for (let at = length - 1; at >= tail; at--)
    hash = Math.imul(hash ^ id.charCodeAt(at), 0x9e3779b1);
  const step = (tail >> 3) + 1;
  for (let at = tail - 1; at >= 0; at -= step)
    hash = Math.imul(hash ^ id.charCodeAt(at), 0x85ebca6b);
  hash ^= hash >>> 15;
  hash = Math.imul(hash, 0x2c1b3c6d);
  return hash ^ (hash >>> 12);
}
