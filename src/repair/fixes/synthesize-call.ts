import type { ToolCallPart, ToolResult } from '../../core/history.js';
import { UNKNOWN_TOOL_NAME } from '../add-missing-calls.js';

/** A call made up for an orphan result, and which of its fields had to be guessed. */
export interface SynthesizedCall {
  readonly call: ToolCallPart;
  readonly guessed: { readonly name: boolean; readonly arguments: boolean };
}

/**
 * The call an orphan result answers, as the core's synthesis pass builds it: the name from the
 * result, else from `known` (the latest earlier call with the result's id), else
 * `unknown_tool`; the arguments from `known` when its name agrees, else `{}`.
 */
export function synthesizeCall(
  result: ToolResult,
  callId: string,
  known: ToolCallPart | undefined,
): SynthesizedCall {
  return namedCall(result.name, callId, known);
}

/** {@link synthesizeCall} for a result named `resultName` (`''`: it has no name). */
export function namedCall(
  resultName: string,
  callId: string,
  known: ToolCallPart | undefined,
): SynthesizedCall {
  const name = resultName !== '' ? resultName : known?.name;
  const source =
    known !== undefined && (name === undefined || known.name === name) ? known : undefined;
  const call: ToolCallPart = {
    type: 'tool-call',
    callId,
    name: name ?? UNKNOWN_TOOL_NAME,
    arguments: source?.arguments ?? {},
    ...(source?.argumentsText === undefined ? {} : { argumentsText: source.argumentsText }),
  };
  return { call, guessed: { name: name === undefined, arguments: source === undefined } };
}
