import {
  type AssistantMessage,
  type TextPart,
  type ToolCallPart,
  type ToolResult,
  resultText,
} from '../../core/history.js';

/** The tool name a synthesized call gets when neither its result nor any known call names the tool. */
export const UNKNOWN_TOOL_NAME = 'unknown_tool';

/** A call seen before with the orphan's id, whose name and (object) arguments it may borrow. */
export interface SynthesisSource {
  readonly name: string;
  readonly arguments: unknown;
  readonly argumentsText?: string | undefined;
}

/** A call made up for an orphan result, and which of its fields had to be guessed. */
export interface SynthesizedCall {
  readonly call: ToolCallPart;
  readonly guessed: { readonly name: boolean; readonly arguments: boolean };
}

/**
 * The call an orphan result answers: named after the result, else after `known` (the latest
 * earlier call with its id), else `unknown_tool`; arguments from `known` when its name agrees.
 */
export function synthesizeCall(
  result: ToolResult,
  callId: string,
  known: SynthesisSource | undefined,
): SynthesizedCall {
  const name = result.name !== '' ? result.name : known?.name;
  const source =
    known !== undefined && (name === undefined || known.name === name) && isRecord(known.arguments)
      ? { ...known, arguments: known.arguments }
      : undefined;
  const call: ToolCallPart = {
    type: 'tool-call',
    callId,
    name: name ?? UNKNOWN_TOOL_NAME,
    arguments: source?.arguments ?? {},
    ...(source?.argumentsText === undefined ? {} : { argumentsText: source.argumentsText }),
    // A custom output's call is a custom call (Responses `custom_tool_call`).
    ...(result.kind === 'custom' && { kind: 'custom', argumentsText: source?.argumentsText ?? '' }),
  };
  return { call, guessed: { name: name === undefined, arguments: source === undefined } };
}

/** A text part that moved: its position before and after. */
export interface TextMove {
  readonly from: number;
  readonly to: number;
}

/** The reordered parts and the moves, or `undefined` when no text follows a call. */
export interface TextBeforeCalls {
  readonly parts: AssistantMessage['parts'];
  readonly moves: readonly TextMove[];
}

/**
 * Moves the text parts that follow the first call of an assistant turn to just before it, keeping
 * the order of the texts and of everything else.
 */
export function moveTextBeforeCalls(parts: AssistantMessage['parts']): TextBeforeCalls | undefined {
  const firstCall = parts.findIndex((part) => part.type === 'tool-call');
  if (firstCall === -1) return undefined;
  const moved: number[] = [];
  for (let index = firstCall + 1; index < parts.length; index++)
    if (parts[index]?.type === 'text') moved.push(index);
  if (moved.length === 0) return undefined;
  const movedSet = new Set(moved);
  const head = parts.slice(0, firstCall);
  const texts = moved.flatMap((index) => parts.slice(index, index + 1));
  const tail = parts.slice(firstCall).filter((_, offset) => !movedSet.has(firstCall + offset));
  return {
    parts: [...head, ...texts, ...tail],
    moves: moved.map((from, offset) => ({ from, to: firstCall + offset })),
  };
}

/**
 * The text part an orphan result becomes under `orphanResults: 'to-text'`: says which tool and
 * call it came from and that its call is not in the history, then the content as sent (JSON for
 * anything but a string).
 */
export function resultToText(result: ToolResult): TextPart {
  const tool = result.name === '' ? 'a tool' : `tool "${result.name}"`;
  const what = result.isError ? 'Error result' : 'Result';
  const content = resultText(result.content);
  return {
    type: 'text',
    text: `${what} of ${tool} for call "${result.callId}", whose call is not in this conversation:\n${content}`,
  };
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
