// How far past the oldest open call an output looks for its call before the validator gives the
// input to the core rule: parallel calls are answered about in order, 64 at a time at most here.
const SCAN_LIMIT = 64;

/**
 * The pairing of a valid Responses `input`, found in the validator's one pass: every `call_id`
 * belongs to one call, and every output answers a call still open, among the oldest open ones.
 * Then the one pairing rule (core's `pairFlatTurnEntries` in conversation scope) pairs each output
 * with that call, and the rule has no problem to report, so the validator takes this pairing and
 * skips the rule's passes. Anything else (a repeated id, an output without an open call of its
 * id, a call left unanswered, an output far from its call) makes {@link finish} return
 * `undefined`, and the validator runs the rule, which says what is wrong.
 *
 * Only calls are hashed (a set, to notice a repeated id); an output finds its call in a queue of
 * the open calls, at its head when outputs come in call order, so 64 parallel calls cost what
 * one does.
 */
export class UniquePairing {
  readonly #match: Int32Array;
  readonly #callIds = new Set<string>();
  // The open calls, oldest first from #head: their sites and ids; answered ones are skipped.
  readonly #queue: number[] = [];
  readonly #queueIds: string[] = [];
  #head = 0;
  #open = 0;
  #failed = false;

  /** `sites` bounds the number of calls and outputs. */
  constructor(sites: number) {
    this.#match = new Int32Array(sites);
  }

  /** Takes the call or output at site `slot`; sites are numbered in input order from 0. */
  add(slot: number, callId: string, isCall: boolean): void {
    if (this.#failed) return;
    const match = this.#match;
    const queue = this.#queue;
    if (isCall) {
      const size = this.#callIds.size;
      this.#callIds.add(callId);
      this.#failed = this.#callIds.size === size;
      match[slot] = -1;
      queue.push(slot);
      this.#queueIds.push(callId);
      this.#open++;
      return;
    }
    const end = Math.min(queue.length, this.#head + SCAN_LIMIT);
    let at = this.#head;
    while (at < end && (this.#queueIds[at] !== callId || match[queue[at] ?? 0] !== -1)) at++;
    if (at === end) {
      this.#failed = true;
      return;
    }
    const call = queue[at] ?? 0;
    match[call] = slot;
    match[slot] = call;
    this.#open--;
    let head = this.#head;
    while (head < queue.length && match[queue[head] ?? 0] !== -1) head++;
    if (head === queue.length) {
      // Every call answered: start the queue afresh, so it holds only what is open.
      queue.length = 0;
      this.#queueIds.length = 0;
      head = 0;
    }
    this.#head = head;
  }

  /** Per site the site it pairs with, when the input paired as above; else `undefined`. */
  finish(sites: number): Int32Array | undefined {
    return this.#failed || this.#open !== 0 ? undefined : this.#match.subarray(0, sites);
  }
}
