import type { ToolCallPart } from '../../core/history.js';
import { isRecord } from './wire-guards.js';

/** A call's arguments as the neutral model holds them. */
export interface ParsedArguments {
  readonly arguments: Readonly<Record<string, unknown>>;
  readonly argumentsText?: string;
}

/**
 * Parses argument text sent as a JSON string. Text that does not parse to a JSON object
 * (malformed, truncated, empty, an array) is kept exactly as sent in `argumentsText`.
 */
export function parseArgumentsText(text: string): ParsedArguments {
  try {
    const parsed: unknown = JSON.parse(text);
    if (isRecord(parsed)) return { arguments: parsed };
  } catch {
    // Not JSON: kept verbatim below.
  }
  return { arguments: {}, argumentsText: text };
}

/**
 * Reads arguments sent as a value (Anthropic `input`, Gemini `args`, Vercel `input`): an object
 * is the arguments; a string is argument text; anything else is kept as its JSON text.
 */
export function parseArgumentsValue(value: unknown): ParsedArguments {
  if (isRecord(value)) return { arguments: value };
  if (typeof value === 'string') return { arguments: {}, argumentsText: value };
  // `undefined` and functions have no JSON text.
  const text = JSON.stringify(value) as string | undefined;
  return { arguments: {}, argumentsText: text ?? '' };
}

/** The argument text to send for a call: its malformed text as sent, else its arguments as JSON. */
export function argumentsTextOf(call: ToolCallPart): string {
  return call.argumentsText ?? JSON.stringify(call.arguments);
}
