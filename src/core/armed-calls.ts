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
  /** Past {@link SCAN_LIMIT} armed calls (a long turn, conversation scope): id -> queue of calls. */
  private byId: Map<string, T[]> | undefined;

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
      const byId = new Map<string, T[]>();
      for (let at = 0; at < this.count; at++)
        enqueue(byId, this.ids[at] ?? '', this.values[at] as T);
      this.count = 0;
      this.byId = byId;
    }
    enqueue(this.byId, callId, value);
  }

  /** A message that is neither calls nor results: in turn scope, no call stays answerable. */
  other(): void {
    if (this.scope === 'turn') this.disarm();
  }

  /** Consumes the call a result with `callId` answers and returns its value, or `undefined` for an orphan. */
  answer(callId: string): T | undefined {
    if (this.byId !== undefined) {
      const queue = this.byId.get(callId);
      const value = queue?.shift();
      if (queue?.length === 0 && this.scope === 'turn') this.byId.delete(callId);
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
  }
}

// Above this many armed calls, they are found through a map instead of a scan.
const SCAN_LIMIT = 16;

function enqueue<T>(byId: Map<string, T[]>, callId: string, value: T): void {
  const queue = byId.get(callId);
  if (queue) queue.push(value);
  else byId.set(callId, [value]);
}
