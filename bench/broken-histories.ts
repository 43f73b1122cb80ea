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
  const characters: string[] = [];
  for (let index = 0; index < length; index++)
    characters.push(ALPHANUMERIC[Math.floor(random() * ALPHANUMERIC.length)] ?? 'x');
  // Joined, not concatenated: one flat string, as JSON.parse gives (a rope of single characters
  // costs tens of bytes per character, and every read of it flattens it first).
  return characters.join('');
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

/** What a crowded history is like: valid, or every turn broken as {@link BrokenKind} says. */
export type CrowdKind = 'valid' | BrokenKind;

const CROWD_CALLS = 16;

/**
 * An id of 40 to 64 characters (Chat: 32 to 40, its limit; Mistral: its nine) in one of four
 * shapes, all valid for `format`: the id rules of the validators then read long ids throughout.
 */
function crowdIdFor(format: MessageFormat, random: () => number, call: number): string {
  if (format === 'mistral') return word(random, 9);
  const length = format === 'openai-chat' ? 32 + (call % 9) : 40 + ((call * 7) % 25);
  const shapes = [
    `toolu_01${word(random, length - 8)}`,
    `call_${word(random, length - 5)}`,
    `fc_${word(random, 8)}-${word(random, length - 12)}`,
    `${word(random, length - 6)}__tool`,
  ];
  return shapes[call % shapes.length] ?? word(random, length);
}

function crowdRound(
  format: MessageFormat,
  kind: CrowdKind,
  turn: number,
  random: () => number,
): HistoryMessage[] {
  const ids = Array.from({ length: CROWD_CALLS }, (_, call) => crowdIdFor(format, random, call));
  const user: HistoryMessage = {
    role: 'user',
    parts: Array.from({ length: 6 }, (_, part) => ({
      type: 'text' as const,
      text: `Part ${String(part)} of step ${String(turn)}: ${word(random, 120)}`,
    })),
  };
  const calls: HistoryMessage = {
    role: 'assistant',
    parts: [
      { type: 'text', text: `Planning step ${String(turn)}: ${word(random, 100)}` },
      { type: 'text', text: word(random, 60) },
      ...ids.map((callId, index) => ({
        type: 'tool-call' as const,
        callId,
        name: `tool_${String(index)}`,
        arguments: { query: word(random, 40), page: turn },
      })),
    ],
  };
  const results: HistoryMessage = {
    role: 'tool',
    results: ids.map((callId, index) => ({
      callId,
      name: `tool_${String(index)}`,
      content: word(random, 60),
      isError: false,
    })),
  };
  const answer: HistoryMessage = {
    role: 'assistant',
    parts: Array.from({ length: 4 }, (_, part) => ({
      type: 'text' as const,
      text: `Answer ${String(part)}: ${word(random, 100)}`,
    })),
  };
  if (kind === 'calls-missing') return [user, results, answer];
  if (kind === 'results-missing') return [user, calls, answer];
  return [user, calls, results, answer];
}

/**
 * A third shape of history, crowded: sixteen parallel calls per turn with ids of 40 to 64
 * characters in four shapes, six long text parts per user message, text before the calls and
 * four text parts per answer, read back from JSON as a history arrives. Valid, or every turn
 * broken; seeded.
 */
export function crowdedHistoryOf(format: MessageFormat, size: number, kind: CrowdKind): unknown[] {
  const random = createRandom(0xc0ffee);
  const perRound = writeFormat(
    crowdRound(format, kind, 0, createRandom(1)),
    format,
    new Set(),
  ).length;
  const neutral: HistoryMessage[] = [];
  for (let turn = 0; turn * perRound < size; turn++)
    neutral.push(...crowdRound(format, kind, turn, random));
  // Through JSON, as a history arrives: every string flat, every object built by the parser.
  return JSON.parse(JSON.stringify(writeFormat(neutral, format, new Set()))) as unknown[];
}
