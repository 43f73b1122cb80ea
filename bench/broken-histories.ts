/**
 * A second generator of badly broken histories for the validate bench, unlike `historyOf` in
 * bench/repair.ts on purpose: eight parallel calls per turn, ids of other shapes (long
 * `call_`-style ids, Mistral's nine characters in mixed case), long argument strings, and
 * results that are long too. Every call turn is missing (`calls-missing`), or every result
 * (`results-missing`). The ids are valid for the format, so the issues are the broken pairing
 * and nothing else.
 */
import type { MessageFormat } from '../src/core/format.js';
import type { HistoryMessage } from '../src/core/history.js';
import { writeFormat } from '../src/repair/format-io.js';
import { createRandom } from './random.js';

/** How every turn of a broken history is broken. */
export type BrokenKind = 'calls-missing' | 'results-missing';

const CALLS_PER_TURN = 8;
const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function word(random: () => number, length: number): string {
  let text = '';
  for (let index = 0; index < length; index++)
    text += ALPHANUMERIC[Math.floor(random() * ALPHANUMERIC.length)] ?? 'x';
  return text;
}

/** An id valid for `format`: Mistral takes exactly nine alphanumerics, the others up to 40. */
function idFor(format: MessageFormat, random: () => number): string {
  return format === 'mistral' ? word(random, 9) : `call_${word(random, 24)}-${word(random, 4)}`;
}

function round(
  format: MessageFormat,
  kind: BrokenKind,
  turn: number,
  random: () => number,
): HistoryMessage[] {
  const ids = Array.from({ length: CALLS_PER_TURN }, () => idFor(format, random));
  const names = ids.map((_, index) => `tool_${String(index)}`);
  const user: HistoryMessage = {
    role: 'user',
    parts: [{ type: 'text', text: `Step ${String(turn)}: ${word(random, 40)}` }],
  };
  const answer: HistoryMessage = {
    role: 'assistant',
    parts: [{ type: 'text', text: `Done with step ${String(turn)}.` }],
  };
  if (kind === 'calls-missing')
    return [
      user,
      {
        role: 'tool',
        results: ids.map((callId, index) => ({
          callId,
          name: names[index] ?? '',
          content: `{"rows":"${word(random, 200)}"}`,
          isError: false,
        })),
      },
      answer,
    ];
  return [
    user,
    {
      role: 'assistant',
      parts: ids.map((callId, index) => ({
        type: 'tool-call',
        callId,
        name: names[index] ?? '',
        arguments: { query: word(random, 300), page: turn, tags: ['a', 'b'] },
      })),
    },
    answer,
  ];
}

/** About `size` messages of `format` where every turn is broken as `kind` says; seeded, so every run builds the same. */
export function brokenHistoryOf(format: MessageFormat, size: number, kind: BrokenKind): unknown[] {
  const random = createRandom(0x5eed);
  const neutral: HistoryMessage[] = [];
  // Wire sizes differ per format (Chat and Responses write one item per result or call).
  const perRound = writeFormat(round(format, kind, 0, createRandom(1)), format, new Set()).length;
  for (let turn = 0; turn * perRound < size; turn++)
    neutral.push(...round(format, kind, turn, random));
  return writeFormat(neutral, format, new Set());
}
