import type { PairingScope } from '../../core/pair-tool-turns.js';

/**
 * Tracks which tool name each armed call id has, following the pairing rule of
 * `pairToolTurns`: in `turn` scope a call turn replaces the armed calls and any other message
 * disarms them; in `conversation` scope every earlier call stays armed. A result consumes the
 * first armed call with its id.
 */
export class CallNames {
  private readonly scope: PairingScope;
  private armed = new Map<string, string[]>();

  constructor(scope: PairingScope = 'turn') {
    this.scope = scope;
  }

  /** A message with calls: in turn scope, the calls of earlier turns stop being answerable. */
  startTurn(): void {
    if (this.scope === 'turn') this.armed = new Map();
  }

  /** Arms one call. */
  call(callId: string, name: string): void {
    const queue = this.armed.get(callId);
    if (queue) queue.push(name);
    else this.armed.set(callId, [name]);
  }

  /** A message that is neither calls nor results. */
  other(): void {
    if (this.scope === 'turn') this.armed = new Map();
  }

  /** Consumes the call a result with `callId` answers and returns its name, or `undefined` for an orphan. */
  answer(callId: string): string | undefined {
    const queue = this.armed.get(callId);
    const name = queue?.shift();
    if (queue?.length === 0 && this.scope === 'turn') this.armed.delete(callId);
    return name;
  }
}
