import type { PairingScope } from './pair-tool-turns.js';

/**
 * The pairing rule, one message at a time: in `turn` scope a call turn replaces the armed calls
 * and any other message disarms them; in `conversation` scope every earlier call stays armed. A
 * result takes the first armed call with its id and gets the value that call carries.
 */
export class ArmedCalls<T> {
  private readonly armed = new Map<string, { readonly values: T[]; next: number }>();

  constructor(private readonly scope: PairingScope = 'turn') {}

  /** A message with calls: in turn scope, the calls of earlier turns stop being answerable. */
  startTurn(): void {
    if (this.scope === 'turn') this.armed.clear();
  }

  /** A message that is neither calls nor results: in turn scope, no call stays answerable. */
  other(): void {
    if (this.scope === 'turn') this.armed.clear();
  }

  /** Arms one call, carrying `value`. */
  arm(callId: string, value: T): void {
    const queue = this.armed.get(callId);
    if (queue) queue.values.push(value);
    else this.armed.set(callId, { values: [value], next: 0 });
  }

  /** Takes the call a result with `callId` answers and returns its value, or `undefined` for an orphan. */
  answer(callId: string): T | undefined {
    const queue = this.armed.get(callId);
    if (queue === undefined) return undefined;
    const value = queue.values[queue.next++];
    if (queue.next === queue.values.length) this.armed.delete(callId);
    return value;
  }
}
