/**
 * Tool-call streams for the streaming benchmark, per provider: the same argument text streamed as
 * OpenAI Chat Completions chunks or as Anthropic Messages events (`input_json_delta`), from two
 * generators: `nested` (records three deep, escapes, non-ASCII text; 4–10 character deltas) and
 * `varied` (long escaped strings, small records, deep nesting, numbers; 1–200 character deltas).
 */
import { createRandom } from './random.js';

/** The stream formats compared. */
export const PROVIDER_STREAMS = ['openai-chat', 'anthropic'] as const;
/** One of {@link PROVIDER_STREAMS}. */
export type ProviderStream = (typeof PROVIDER_STREAMS)[number];

/** A call's arguments streamed as one provider's events. */
export interface ProviderToolStream {
  readonly format: ProviderStream;
  /** The whole argument text. */
  readonly text: string;
  /** The argument text in pieces, as the events carry them. */
  readonly deltas: readonly string[];
  /** The events, as parsed from SSE `data:` lines. */
  readonly events: readonly unknown[];
  /** Reads the argument piece an event carries (`''` for events that carry none). */
  readonly deltaOf: (event: unknown) => string;
}

const PIECES = [
  'say "hi" ',
  'C:\\path\\to ',
  'line\nbreak\t',
  'naïve café ',
  '東京タワー ',
  '🚀 ✓ ',
  'plain words ',
];

function text(length: number, random: () => number): string {
  let value = '';
  while (value.length < length) value += PIECES[Math.floor(random() * PIECES.length)] ?? '';
  return value;
}

/** The argument generators: the figure's own, and a second one of a different make. */
export const ARGUMENT_GENERATORS = ['nested', 'varied'] as const;
/** One of {@link ARGUMENT_GENERATORS}. */
export type ArgumentGenerator = (typeof ARGUMENT_GENERATORS)[number];

/** Argument JSON of about `size` characters: records nested three deep, strings full of escapes. */
export function nestedArgumentsText(size: number, random: () => number): string {
  const records: unknown[] = [];
  const value = { title: text(60, random), tree: { records } };
  let length = JSON.stringify(value).length;
  while (length < size) {
    const record = {
      id: records.length,
      name: text(24, random),
      meta: {
        tags: ['α', 'quote"d', 'back\\slash'],
        score: Math.round(random() * 1e6) / 1e3,
        owner: { name: text(16, random), active: records.length % 2 === 0, note: null },
      },
    };
    records.push(record);
    length += JSON.stringify(record).length + 1;
  }
  return JSON.stringify(value);
}

/** A string of `length` characters or more, with an escape or a non-ASCII character every few. */
function escapedText(length: number, random: () => number): string {
  const pieces = ['\n', '\t', '"', '\\', '/', 'é', 'ü', '中文', 'Ω', '😀', '\u0001', ' '];
  let value = '';
  while (value.length < length) {
    value += Math.floor(random() * 1e6).toString(36);
    value += pieces[Math.floor(random() * pieces.length)] ?? '';
  }
  return value;
}

/** A value nested `depth` levels deep, objects and arrays alternating. */
function deepValue(depth: number, random: () => number): unknown {
  if (depth === 0) return escapedText(8, random);
  return depth % 2 === 0
    ? { level: depth, child: deepValue(depth - 1, random), flag: random() < 0.5 }
    : [deepValue(depth - 1, random), depth * 1.5];
}

/**
 * Argument JSON of about `size` characters, made unlike {@link nestedArgumentsText}: in turn, a long
 * string dense with escapes, control characters, astral and non-ASCII text (a file write); a batch
 * of small flat records; a value nested 24 levels deep; and a list of numbers (negative, decimal,
 * with exponents). Top-level keys are not repeated.
 */
