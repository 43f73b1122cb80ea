import { CALLS_ENTRY, OTHER_ENTRY, type FlatTurnEntries } from './flat-turn-entries.js';

// Pairing in conversation scope (the Responses API): a result may answer any earlier call.

// The open calls the fast path scans; past this many, results find their call through the map.
const OPEN_LIMIT = 64;

/** Conversation scope (Responses): a result may answer any earlier call; ids queue in call order. Returns whether call ids repeat. */
export function pairAcrossConversation(entries: FlatTurnEntries, match: Int32Array): boolean {
  const repeated = pairUniqueIds(entries, match);
  if (repeated !== undefined) return repeated;
  match.fill(-1);
  return pairThroughQueues(entries, match);
}

/**
 * The usual history, fast: call ids do not repeat, so each result answers the one call with its
 * id, if that call is earlier and still open. While few calls are open (calls answered soon), a
 * result finds its call by a scan of them, and only calls are hashed (to notice a repeat); past
 * {@link OPEN_LIMIT} open calls (results left out, or far from their calls) results look their
 * call up in the same map. Returns `undefined`, having paired some slots, at the first repeated
 * call id; then the caller pairs everything again through {@link pairThroughQueues}.
 */
function pairUniqueIds(
  { count, kinds, starts, ids }: FlatTurnEntries,
  match: Int32Array,
): boolean | undefined {
  const callSlots = new Map<string, number>();
  let open: number[] | undefined = [];
  for (let entryIndex = 0; entryIndex < count; entryIndex++) {
    const kind = kinds[entryIndex];
    if (kind === OTHER_ENTRY) continue;
    const end = starts[entryIndex + 1] ?? 0;
    for (let slot = starts[entryIndex] ?? 0; slot < end; slot++) {
      const callId = ids[slot] ?? '';
      if (kind === CALLS_ENTRY) {
        const size = callSlots.size;
        callSlots.set(callId, slot);
        // A repeated id pairs in call order: the queues below.
        if (callSlots.size === size) return undefined;
        if (open?.length === OPEN_LIMIT) open = undefined;
        open?.push(slot);
        continue;
      }
      if (open === undefined) {
        const call = callSlots.get(callId) ?? -1;
        if (call !== -1 && match[call] === -1) {
          match[call] = slot;
          match[slot] = call;
        }
        continue;
      }
      // With unique ids, the open call with this id is the one it answers; the latest are likeliest.
      for (let at = open.length - 1; at >= 0; at--) {
        const call = open[at] ?? -1;
        if (ids[call] !== callId) continue;
        match[call] = slot;
        match[slot] = call;
        open.splice(at, 1);
        break;
      }
    }
  }
  return false;
}

/** Conversation scope through one queue of calls per id. Returns whether call ids repeat. */
function pairThroughQueues(
  { count, kinds, starts, ids }: FlatTurnEntries,
  match: Int32Array,
): boolean {
  let repeated = false;
  // One queue per distinct id, as a chain of slots through `next`: no object per call.
  const queueOf = new Map<string, number>();
  const heads: number[] = [];
  const tails: number[] = [];
  const next = new Int32Array(ids.length).fill(-1);
  for (let entryIndex = 0; entryIndex < count; entryIndex++) {
    const kind = kinds[entryIndex];
    if (kind === OTHER_ENTRY) continue;
    const end = starts[entryIndex + 1] ?? 0;
    for (let slot = starts[entryIndex] ?? 0; slot < end; slot++) {
      const callId = ids[slot] ?? '';
      const queue = queueOf.get(callId);
      if (kind === CALLS_ENTRY) {
        if (queue === undefined) {
          queueOf.set(callId, heads.length);
          heads.push(slot);
          tails.push(slot);
          continue;
        }
        repeated = true;
        if (heads[queue] === -1) {
          heads[queue] = slot;
          tails[queue] = slot;
        } else {
          next[tails[queue] ?? 0] = slot;
          tails[queue] = slot;
        }
        continue;
      }
      const call = queue === undefined ? -1 : (heads[queue] ?? -1);
      if (call === -1 || queue === undefined) continue;
      heads[queue] = next[call] ?? -1;
      match[call] = slot;
      match[slot] = call;
    }
  }
  return repeated;
}
