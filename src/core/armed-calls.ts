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
  private armed = new Map<string, T[]>();

  constructor(scope: PairingScope = 'turn') {
    this.scope = scope;
  }

  /** A message with calls: in turn scope, the calls of earlier turns stop being answerable. */
  startTurn(): void {
    if (this.scope === 'turn') this.armed = new Map();
  }

  /** Arms one call, carrying `value`. */
  arm(callId: string, value: T): void {
    const queue = this.armed.get(callId);
    if (queue) queue.push(value);
    else this.armed.set(callId, [value]);
  }

  /** A message that is neither calls nor results: in turn scope, no call stays answerable. */
  other(): void {
    if (this.scope === 'turn') this.armed = new Map();
  }

  /** Consumes the call a result with `callId` answers and returns its value, or `undefined` for an orphan. */
  answer(callId: string): T | undefined {
    const queue = this.armed.get(callId);
    const value = queue?.shift();
    if (queue?.length === 0 && this.scope === 'turn') this.armed.delete(callId);
    return value;
  }
}
