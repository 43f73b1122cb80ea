import { constants } from 'node:buffer';
import { isObject } from '../core/input-guards.js';
import { readLines, type Line } from './read-input.js';
import type { ConversationSource, Span } from './source-text.js';
import { errorMessageOf } from './write-output.js';

/** The keys a conversation object may hold its messages under, in lookup order. */
const MESSAGE_KEYS = ['messages', 'input', 'contents'] as const;

/** One JSON conversation, a JSON array of them, one per line, or one message per line. */
export type InputLayout = 'json' | 'json-array' | 'jsonl' | 'jsonl-messages';

/** Where a record is: its layout, its 1-based number, and the line it starts on (JSONL) or 1. */
export interface Place {
  readonly layout: InputLayout;
  readonly number: number;
  readonly line: number;
}

/** One conversation read from the input. */
export interface Conversation extends Place {
  readonly kind: 'conversation';
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

/** A conversation that could not be read (invalid JSON, no messages array) and why. */
export interface UnreadableConversation extends Place {
  readonly kind: 'unreadable';
  readonly column: number | undefined;
  readonly reason: string;
  /** Its JSONL line (with the blank lines before it), to write back as it was. */
  readonly text?: string | undefined;
}

type InputRecord = Conversation | UnreadableConversation;

const BOM = '\uFEFF';

/** Reads JSONL (when the first non-empty line is whole JSON and another follows) or one document. */
export async function* readConversations(
  chunks: AsyncIterable<Uint8Array | string>,
  maxLength: number = constants.MAX_STRING_LENGTH,
): AsyncGenerator<InputRecord> {
  const lines = readLines(chunks, maxLength)[Symbol.asyncIterator]();
  const head: Line[] = [];
  let first: Line | undefined;
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
    if (line.text.trim() === '' && line.tooLong === undefined) continue;
    jsonl = first !== undefined;
    // A line too long to hold is read on as JSONL.
    if (jsonl || (line.tooLong === undefined && parse(line.text) instanceof Error)) break;
    first = line;
  }
  const all = async function* (): AsyncGenerator<Line> {
    yield* head;
    for (let next = await lines.next(); !next.done; next = await lines.next()) yield next.value;
  };
  if (!jsonl) {
    const document: Line[] = [];
    for await (const line of all()) document.push(line);
    const long = document.find((line) => line.tooLong !== undefined);
    const records =
      long?.tooLong === undefined
        ? readDocument(bom, document)
        : [unreadable({ layout: 'json', number: 1, line: long.number }, long.tooLong)];
    // No JSON, but lines that are: JSONL whose first line is broken.
    if (records[0]?.kind === 'unreadable' && long === undefined && holdsJsonl(document))
      yield* readJsonl(document, bom);
    else yield* records;
    return;
  }
  const value = first?.tooLong === undefined ? parse(first?.text ?? '') : undefined;
  if (shapeOf(value) === undefined && isMessage(value)) yield* await readMessagePerLine(all(), bom);
  else yield* readJsonl(all(), bom);
}

/** Each line that is not blank, parsed (an `Error` when not JSON), with the blank lines before it. */
async function* filledLines(
  lines: AsyncIterable<Line> | Iterable<Line>,
  bom: string,
): AsyncGenerator<{ readonly line: Line; readonly value: unknown; readonly text: string }> {
  let blank = bom;
  for await (const line of lines) {
    if (line.tooLong === undefined && line.text.trim() === '') blank += line.text + line.ending;
    else {
      const value = line.tooLong === undefined ? parse(line.text) : undefined;
      yield { line, value, text: blank + line.text + line.ending };
      blank = '';
    }
  }
}

/** One conversation per line; an unreadable line keeps its text (with the blank lines before it). */
async function* readJsonl(
  lines: AsyncIterable<Line> | Iterable<Line>,
  bom: string,
): AsyncGenerator<InputRecord> {
  let number = 0;
  for await (const { line, value, text } of filledLines(lines, bom)) {
    const place = { layout: 'jsonl', number: ++number, line: line.number } as const;
    const source = { kind: 'value', document: { text }, index: undefined } as const;
    const record =
      line.tooLong !== undefined
        ? unreadable(place, line.tooLong)
        : value instanceof Error
          ? unreadableJson(line.text, value, place)
          : conversationOf(value, place, source);
    yield record.kind === 'unreadable' && line.tooLong === undefined ? { ...record, text } : record;
  }
}

/** Whether a line after the first non-blank one holds a conversation on its own. */
function holdsJsonl(lines: readonly Line[]): boolean {
  const filled = lines.filter((line) => line.text.trim() !== '');
  return filled.slice(1).some((line) => shapeOf(parse(line.text)) !== undefined);
}

