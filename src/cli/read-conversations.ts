import { constants } from 'node:buffer';
import { isObject } from '../core/input-guards.js';
import { readLines, type Input, type Line, type ReadLinesOptions } from './read-input.js';
import type { ConversationSource, Span } from './source-text.js';

/** The keys a conversation object may hold its messages under, in lookup order. */
const MESSAGE_KEYS = ['messages', 'input', 'contents'] as const;

/** One JSON conversation, a JSON array of them, one per line, or one message per line. */
export type InputLayout = 'json' | 'json-array' | 'jsonl' | 'jsonl-messages';

/** One conversation read from the input. */
export interface Conversation {
  readonly kind: 'conversation';
  /** 1-based; `line` is where it starts (JSONL), or 1. */
  readonly number: number;
  readonly line: number;
  readonly layout: InputLayout;
  readonly messages: readonly unknown[];
  /** The object that held the messages, and under which key; `undefined` for a bare array. */
  readonly container:
    | {
        readonly value: Readonly<Record<string, unknown>>;
        readonly key: (typeof MESSAGE_KEYS)[number];
      }
    | undefined;
  /** Where it is in the input's text, to write untouched messages back as they were. */
  readonly source: ConversationSource;
}

/** A conversation that could not be read: invalid JSON, or no messages array in it. */
export interface UnreadableConversation {
  readonly kind: 'unreadable';
  readonly layout: InputLayout;
  readonly number: number;
  readonly line: number;
  readonly column: number | undefined;
  /** What is wrong, without the location. */
  readonly reason: string;
}

type InputRecord = Conversation | UnreadableConversation;

const BOM = '\uFEFF';

/** Where a record is: `file`, `file: conversation N`, `file:line: conversation N`, `file:line:column`. */
export function locationOf(
  input: Input,
  record: { readonly number: number; readonly line: number; readonly layout: InputLayout },
  column?: number,
): string {
  const { layout, line, number } = record;
  const position =
    column !== undefined ? `:${line}:${column}` : layout.startsWith('jsonl') ? `:${line}` : '';
  const conversation =
    layout === 'json-array' || layout === 'jsonl' ? `: conversation ${number}` : '';
  return `${input.name}${position}${conversation}`;
}

/**
 * Reads conversations as the bytes arrive: JSONL (one message per line when the first line is a
 * message) when the first non-empty line is whole JSON and another follows, else one JSON
 * document. A bad JSONL line yields an {@link UnreadableConversation} and reading goes on.
 */
export async function* readConversations(
  chunks: AsyncIterable<Uint8Array | string>,
  options: ReadLinesOptions = {},
): AsyncGenerator<InputRecord> {
  const lines = readLines(chunks, options)[Symbol.asyncIterator]();
  const head: Line[] = [];
  let first: { readonly line: Line; readonly value: unknown } | undefined;
  let jsonl = false;
  // A byte order mark is not JSON: read past it, and keep it with the first conversation's text.
  let bom = '';
  for (let next = await lines.next(); !next.done; next = await lines.next()) {
    let line = next.value;
    if (head.length === 0 && line.text.startsWith(BOM)) {
      bom = BOM;
      line = { ...line, text: line.text.slice(1) };
    }
    head.push(line);
    if (line.text.trim() === '' && line.tooLong !== true) continue;
    if (first !== undefined) {
      jsonl = true;
      break;
    }
    // A line too long to hold is read on as JSONL.
    const parsed = line.tooLong ? { ok: true as const, value: undefined } : tryParse(line.text);
    if (!parsed.ok) break;
    first = { line, value: parsed.value };
  }
  const all = async function* (): AsyncGenerator<Line> {
    yield* head;
    for (let next = await lines.next(); !next.done; next = await lines.next()) yield next.value;
  };
  const tooLong = (number: number, line: Line, layout: InputLayout): UnreadableConversation =>
    unreadable(
      layout,
      number,
      line.number,
      `line ${String(line.number)} is too long to read (over ${(options.maxLength ?? constants.MAX_STRING_LENGTH).toLocaleString('en-US')} characters)`,
    );

  if (first === undefined || !jsonl) {
    const document: Line[] = [];
    for await (const line of all()) document.push(line);
    const long = document.find((line) => line.tooLong);
    if (long !== undefined) yield tooLong(1, long, 'json');
    else yield* readDocument(bom, document);
    return;
  }
  if (first.line.tooLong !== true && shapeOf(first.value) === undefined && isMessage(first.value)) {
    yield* readMessagePerLine(all(), bom, tooLong);
    return;
  }
  let number = 0;
  // Blank lines are kept with the conversation after them, so it is written back with them.
  let blank = bom;
  for await (const line of all()) {
    if (line.tooLong) {
      blank = '';
      yield tooLong(++number, line, 'jsonl');
      continue;
    }
    if (line.text.trim() === '') {
      blank += line.text + line.ending;
      continue;
    }
    const document = { text: blank + line.text + line.ending };
    blank = '';
    number++;
    const parsed =
      line === first.line ? { ok: true as const, value: first.value } : tryParse(line.text);
    yield parsed.ok
      ? conversationOf(parsed.value, number, line.number, 'jsonl', {
          kind: 'value',
          document,
          index: undefined,
        })
      : unreadableJson(line.text, parsed.error, number, line.number, 'jsonl');
  }
}

