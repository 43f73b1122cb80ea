/**
 * The figures' history generator: rounds of a user turn, an assistant turn of 1-4 parallel calls
 * (some with a reasoning block and a preamble), their results and an answer, written in Anthropic
 * wire form and converted to each format with the public convertHistory. Arguments are mostly
 * small records, one call in eight carries 2-6 KB of text with escapes and non-ASCII characters;
 * ids are random (9 alphanumerics for Mistral, which allows no other shape).
 */
import type { MessageFormat } from '../src/index.js';
import { createRandom } from './random.js';
import { shipped } from './shipped.js';

/** How often a round is damaged: never, one round in ten, or every round. */
export type Brokenness = 'none' | 'every-10' | 'every';

const WORDS = ['naïve', 'café', 'Zürich', '東京', 'данные', '🙂', 'tab\there', 'line\nbreak'];
const WORDS_PLAIN = ['path', 'quote "x"', 'back\\slash', 'weather', 'ticket', 'order'];
const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

type Random = () => number;

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function freshText(random: Random, length: number): string {
  let out = '';
  while (out.length < length) out += `${pick(random, random() < 0.3 ? WORDS : WORDS_PLAIN)} `;
  return out;
}

// Texts come from a pool (64 per length class) so that building 300k messages stays cheap.
const pool = new Map<number, string[]>();
function text(random: Random, length: number): string {
  const lengthClass = Math.round(Math.log2(Math.max(8, length)) * 2);
  let texts = pool.get(lengthClass);
  if (texts === undefined) {
    const seeded = createRandom(lengthClass);
    texts = Array.from({ length: 64 }, () => freshText(seeded, 2 ** (lengthClass / 2)));
    pool.set(lengthClass, texts);
  }
  return pick(random, texts);
}

function token(random: Random, prefix: string, length: number): string {
  let id = prefix;
  while (id.length < length) id += ALPHANUMERIC.charAt(Math.floor(random() * ALPHANUMERIC.length));
  return id;
}

function idOf(random: Random, format: MessageFormat): string {
  if (format === 'mistral') return token(random, '', 9);
  return token(random, pick(random, ['toolu_', 'call_', 'fc-', '']), 12 + random() * 28);
}

function argumentsOf(random: Random): Record<string, unknown> {
  if (random() < 0.125)
    return { path: `/tmp/${text(random, 12)}`, content: text(random, 2000 + random() * 4000) };
  return {
    query: text(random, 20 + random() * 80),
    limit: Math.floor(random() * 100),
    filters: { tags: [text(random, 8), text(random, 8)], exact: random() < 0.5 },
  };
}

interface Round {
  readonly calls: readonly { id: string; name: string; input: Record<string, unknown> }[];
  readonly reasoning: boolean;
}

/** Anthropic messages of one round; `damage` breaks it in one of four ways. */
function roundMessages(round: Round, random: Random, damage: number | undefined): unknown[] {
  const assistant = [
    ...(round.reasoning
      ? [{ type: 'thinking', thinking: text(random, 200), signature: token(random, 'sig', 64) }]
      : []),
    ...(random() < 0.5 ? [{ type: 'text', text: text(random, 40) }] : []),
    ...round.calls.map((call) => ({ type: 'tool_use', ...call })),
  ];
  let results: unknown[] = round.calls.map((call) => ({
    type: 'tool_result',
    tool_use_id: call.id,
    content: text(random, 30 + random() * 300),
  }));
  let calls: unknown[] = assistant;
  if (damage === 0) results = results.slice(1); // a result missing
  // An orphan result: its call is gone, a text block keeps the turn non-empty.
  if (damage === 1) calls = [{ type: 'text', text: 'Let me check.' }, ...assistant.slice(0, -1)];
  if (damage === 2) results = [...results, ...results.slice(0, 1)]; // a duplicated result
  const messages: unknown[] = [
    { role: 'user', content: text(random, 60) },
    { role: 'assistant', content: calls },
  ];
  // Damage 3 (or 0 on a turn of one call): every result missing.
  if (damage !== 3 && results.length > 0) messages.push({ role: 'user', content: results });
  messages.push({ role: 'assistant', content: [{ type: 'text', text: text(random, 100) }] });
  return messages;
}

/** The Anthropic messages of round `index`, damaged as `brokenness` says. */
function nextRound(
  random: Random,
  format: MessageFormat,
  brokenness: Brokenness,
  index: number,
): unknown[] {
  const calls = Array.from({ length: 1 + Math.floor(random() * 4) }, () => ({
    id: idOf(random, format),
    name: pick(random, ['read_file', 'search', 'get_weather', 'create_ticket']),
    input: argumentsOf(random),
  }));
  const broken = brokenness === 'every' || (brokenness === 'every-10' && index % 10 === 9);
  const round = { calls, reasoning: random() < 0.5 };
  return roundMessages(round, random, broken ? index % 4 : undefined);
}

function inFormat(anthropic: unknown[], format: MessageFormat): unknown[] {
  if (format === 'anthropic') return anthropic;
  return [...shipped.convertHistory(anthropic, { from: 'anthropic', to: format }).messages];
}

/** About `size` messages in `format`, damaged as `brokenness` says; seeded, so runs agree. */
export function realisticHistory(
  format: MessageFormat,
  size: number,
  brokenness: Brokenness = 'none',
): unknown[] {
  const random = createRandom(size);
  const anthropic: unknown[] = [];
  for (let index = 0; anthropic.length < size; index++)
    anthropic.push(...nextRound(random, format, brokenness, index));
  anthropic.push({ role: 'user', content: 'Thanks, go on.' }); // ready for the next request
  return inFormat(anthropic, format);
}

/**
 * About `size` messages in `format` as consecutive histories of about `windowSize` messages each,
 * cut between rounds: joined, they are one history of `size` messages made of the same objects.
 */
export function realisticWindows(
  format: MessageFormat,
  size: number,
  windowSize: number,
  brokenness: Brokenness = 'none',
): unknown[][] {
  const random = createRandom(size);
  const windows: unknown[][] = [];
  let window: unknown[] = [];
  for (let index = 0, total = 0; total < size; index++) {
    const round = nextRound(random, format, brokenness, index);
    window.push(...round);
    total += round.length;
    if (window.length >= windowSize || total >= size) {
      windows.push(inFormat(window, format));
      window = [];
    }
  }
  return windows;
}