export function variedArgumentsText(size: number, random: () => number): string {
  const value: Record<string, unknown> = {};
  let length = 2;
  for (let part = 0; length < size; part++) {
    let item: unknown;
    switch (part % 4) {
      case 0:
        item = escapedText(4_000 + Math.floor(random() * 8_000), random);
        break;
      case 1:
        item = Array.from({ length: 200 }, (_, id) => ({ id, ok: random() < 0.5, v: 'x' }));
        break;
      case 2:
        item = deepValue(24, random);
        break;
      default:
        item = Array.from({ length: 300 }, () => {
          const kind = Math.floor(random() * 3);
          const n = (random() - 0.5) * 1e6;
          return kind === 0 ? Math.round(n) : kind === 1 ? n / 1e3 : n * 1e-12;
        });
    }
    value[`part_${part}`] = item;
    length += JSON.stringify(item).length + `"part_${part}":,`.length;
  }
  return JSON.stringify(value);
}

/** Deltas of 4 to 10 characters, as the figure's generator streams them. */
function splitDeltas(value: string, random: () => number): string[] {
  const deltas: string[] = [];
  for (let at = 0; at < value.length;) {
    const length = 4 + Math.floor(random() * 7);
    deltas.push(value.slice(at, at + length));
    at += length;
  }
  return deltas;
}

/**
 * Deltas of 1 to 200 characters, log-uniform (as many of 1–14 characters as of 14–200): servers
 * cut arguments anywhere from one token to whole lines, and single characters are the costliest
 * per character for anything with a cost per delta.
 */
function splitVariedDeltas(value: string, random: () => number): string[] {
  const deltas: string[] = [];
  for (let at = 0; at < value.length;) {
    const length = Math.floor(201 ** random());
    deltas.push(value.slice(at, at + length));
    at += length;
  }
  return deltas;
}

interface ChatChunk {
  readonly choices: readonly {
    readonly delta: {
      readonly tool_calls: readonly { readonly function: { arguments: string } }[];
    };
  }[];
}

/** Chat Completions chunks for one call whose arguments arrive as `deltas`. */
export function chatEvents(deltas: readonly string[], name = 'save_records'): unknown[] {
  return deltas.map((delta, index) => ({
    id: 'chatcmpl-bench',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: 'gpt-bench',
    choices: [
      {
        index: 0,
        delta: {
          tool_calls: [
            index === 0
              ? {
                  index: 0,
                  id: 'call_bench',
                  type: 'function',
                  function: { name, arguments: delta },
                }
              : { index: 0, function: { arguments: delta } },
          ],
        },
        finish_reason: null,
      },
    ],
  }));
}

/** The events of https://docs.anthropic.com/en/docs/build-with-claude/streaming for one tool_use block. */
function anthropicEvents(deltas: readonly string[]): unknown[] {
  const events: unknown[] = [
    {
      type: 'message_start',
      message: {
        id: 'msg_bench',
        type: 'message',
        role: 'assistant',
        content: [],
        model: 'claude-bench',
        stop_reason: null,
        usage: { input_tokens: 10, output_tokens: 1 },
      },
    },
    {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'tool_use', id: 'toolu_bench', name: 'save_records', input: {} },
    },
  ];
  for (const delta of deltas)
    events.push({
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'input_json_delta', partial_json: delta },
    });
  events.push(
    { type: 'content_block_stop', index: 0 },
    {
      type: 'message_delta',
      delta: { stop_reason: 'tool_use', stop_sequence: null },
      usage: { output_tokens: deltas.length },
    },
    { type: 'message_stop' },
  );
  return events;
}

function anthropicDelta(event: unknown): string {
  const { delta } = event as { readonly delta?: { readonly partial_json?: unknown } };
  return typeof delta?.partial_json === 'string' ? delta.partial_json : '';
}

function chatDelta(event: unknown): string {
  return (event as ChatChunk).choices[0]?.delta.tool_calls[0]?.function.arguments ?? '';
}

/** Arguments of about `size` characters as a stream of `format`; the same text for each format. */
export function createProviderStream(
  format: ProviderStream,
  size: number,
  generator: ArgumentGenerator = 'nested',
): ProviderToolStream {
  const random = createRandom(size + 7);
  const value =
    generator === 'nested' ? nestedArgumentsText(size, random) : variedArgumentsText(size, random);
  const deltas =
    generator === 'nested' ? splitDeltas(value, random) : splitVariedDeltas(value, random);
  return format === 'anthropic'
    ? { format, text: value, deltas, events: anthropicEvents(deltas), deltaOf: anthropicDelta }
    : { format, text: value, deltas, events: chatEvents(deltas), deltaOf: chatDelta };
}
