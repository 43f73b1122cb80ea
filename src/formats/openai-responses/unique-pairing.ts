import { CALLS_ENTRY, RESULTS_ENTRY } from '../../core/flat-turn-entries.js';
import { hasRepeatedCallId } from '../../core/repeated-call-ids.js';
import type { ToolTurnTable } from '../../core/tool-turn-table.js';

// How far past the oldest open call an output looks for its call before the validator gives the
// input to the core rule: parallel calls are answered about in order, 64 at a time at most here.
const SCAN_LIMIT = 64;
// Past this many open calls the input is taken to lack outputs, and the core rule says which:
// a valid input never has that many calls waiting at once, and carrying on to the end of an input
// whose outputs are all missing would only grow the queue for nothing.
const OPEN_LIMIT = 1024;

/**
 * The pairing of a valid Responses `input`, from the validator's table: every `call_id` belongs
 * to one call, and every output answers a call still open, among the oldest open ones. Then the
 * one pairing rule (core's `pairFlatTurnEntries` in conversation scope) pairs each output with
 * that call, and the rule has no problem to report, so the validator takes this pairing and skips
 * the rule's passes. Anything else (a repeated id, an output without an open call of its id, a
 * call left unanswered, an output far from its call) returns `undefined`, and the validator runs
 * the rule, which says what is wrong.
 *
 * Only calls are hashed, once the pairing holds, by core's check for a repeated id
 * (`hasRepeatedCallId`: a table sized once, where a `Set` grew and rehashed); an output finds its
 * call in a queue of the open calls, at its head when outputs come in call order, so 64 parallel
 * calls cost what one does. (A Responses turn holds one call or output: one site per turn.)
 */
export function pairUniqueCallIds(table: ToolTurnTable): Int32Array | undefined {
  const { count, kinds, starts, ids } = table;
  const match = new Int32Array(ids.length).fill(-1);
  // The open calls' sites, oldest first from `head`; answered ones are skipped.
  const queue: number[] = [];
  let head = 0;
  let open = 0;
  for (let turn = 0; turn < count; turn++) {
    const kind = kinds[turn];
    if (kind !== CALLS_ENTRY && kind !== RESULTS_ENTRY) continue;
    const slot = starts[turn] ?? 0;
    const callId = ids[slot];
    if (callId === undefined) return undefined;
    if (kind === CALLS_ENTRY) {
      queue.push(slot);
      if (++open > OPEN_LIMIT) return undefined;
      continue;
    }
    const end = Math.min(queue.length, head + SCAN_LIMIT);
    let at = head;
    while (at < end && (match[queue[at] ?? 0] !== -1 || ids[queue[at] ?? 0] !== callId)) at++;
    if (at === end) return undefined;
    const call = queue[at] ?? 0;
    match[call] = slot;
    match[slot] = call;
    open--;
    while (head < queue.length && match[queue[head] ?? 0] !== -1) head++;
    if (head === queue.length) {
      // Every call answered: start the queue afresh, so it holds only what is open.
      queue.length = 0;
      head = 0;
    }
  }
  // Ids are checked last: an input that fails the pairing is the rule's to read anyway.
  return open === 0 && !hasRepeatedCallId(table) ? match : undefined;
}
