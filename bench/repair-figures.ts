/**
 * The repair and validate figures, from src (no build): per format, validateHistory of a valid
 * history and repairHistory of a broken one (every 10th turn, or every turn) beside one
 * JSON.stringify of the same messages, interleaved in one process (median of the rounds).
 * Histories have realistic variety: multi-KB arguments with escapes and non-ASCII text, 1–4
 * parallel calls, reasoning blocks, random ids. Growth: 1k → 300k messages, broken every turn.
 *
 * Run: `npx tsx bench/repair-figures.ts` (`REPAIR_FORMATS=anthropic,gemini`, `REPAIR_SIZE=100000`,
 * `REPAIR_GROWTH=0` to skip the growth run).
 */
import type { MessageFormat } from '../src/core/format.js';
import type { AssistantMessage, HistoryMessage, ToolResult } from '../src/core/history.js';
import { writeFormat } from '../src/repair/format-io.js';
import { repairHistory } from '../src/repair/repair-history.js';
import { validateHistory } from '../src/validate/validate-history.js';
import { createRandom } from './random.js';

type Damage = 'valid' | 'every-10' | 'every-turn';

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const WORDS = ['Zürich', '東京', 'naïve "quoted"', 'tab\there', 'line\nbreak', 'back\\slash', 'ok'];

function word(random: () => number, length: number): string {
  const characters: string[] = [];
  for (let index = 0; index < length; index++)
    characters.push(ALPHANUMERIC[Math.floor(random() * ALPHANUMERIC.length)] ?? 'x');
  return characters.join('');
}

function idFor(format: MessageFormat, random: () => number): string {
  return format === 'mistral'
    ? word(random, 9)
    : `call_${word(random, 8 + Math.floor(random() * 16))}`;
}

/** A few KB of argument text: nested objects, escapes, non-ASCII. */
function argumentsOf(random: () => number): Record<string, unknown> {
  const rows = Array.from({ length: 4 + Math.floor(random() * 12) }, (_, row) => ({
    row,
    text: Array.from({ length: 12 }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' '),
    value: random() * 1000,
  }));
  return { query: word(random, 30), rows, flags: { deep: random() < 0.5, unit: 'c' } };
}

function reasoningOf(format: MessageFormat, random: () => number): AssistantMessage['parts'] {
  const text = `Thinking about ${word(random, 200)} — ${WORDS.join(' ')}`;
  if (format === 'anthropic')
    return [
      {
        type: 'opaque',
        format,
        value: { type: 'thinking', thinking: text, signature: word(random, 80) },
      },
    ];
  if (format === 'openai-responses')
    return [
      {
        type: 'opaque',
        format,
        value: {
          type: 'reasoning',
          id: `rs_${word(random, 20)}`,
          summary: [{ type: 'summary_text', text }],
        },
      },
    ];
  return [];
}

function round(
  format: MessageFormat,
  turn: number,
  broken: boolean,
  random: () => number,
): HistoryMessage[] {
  const count = 1 + Math.floor(random() * 4);
  const calls = Array.from({ length: count }, (_, index) => ({
    type: 'tool-call' as const,
    callId: idFor(format, random),
    name: `tool_${String(index)}`,
    arguments: argumentsOf(random),
  }));
  const results: ToolResult[] = calls.map((call) => ({
    callId: call.callId,
    name: call.name,
    content: `{"rows":"${word(random, 300)}","note":"${WORDS[turn % WORDS.length] ?? ''}"}`,
    isError: false,
  }));
  const user: HistoryMessage = {
    role: 'user',
    parts: [{ type: 'text', text: `Step ${String(turn)}: ${WORDS.join(' ')} ${word(random, 40)}` }],
  };
  const assistant: HistoryMessage = {
    role: 'assistant',
    parts: [...reasoningOf(format, random), ...calls],
  };
  const answer: HistoryMessage = {
    role: 'assistant',
    parts: [{ type: 'text', text: `Done ${String(turn)}.` }],
  };
  if (!broken) return [user, assistant, { role: 'tool', results }, answer];
  switch (turn % 4) {
    case 0: // a result missing
      return [user, assistant, { role: 'tool', results: results.slice(1) }, answer];
    case 1: // the call turn missing: every result an orphan
      return [user, { role: 'tool', results }, answer];
    case 2: // a duplicate result
      return [
        user,
        assistant,
        { role: 'tool', results: [...results, ...results.slice(0, 1)] },
        answer,
      ];
    default: // every result missing
      return [user, assistant, answer];
  }
}

export function historyOf(format: MessageFormat, size: number, damage: Damage): unknown[] {
  const random = createRandom(size + damage.length);
  const history: HistoryMessage[] = [];
  for (let turn = 0; history.length < size; turn++) {
    const broken = damage === 'every-turn' || (damage === 'every-10' && turn % 10 === 5);
    history.push(...round(format, turn, broken, random));
  }
  // As a client holds them: plain parsed JSON.
  return JSON.parse(JSON.stringify(writeFormat(history, format, new Set()))) as unknown[];
}

function time(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** Median ratio of `run` to one JSON.stringify of `messages`, interleaved. */
function ratio(messages: unknown[], run: () => unknown, rounds = 5): number {
  const ratios: number[] = [];
  run();
  for (let index = 0; index < rounds; index++) {
    const base = time(() => JSON.stringify(messages));
    ratios.push(time(run) / base);
  }
  return median(ratios);
}

const FORMATS = (process.env.REPAIR_FORMATS?.split(',') ?? [
  'openai-chat',
  'openai-responses',
  'anthropic',
  'gemini',
  'mistral',
  'bedrock',
  'vercel',
]) as MessageFormat[];
const SIZE = Number(process.env.REPAIR_SIZE ?? 100_000);

function main(): void {
  for (const format of FORMATS) {
    const valid = historyOf(format, SIZE, 'valid');
    const validate = ratio(valid, () => validateHistory(valid, { format }));
    const cells = [`validate ${validate.toFixed(2)}x`];
    for (const damage of ['every-10', 'every-turn'] as const) {
      const broken = historyOf(format, SIZE, damage);
      cells.push(
        `repair ${damage} ${ratio(broken, () => repairHistory(broken, { format })).toFixed(2)}x`,
      );
    }
    console.log(`${format.padEnd(17)} ${cells.join('  ')}`);
  }

  if (process.env.REPAIR_GROWTH !== '0') {
    for (const format of FORMATS.slice(0, 3)) {
      const small = historyOf(format, 1_000, 'every-turn');
      const large = historyOf(format, 300_000, 'every-turn');
      const perSmall = median(
        Array.from({ length: 9 }, () => time(() => repairHistory(small, { format }))),
      );
      const perLarge = median(
        Array.from({ length: 3 }, () => time(() => repairHistory(large, { format }))),
      );
      console.log(
        `${format.padEnd(17)} growth 1k→300k: ${(perLarge / perSmall).toFixed(0)}x time for 300x size`,
      );
    }
  }
}

if (process.argv[1]?.endsWith('repair-figures.ts') === true) main();
