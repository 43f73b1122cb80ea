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

/**
 * Parses argument text sent as a JSON string. Text that does not parse to a JSON object
 * (malformed, truncated, empty, an array), or nests deeper than JSON can be written back
 * (`MAX_JSON_VALUE_DEPTH`), is kept exactly as sent in `argumentsText`.
 */
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
 * Reads arguments sent as a value (Anthropic `input`, Gemini `args`, Vercel `input`): an object
 * is the arguments; a string is argument text; anything else is kept as its JSON text.
 *
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

/** The argument text to send for a call: its malformed text as sent, else its arguments as JSON. */
export function argumentsTextOf(call: ToolCallPart): string {
  if (call.argumentsText !== undefined) return call.argumentsText;
  // `{}` without a JSON.stringify call, whose setup costs more than the text: repair makes up a
  // call with empty arguments for every orphan result of a history.
  return isEmptyPlainObject(call.arguments) ? '{}' : JSON.stringify(call.arguments);
}

/** True for `{}` (a plain object without own enumerable keys); without `Object.keys`, which makes an array per call. */
function isEmptyPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}
