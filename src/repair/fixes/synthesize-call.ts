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
  const name = callName(result.name, known);
  const source = argumentSource(name, known);
  return {
    call: buildCall(callId, name, source),
    guessed: guessedRecord(name === undefined, source === undefined),
  };
}

/**
 * The call of {@link synthesizeCall} for a result named `resultName` (`''`: it has no name), alone:
 * repair of a whole run of orphans makes only the calls (its fixes say what was guessed).
 */
export function namedCall(
  resultName: string,
  callId: string,
  known: ToolCallPart | undefined,
): ToolCallPart {
  const name = callName(resultName, known);
  return buildCall(callId, name, argumentSource(name, known));
}

/** The synthesized call's name: the result's, else `known`'s; `undefined` when neither tells. */
function callName(resultName: string, known: ToolCallPart | undefined): string | undefined {
  return resultName !== '' ? resultName : known?.name;
}

/** The call whose arguments the synthesized call takes: `known`, when its name agrees. */
function argumentSource(
  name: string | undefined,
  known: ToolCallPart | undefined,
): ToolCallPart | undefined {
  return known !== undefined && (name === undefined || known.name === name) ? known : undefined;
}

function buildCall(
  callId: string,
  name: string | undefined,
  source: ToolCallPart | undefined,
): ToolCallPart {
  const base = {
    type: 'tool-call' as const,
    callId,
    name: name ?? UNKNOWN_TOOL_NAME,
    arguments: source?.arguments ?? NO_ARGUMENTS,
  };
  return source?.argumentsText === undefined
    ? base
    : { ...base, argumentsText: source.argumentsText };
}

/** The arguments of a call nothing tells: `{}`, one frozen object for all (each is kept in its fix). */
const NO_ARGUMENTS: ToolCallPart['arguments'] = Object.freeze({});

/** The `guessed` record of a synthesized call: one shared, frozen record per combination. */
export function guessedRecord(name: boolean, args: boolean): SynthesizedCall['guessed'] {
  if (name) return args ? GUESSED_BOTH : GUESSED_NAME;
  return args ? GUESSED_ARGUMENTS : GUESSED_NONE;
}

/*
 * The four `guessed` records, shared: a dense history synthesizes a call per result, and each
 * record is kept in its fix (a repair's output is read, never written to).
 */
const GUESSED_NONE = Object.freeze({ name: false, arguments: false });
const GUESSED_ARGUMENTS = Object.freeze({ name: false, arguments: true });
const GUESSED_NAME = Object.freeze({ name: true, arguments: false });
const GUESSED_BOTH = Object.freeze({ name: true, arguments: true });
