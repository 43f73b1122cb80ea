/**
 * One wide turn, as a hostile model or client sends it: a user question, one assistant turn of
 * `calls` parallel calls, their results, an answer. Ids repeat (a quarter of the calls share one
 * id, the others come in pairs), names are few and equal across calls, and every call's arguments
 * are a distinct object whose strings hold escapes and non-ASCII text: about 2 KB each by default
 * (the bench), `argumentRepeats: 1` for about 100 bytes (tests, where only the calls' count matters).
 * Shared by bench/wide-turn.ts and the regression tests.
 */
import type { MessageFormat } from '../../src/core/format.js';
import type { HistoryMessage } from '../../src/core/history.js';
import { writeFormat } from '../../src/repair/format-io.js';

/** How Gemini parts carry ids: each its own, all the same, or none (Gemini pairs by name and position). */
export type GeminiIds = 'distinct' | 'equal' | 'none';

const NAMES = ['lookup', 'lookup', 'lookup', 'search'] as const;

/** Options of the wide-turn generators. */
export interface WideTurnOptions {
  /**
   * How many times each call's 80-character note repeats in its arguments.
   * @defaultValue 24 (about 2 KB of JSON per call)
   */
  readonly argumentRepeats?: number | undefined;
}

/** JSON text, different per call, with quotes, backslashes, control and non-ASCII characters. */
function argumentsOf(call: number, repeats: number): Record<string, unknown> {
  const note = `Zürich "東京" \\path\\to\\${String(call)}\n\ttab \u0001 😀 `;
  return JSON.parse(
    JSON.stringify({
      query: note.repeat(repeats),
      page: call,
      filters: { unit: 'c', days: [1, 2, call % 7], label: `día ${String(call)} – ok` },
    }),
  ) as Record<string, unknown>;
}

/** A 9-alphanumeric id (Mistral's shape), repeated as the header says. */
function idOf(call: number, calls: number): string {
  const slot = call < calls / 4 ? 0 : 1 + Math.floor(call / 2);
  return `c${String(slot).padStart(8, '0')}`;
}

/** The wide turn in the neutral model. */
function wideTurn(calls: number, repeats: number): HistoryMessage[] {
  const parts = Array.from({ length: calls }, (_, call) => ({
    type: 'tool-call' as const,
    callId: idOf(call, calls),
    name: NAMES[call % NAMES.length] ?? 'lookup',
    arguments: argumentsOf(call, repeats),
  }));
  return [
    { role: 'user', parts: [{ type: 'text', text: 'Look everything up, all at once.' }] },
    { role: 'assistant', parts },
    {
      role: 'tool',
      results: parts.map((part) => ({
        callId: part.callId,
        name: part.name,
        content: `{"found":"résumé \\"${String(part.arguments.page)}\\""}`,
        isError: false,
      })),
    },
    { role: 'assistant', parts: [{ type: 'text', text: 'Done.' }] },
  ];
}

/** One wide turn of `calls` calls with repeated ids, in `format`. */
export function wideTurnOf(
  format: MessageFormat,
  calls: number,
  options: WideTurnOptions = {},
): unknown[] {
  return writeFormat(wideTurn(calls, options.argumentRepeats ?? 24), format, new Set());
}

/** One wide Gemini turn of `calls` calls whose parts carry ids as `ids` says. */
export function wideGeminiTurnOf(
  calls: number,
  ids: GeminiIds,
  options: WideTurnOptions = {},
): unknown[] {
  const repeats = options.argumentRepeats ?? 24;
  const idOfCall = (call: number): { id?: string } =>
    ids === 'none' ? {} : { id: ids === 'equal' ? 'call' : `c${String(call).padStart(8, '0')}` };
  return [
    { role: 'user', parts: [{ text: 'Look everything up, all at once.' }] },
    {
      role: 'model',
      parts: Array.from({ length: calls }, (_, call) => ({
        functionCall: {
          name: NAMES[call % NAMES.length] ?? 'lookup',
          args: argumentsOf(call, repeats),
          ...idOfCall(call),
        },
      })),
    },
    {
      role: 'user',
      parts: Array.from({ length: calls }, (_, call) => ({
        functionResponse: {
          name: NAMES[call % NAMES.length] ?? 'lookup',
          response: { found: `résumé "${String(call)}"` },
          ...idOfCall(call),
        },
      })),
    },
    { role: 'model', parts: [{ text: 'Done.' }] },
  ];
}
