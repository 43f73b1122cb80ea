import type { ToolResult } from '../../core/history.js';
import { ArmedCalls } from '../../core/armed-calls.js';
import type { PairingScope } from '../../core/pair-tool-turns.js';
import type { ConversionContext } from './conversion-context.js';

/** The tool name of each armed call, under core's pairing rule ({@link ArmedCalls}). */
export class CallNames extends ArmedCalls<string> {
  /** Arms one call with its tool name. */
  call(callId: string, name: string): void {
    this.arm(callId, name);
  }
}

/** Consumes the call `result` answers, warning `dropped-result-name` when the names differ. */
export function answerWithoutName(
  names: CallNames,
  result: ToolResult,
  index: number,
  context: ConversionContext,
  carrier: string,
  scope: PairingScope = 'turn',
): void {
  const callName = names.answer(result.callId);
  if ((callName ?? '') === result.name || !context.wants('dropped-result-name')) return;
  const orphan = scope === 'conversation' ? 'no earlier call has its id' : 'no call answers it';
  context.warn(
    'dropped-result-name',
    index,
    `${carrier} carry no tool name; the result's name "${result.name}" differs from its call's (${callName === undefined ? orphan : `"${callName}"`}) and was lost.`,
    result.callId,
  );
}
