/**
 * The pairing of a valid Responses `input`, found in the validator's one pass: every `call_id`
 * belongs to one call, and every output comes after the call of its id, which it is the first to
 * answer. Then the one pairing rule (core's `pairFlatTurnEntries` in conversation scope) pairs
 * each output with that call, and the rule has no problem to report, so the validator takes this
 * pairing and skips the rule's passes. Anything else (a repeated id, an output without its call
 * or after another output of it, a call left unanswered) makes {@link finish} return `undefined`,
 * and the validator runs the rule, which says what is wrong.
 *
 * One map from id to call site: no scan of the open calls, so 64 parallel calls cost what one
 * does.
 */
export class UniquePairing {
  readonly #match: Int32Array;
  readonly #callSites = new Map<string, number>();
  #open = 0;
  #failed = false;

  /** `sites` bounds the number of calls and outputs. */
  constructor(sites: number) {
    this.#match = new Int32Array(sites);
  }

  /** Takes the call or output at site `slot`; sites are numbered in input order from 0. */
  add(slot: number, callId: string, isCall: boolean): void {
    if (this.#failed) return;
    if (isCall) {
      const size = this.#callSites.size;
      this.#callSites.set(callId, slot);
      this.#failed = this.#callSites.size === size;
      this.#match[slot] = -1;
      this.#open++;
      return;
    }
    const call = this.#callSites.get(callId);
    if (call === undefined || this.#match[call] !== -1) {
      this.#failed = true;
      return;
    }
    this.#match[call] = slot;
    this.#match[slot] = call;
    this.#open--;
  }

  /** Per site the site it pairs with, when the input paired as above; else `undefined`. */
  finish(sites: number): Int32Array | undefined {
    return this.#failed || this.#open !== 0 ? undefined : this.#match.subarray(0, sites);
  }
}
