import { RESULTS_ENTRY } from '../core/pair-tool-turns.js';
import type { ToolTurnTable } from '../core/tool-turn-table.js';

/**
 * The ids of orphan results (results `match` pairs with no call) that another site (a call, a
 * result, another orphan) has too. A history where every result is an orphan has as many ids as
 * results: they are kept in an open-addressing table of site numbers, hashed from their
 * characters, instead of a `Set` of strings that grows and rehashes as it fills.
 */
export function clashingOrphanIds(table: ToolTurnTable, match: Int32Array): ReadonlySet<string> {
  const clashing = new Set<string>();
  const sites = table.ids.length;
  let orphans = 0;
  for (let slot = 0; slot < sites; slot++) if (isOrphan(table, match, slot)) orphans++;
  if (orphans === 0) return clashing;
  let capacity = 16;
  while (capacity < orphans * 2) capacity *= 2;
  // Per bucket: the site of the first orphan with that id, plus one (0: empty).
  const buckets = new Int32Array(capacity);
  for (let slot = 0; slot < sites; slot++) {
    if (!isOrphan(table, match, slot)) continue;
    const id = table.ids[slot] ?? '';
    const bucket = bucketOf(buckets, table.ids, id);
    if (buckets[bucket] === 0) buckets[bucket] = slot + 1;
    else clashing.add(id);
  }
  if (orphans === sites) return clashing;
  for (let slot = 0; slot < sites; slot++) {
    if (isOrphan(table, match, slot)) continue;
    const id = table.ids[slot] ?? '';
    if (buckets[bucketOf(buckets, table.ids, id)] !== 0) clashing.add(id);
  }
  return clashing;
}

// Plain functions, not closures made per call.

function isOrphan(table: ToolTurnTable, match: Int32Array, slot: number): boolean {
  return table.kinds[table.siteTurns[slot] ?? 0] === RESULTS_ENTRY && (match[slot] ?? -1) === -1;
}

/** The bucket of `id`: the one holding it, or the empty one where it goes (`buckets.length` is a power of two). */
function bucketOf(buckets: Int32Array, ids: readonly string[], id: string): number {
  const mask = buckets.length - 1;
  let bucket = hashOf(id) & mask;
  for (;;) {
    const held = buckets[bucket] ?? 0;
    if (held === 0 || ids[held - 1] === id) return bucket;
    bucket = (bucket + 1) & mask;
  }
}

/** FNV-1a over the UTF-16 code units of `text`. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