function readDocument(bom: string, lines: readonly Line[]): InputRecord[] {
  const place = { layout: 'json', number: 1, line: 1 } as const;
  let text: string;
  try {
    text = bom + lines.map((line) => line.text + line.ending).join('');
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    const reason = 'the input is too large to read as one JSON document; split it into JSONL';
    return [unreadable(place, reason)];
  }
  if (text.trim() === '')
    return [unreadable(place, 'the input is empty; expected JSON or JSONL holding messages')];
  const value = parse(text.slice(bom.length));
  if (value instanceof Error) return [unreadableJson(text.slice(bom.length), value, place)];
  const document = { text };
  const many =
    shapeOf(value) === undefined &&
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((item) => shapeOf(item) !== undefined);
  if (!many) return [conversationOf(value, place, { kind: 'value', document, index: undefined })];
  return value.map((item, index) => {
    const at = { layout: 'json-array', number: index + 1, line: 1 } as const;
    return conversationOf(item, at, { kind: 'value', document, index });
  });
}

async function readMessagePerLine(lines: AsyncIterable<Line>, bom: string): Promise<InputRecord[]> {
  const messages: unknown[] = [];
  const problems: InputRecord[] = [];
  const pieces: string[] = [bom];
  const spans: Span[] = [];
  let offset = bom.length;
  for await (const { line, value } of filledLines(lines, '')) {
    const place = { layout: 'jsonl-messages', number: 1, line: line.number } as const;
    if (line.tooLong !== undefined) problems.push(unreadable(place, line.tooLong));
    else if (value instanceof Error) problems.push(unreadableJson(line.text, value, place));
    else if (isMessage(value)) {
      messages.push(value);
      // An untouched message keeps its own line break.
      const text = line.text + line.ending;
      pieces.push(text);
      spans.push({ start: offset, end: offset + text.length });
      offset += text.length;
    } else {
      const reason = `line ${String(line.number)} is not a message (the first line is, so every line must be one)`;
      problems.push(unreadable(place, reason, 1));
    }
  }
  if (problems.length > 0) return problems;
  const source = { kind: 'lines', document: { text: pieces.join('') }, lines: spans } as const;
  const place = { layout: 'jsonl-messages', number: 1, line: 1 } as const;
  return [{ kind: 'conversation', ...place, messages, container: undefined, source }];
}

function unreadable(place: Place, reason: string, column?: number): UnreadableConversation {
  return { kind: 'unreadable', ...place, column, reason };
}

/** The value of JSON `text`, or the `Error` it raised (never a JSON value). */
function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    return error instanceof Error ? error : new SyntaxError(String(error));
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

function conversationOf(value: unknown, place: Place, source: ConversationSource): InputRecord {
  const shape = shapeOf(value);
  if (shape !== undefined) return { kind: 'conversation', ...place, ...shape, source };
  const what = Array.isArray(value)
    ? 'an array of neither messages nor conversations'
    : value === null
      ? 'null'
      : typeof value === 'object'
        ? 'an object without a `messages`, `input` or `contents` array'
        : `a ${typeof value}`;
  const reason = `expected an array of messages or an object holding one under \`messages\`, \`input\` or \`contents\`, but got ${what}`;
  return unreadable(place, reason);
}

/** A message or item of any supported format: it has a `role`, a `type` or `parts`. */
function isMessage(value: unknown): boolean {
  return (
    isObject(value) &&
    (typeof value.role === 'string' || typeof value.type === 'string' || Array.isArray(value.parts))
  );
}

function unreadableJson(text: string, error: unknown, place: Place): UnreadableConversation {
  const { line, column, reason } = locateJsonSyntaxError(text, error);
  return unreadable({ ...place, line: place.line + line - 1 }, `invalid JSON: ${reason}`, column);
}

const positionIn = (message: string): number | undefined => {
  const position = / at position (\d+)/.exec(message)?.[1];
  return position === undefined ? undefined : Number(position);
};

/** Where `JSON.parse(text)` failed: V8's position, else the end of the longest prefix of JSON. */
export function locateJsonSyntaxError(
  text: string,
  error: unknown,
): { line: number; column: number; offset: number; reason: string } {
  const message = errorMessageOf(error);
  let offset = positionIn(message);
  if (offset === undefined) {
    let low = startsJson(text) ? text.length : 0;
    for (let high = text.length; high - low > 1;) {
      const middle = Math.floor((low + high) / 2);
      if (startsJson(text.slice(0, middle))) low = middle;
      else high = middle;
    }
    offset = low;
  }
  const before = text.slice(0, offset);
  const reason = message
    .replace(/ in JSON at position \d+.*$/s, '')
    .replace(/, ".*" is not valid JSON$/s, '')
    .replace(/ \(line \d+ column \d+\)$/, '');
  return {
    line: before.split('\n').length,
    column: offset - before.lastIndexOf('\n'),
    offset,
    reason,
  };
}

/** True when `text` is JSON, or the start of JSON (it fails only at its end). */
function startsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch (error) {
    const message = errorMessageOf(error);
    const position = positionIn(message);
    return position === undefined ? message.startsWith('Unexpected end') : position >= text.length;
  }
}
