import type { ToolResult } from '../../core/history.js';
import type { PairingScope } from '../../core/pair-tool-turns.js';
import type { ConversionContext } from './conversion-context.js';

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

/**
 * Consumes the call `result` answers, for a target whose results carry no tool name (`carrier`,
 * e.g. "Anthropic tool_result blocks"): when the result's name differs from its call's, the name
 * is lost, and a `dropped-result-name` warning says so.
 */
export function answerWithoutName(
  names: CallNames,
  result: ToolResult,
  index: number,
  context: ConversionContext,
  carrier: string,
  scope: PairingScope = 'turn',
): void {
  const callName = names.answer(result.callId);
  if ((callName ?? '') === result.name) return;
  const orphan = scope === 'conversation' ? 'no earlier call has its id' : 'no call answers it';
  context.warn(
    'dropped-result-name',
    index,
    `${carrier} carry no tool name; the result's name "${result.name}" differs from its call's (${callName === undefined ? orphan : `"${callName}"`}) and was lost.`,
    result.callId,
  );
}
