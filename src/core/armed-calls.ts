import type { PairingScope } from './pair-tool-turns.js';

/**
 * The pairing rule of {@link pairToolTurns}, one message at a time, for code that walks a history
 * and needs each result's call as it goes (readers and writers naming results): in `turn` scope a
 * call turn replaces the armed calls and any other message disarms them; in `conversation` scope
 * every earlier call stays armed. A result consumes the first armed call with its id. Each call
 * carries a value (its tool name, its position, …).
 *
 * `pairToolTurns` applies the same rule to a whole history at once; a property test holds the two
 * to the same pairs.
 */
export class ArmedCalls<T> {
  private readonly scope: PairingScope;
  // Few calls are armed at a time in turn scope: the first `count` entries of two short buffers,
  // found by a scan (cheaper than hashing for a handful; disarming is resetting the count).
  private readonly ids: string[] = [];
  private readonly values: T[] = [];
  private count = 0;
  /**
   * Past {@link SCAN_LIMIT} armed calls (a long turn, conversation scope): id -> its first armed
   * call; the calls armed after it with the same id wait in {@link later}, in order, from `next`
   * on (ids rarely repeat, so most ids cost one map entry and no queue; a read position, not
   * shift, which is linear on long arrays).
   */
  private byId: Map<string, T> | undefined;
  private later: Map<string, { readonly values: T[]; next: number }> | undefined;

  constructor(scope: PairingScope = 'turn') {
    this.scope = scope;
  }

  /** A message with calls: in turn scope, the calls of earlier turns stop being answerable. */
  startTurn(): void {
    if (this.scope === 'turn') this.disarm();
  }

  /** Arms one call, carrying `value`. */
  arm(callId: string, value: T): void {
    if (this.byId === undefined) {
      if (this.count < SCAN_LIMIT) {
        this.ids[this.count] = callId;
        this.values[this.count] = value;
        this.count++;
        return;
      }
      const byId = new Map<string, T>();
      this.byId = byId;
      for (let at = 0; at < this.count; at++)
        this.enqueue(byId, this.ids[at] ?? '', this.values[at] as T);
      this.count = 0;
    }
    this.enqueue(this.byId, callId, value);
  }

  private enqueue(byId: Map<string, T>, callId: string, value: T): void {
    if (!byId.has(callId)) {
      byId.set(callId, value);
      return;
    }
    this.later ??= new Map();
    const queue = this.later.get(callId);
    if (queue) queue.values.push(value);
    else this.later.set(callId, { values: [value], next: 0 });
  }

  /** A message that is neither calls nor results: in turn scope, no call stays answerable. */
  other(): void {
    if (this.scope === 'turn') this.disarm();
  }

  /** Consumes the call a result with `callId` answers and returns its value, or `undefined` for an orphan. */
  answer(callId: string): T | undefined {
    if (this.byId !== undefined) {
      if (!this.byId.has(callId)) return undefined;
      const value = this.byId.get(callId) as T;
      const queue = this.later?.get(callId);
      if (queue === undefined) this.byId.delete(callId);
      else {
        this.byId.set(callId, queue.values[queue.next++] as T);
        if (queue.next === queue.values.length) this.later?.delete(callId);
      }
      return value;
    }
    const ids = this.ids;
    let index = 0;
    while (index < this.count && ids[index] !== callId) index++;
    if (index === this.count) return undefined;
    const value = this.values[index];
    // The first armed call with the id answers first: close the gap, keeping the order.
    this.count--;
    for (let at = index; at < this.count; at++) {
      ids[at] = ids[at + 1] ?? '';
      this.values[at] = this.values[at + 1] as T;
    }
    return value;
  }

  private disarm(): void {
    this.count = 0;
    this.byId = undefined;
    this.later = undefined;
  }
}

// Above this many armed calls, they are found through a map instead of a scan.
const SCAN_LIMIT = 16;
