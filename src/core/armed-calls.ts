import type { PairingScope } from './pair-tool-turns.js';

/**
 * The pairing rule, one message at a time: in `turn` scope a call turn replaces the armed calls
 * and any other message disarms them; in `conversation` scope every earlier call stays armed. A
 * result takes the first armed call with its id and gets the value (never `undefined`) it carries.
 */
export class ArmedCalls<T> {
  // The first armed call per id; later calls with the same id queue in `repeats` (rare).
  private readonly first = new Map<string, T>();
  private readonly repeats = new Map<string, { readonly values: T[]; next: number }>();

  constructor(private readonly scope: PairingScope = 'turn') {}

  /** A message with calls: in turn scope, the calls of earlier turns stop being answerable. */
  startTurn(): void {
    this.other();
  }

  /** A message that is neither calls nor results: in turn scope, no call stays answerable. */
  other(): void {
    if (this.scope !== 'turn' || this.first.size === 0) return;
    this.first.clear();
    this.repeats.clear();
  }

  /** Arms one call, carrying `value`. */
  arm(callId: string, value: T): void {
    if (!this.first.has(callId)) this.first.set(callId, value);
    else {
      const queue = this.repeats.get(callId);
      if (queue) queue.values.push(value);
      else this.repeats.set(callId, { values: [value], next: 0 });
    }
  }

  /** Takes the call a result with `callId` answers and returns its value, or `undefined` for an orphan. */
  answer(callId: string): T | undefined {
    const value = this.first.get(callId);
    if (value === undefined) return undefined;
    const queue = this.repeats.size === 0 ? undefined : this.repeats.get(callId);
    if (queue === undefined) this.first.delete(callId);
    else {
      this.first.set(callId, queue.values[queue.next++] as T);
      if (queue.next === queue.values.length) this.repeats.delete(callId);
    }
    return value;
  }
}
