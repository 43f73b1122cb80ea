import type { ToolCallPart } from '../../core/history.js';
import { isObject } from '../../core/input-guards.js';
import {
  assertWritableJson,
  findUnwritableJson,
  MAX_JSON_VALUE_DEPTH,
} from '../../core/json-text.js';

/** A call's arguments as the neutral model holds them. */
export interface ParsedArguments {
  readonly arguments: Readonly<Record<string, unknown>>;
  readonly argumentsText?: string;
}

/** Parses argument text sent as a JSON string. */
export function parseArgumentsText(text: string): ParsedArguments {
  try {
    const parsed: unknown = JSON.parse(text);
    // Nesting that deep needs at least that many characters: shorter text is not walked.
    const tooDeep = text.length > MAX_JSON_VALUE_DEPTH && findUnwritableJson(parsed) !== undefined;
    if (isObject(parsed) && !tooDeep) return { arguments: parsed };
  } catch {
    // Not JSON: kept verbatim below.
  }
  return { arguments: {}, argumentsText: text };
}

/**
 * Reads arguments sent as a value (Anthropic `input`, Gemini `args`): an object is the arguments;
 * anything else is kept as argument text.
 * @throws {ToolHistoryError} `invalid-input` naming `path` and the place inside the value, for a
 * value JSON cannot carry (a BigInt, a cycle, nesting deeper than `MAX_JSON_VALUE_DEPTH`).
 */
export function parseArgumentsValue(value: unknown, path: string): ParsedArguments {
  assertWritableJson(value, path);
  if (isObject(value)) return { arguments: value };
  if (typeof value === 'string') return { arguments: {}, argumentsText: value };
  // `undefined` and functions have no JSON text.
  const text = JSON.stringify(value) as string | undefined;
  return { arguments: {}, argumentsText: text ?? '' };
}

/**
 * A call part read from the wire, its arguments from `raw` as sent. Text (Chat, Responses, a
 * Vercel string) is parsed when `arguments` or `argumentsText` is first read: repair writes most
 * calls back as the input's own objects and never asks. A value is checked at once.
 * @throws {ToolHistoryError} as {@link parseArgumentsValue}, for a value JSON cannot carry.
 */
export function readCallPart(
  { callId, name, providerData }: Pick<ToolCallPart, 'callId' | 'name' | 'providerData'>,
  raw: unknown,
  path: string,
): ToolCallPart {
  const data = providerData === undefined ? undefined : { providerData };
  if (typeof raw !== 'string')
    return { type: 'tool-call', callId, name, ...parseArgumentsValue(raw ?? {}, path), ...data };
  let parsed: ParsedArguments | undefined;
  const call: ToolCallPart = {
    type: 'tool-call',
    callId,
    name,
    get arguments() {
      return (parsed ??= parseArgumentsText(raw)).arguments;
    },
    get argumentsText() {
      return (parsed ??= parseArgumentsText(raw)).argumentsText;
    },
  };
  return data === undefined ? call : Object.assign(call, data);
}

/** The argument text to send for a call: its malformed text as sent, else its arguments as JSON. */
export function argumentsTextOf(call: ToolCallPart): string {
  return call.argumentsText ?? JSON.stringify(call.arguments);
}
