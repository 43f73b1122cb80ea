/**
 * The repair bench's second generator, of another make than `historyOf` in bench/repair.ts, so
 * that the figures do not hold for one generator only: 8 parallel calls per turn, ids of other
 * shapes (OpenAI's, Anthropic's, dashed; Mistral's 9 characters), long argument strings, and
 * results of 200 characters.
 */
import type { MessageFormat } from '../src/core/format.js';
import type { HistoryMessage } from '../src/core/history.js';
import { writeFormat } from '../src/repair/format-io.js';
import type { HistoryKind } from './repair.js';

/**
 * A second generator: 8 parallel calls per turn, ids of other shapes, long argument strings; every
 * kind of bench/repair.ts (`dense` breaks every tenth turn, by a missing call turn or missing results).
 */
export function wideHistoryOf(format: MessageFormat, size: number, kind: HistoryKind): unknown[] {
  // xorshift32: a float-free generator, so every id is distinct in practice.
  let seed = 7;
  const random = (): number => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 4_294_967_296;
  };
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  // Joined, not concatenated: a string built a character at a time is a tree of one node per
  // character (12 KB for 400 characters), which no history read from JSON holds.
  const word = (length: number): string => {
    const characters: string[] = [];
    for (let index = 0; index < length; index++)
      characters.push(alphabet[Math.floor(random() * alphabet.length)] ?? 'x');
    return characters.join('');
  };
  // Mistral takes 9 alphanumeric characters; the others take longer ids of several shapes.
  const idOf = (turn: number, call: number): string => {
    if (format === 'mistral') return word(9);
    const shapes = [`call_${word(24)}`, `toolu_01${word(22)}`, `fc-${word(8)}-${word(12)}`];
    return shapes[(turn + call) % shapes.length] ?? word(12);
  };
  const round = (turn: number): HistoryMessage[] => {
    const calls = Array.from({ length: 8 }, (_, call) => ({
      type: 'tool-call' as const,
      callId: idOf(turn, call),
      name: `tool_${String(call)}`,
      arguments: { query: word(400), page: turn, tags: [word(8), word(8)] },
    }));
    const messages: HistoryMessage[] = [
      { role: 'user', parts: [{ type: 'text', text: `Turn ${String(turn)}: ${word(60)}` }] },
    ];
    // `dense`: a broken turn every 10, its call turn or its results missing in turn; `valid`: none.
    const broken =
      kind === 'dense' && turn % 10 === 9 ? (turn % 20 === 9 ? 'calls' : 'results') : '';
    if (kind !== 'calls-missing' && broken !== 'calls')
      messages.push({ role: 'assistant', parts: calls });
    if (kind !== 'results-missing' && broken !== 'results')
      messages.push({
        role: 'tool',
        results: calls.map((call) => ({
          callId: call.callId,
          name: call.name,
          content: word(200),
          isError: false,
        })),
      });
    messages.push({ role: 'assistant', parts: [{ type: 'text', text: word(80) }] });
    return messages;
  };
  // Wire sizes differ per format (Chat writes one message per result): measure one round.
  const perRound = writeFormat(round(0), format, new Set()).length;
  const neutral: HistoryMessage[] = [];
  for (let turn = 0; turn * perRound < size; turn++) neutral.push(...round(turn));
  return writeFormat(neutral, format, new Set());
}