function* readDocument(bom: string, lines: readonly Line[]): Generator<InputRecord> {
  let text: string;
  try {
    text = bom + lines.map((line) => line.text + line.ending).join('');
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    const reason = 'the input is too large to read as one JSON document; split it into JSONL';
    yield unreadable('json', 1, 1, reason);
    return;
  }
  if (text.trim() === '') {
    yield unreadable('json', 1, 1, 'the input is empty; expected JSON or JSONL holding messages');
    return;
  }
  const parsed = tryParse(text.slice(bom.length));
  if (!parsed.ok) {
    yield unreadableJson(text.slice(bom.length), parsed.error, 1, 1, 'json');
    return;
  }
  const document = { text };
  const { value } = parsed;
  const many =
    shapeOf(value) === undefined &&
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((item) => shapeOf(item) !== undefined);
  if (!many) {
    yield conversationOf(value, 1, 1, 'json', { kind: 'value', document, index: undefined });
    return;
  }
  for (const [index, item] of value.entries())
    yield conversationOf(item, index + 1, 1, 'json-array', { kind: 'value', document, index });
}

async function* readMessagePerLine(
  lines: AsyncIterable<Line>,
  bom: string,
  tooLong: (number: number, line: Line, layout: InputLayout) => UnreadableConversation,
): AsyncGenerator<InputRecord> {
  const messages: unknown[] = [];
  const problems: InputRecord[] = [];
  const pieces: string[] = [bom];
  const spans: Span[] = [];
  let offset = bom.length;
  for await (const line of lines) {
    if (line.tooLong) problems.push(tooLong(1, line, 'jsonl-messages'));
    if (line.tooLong || line.text.trim() === '') continue;
    const parsed = tryParse(line.text);
    if (parsed.ok && isMessage(parsed.value)) {
      messages.push(parsed.value);
      // An untouched message keeps its own line break.
      const text = line.text + line.ending;
      pieces.push(text);
      spans.push({ start: offset, end: offset + text.length });
      offset += text.length;
    } else if (parsed.ok) {
      const reason = `line ${String(line.number)} is not a message (the first line is, so every line must be one)`;
      problems.push(unreadable('jsonl-messages', 1, line.number, reason, 1));
    } else problems.push(unreadableJson(line.text, parsed.error, 1, line.number, 'jsonl-messages'));
  }
  if (problems.length > 0) {
    yield* problems;
    return;
  }
  const document = { text: pieces.join('') };
  yield {
    kind: 'conversation',
    number: 1,
    line: 1,
    layout: 'jsonl-messages',
    messages,
    container: undefined,
    source: { kind: 'lines', document, lines: spans },
  };
}

function unreadable(
  layout: InputLayout,
  number: number,
  line: number,
  reason: string,
  column?: number,
): UnreadableConversation {
  return { kind: 'unreadable', layout, number, line, column, reason };
}

function tryParse(
  text: string,
):
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: unknown } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error };
  }
}

function shapeOf(value: unknown): Pick<Conversation, 'messages' | 'container'> | undefined {
  if (Array.isArray(value))
    return value.every(isMessage) ? { messages: value, container: undefined } : undefined;
  if (!isObject(value) || typeof value.role === 'string') return undefined;
  const key = MESSAGE_KEYS.find((name) => Array.isArray(value[name]));
  return key === undefined
    ? undefined
    : { messages: value[key] as unknown[], container: { value, key } };
}

function conversationOf(
  value: unknown,
  number: number,
  line: number,
  layout: InputLayout,
  source: ConversationSource,
): InputRecord {
  const shape = shapeOf(value);
  if (shape !== undefined) return { kind: 'conversation', number, line, layout, ...shape, source };
  const what = Array.isArray(value)
    ? 'an array of neither messages nor conversations'
    : value === null
      ? 'null'
      : typeof value === 'object'
        ? 'an object without a `messages`, `input` or `contents` array'
        : `a ${typeof value}`;
  const reason = `expected an array of messages or an object holding one under \`messages\`, \`input\` or \`contents\`, but got ${what}`;
  return unreadable(layout, number, line, reason);
}

/** A message or item of any supported format: it has a `role`, a `type` or `parts`. */
function isMessage(value: unknown): boolean {
  return (
    isObject(value) &&
    (typeof value.role === 'string' || typeof value.type === 'string' || Array.isArray(value.parts))
  );
}

function unreadableJson(
  text: string,
  error: unknown,
  number: number,
  firstLine: number,
  layout: InputLayout,
): UnreadableConversation {
  const location = locateJsonSyntaxError(text, error);
  const line = firstLine + location.line - 1;
  return unreadable(layout, number, line, `invalid JSON: ${location.reason}`, location.column);
}

/**
 * Where `JSON.parse(text)` failed (1-based, UTF-16 units): the position V8 names, else the end of
 * the shortest prefix no JSON text starts with; `reason` is V8's message without the position.
 */
export function locateJsonSyntaxError(
  text: string,
  error: unknown,
): { line: number; column: number; offset: number; reason: string } {
  const message = error instanceof Error ? error.message : String(error);
  const position = / at position (\d+)/.exec(message)?.[1];
  let offset = position === undefined ? text.length : Number(position);
  if (position === undefined && !endsEarly(text)) {
    let low = 0;
    for (let high = text.length; high - low > 1;) {
      const middle = Math.floor((low + high) / 2);
      if (endsEarly(text.slice(0, middle))) low = middle;
      else high = middle;
    }
    offset = low;
  }
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  const reason = message
    .replace(/ in JSON at position \d+.*$/s, '')
    .replace(/, ".*" is not valid JSON$/s, '')
    .replace(/ \(line \d+ column \d+\)$/, '');
  return { line, column, offset, reason };
}

/** True when `text` is JSON, or the start of JSON (it fails only at its end). */
function endsEarly(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch (error) {
    const position = / at position (\d+)/.exec(error instanceof Error ? error.message : '')?.[1];
    return position === undefined
      ? (error as Error).message.startsWith('Unexpected end')
      : Number(position) >= text.length;
  }
}
