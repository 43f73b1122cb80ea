import { constants } from 'node:buffer';
import {
  conversationOf,
  isMessage,
  NO_SOURCE,
  notAConversation,
  tryParse,
  unreadableJson,
} from './conversation-of.js';
import type { SourceDocument, Span, InputLayout, InputRecord } from './json-source.js';
import { readLines, type Line, type ReadLinesOptions } from './read-lines.js';

export {
  MESSAGE_KEYS,
  type Conversation,
  type InputLayout,
  type InputRecord,
  type MessageKey,
  type UnreadableConversation,
} from './json-source.js';

/**
 * Reads conversations from a byte stream as they arrive.
 *
 * The layout is sniffed from the first non-empty line: if it is a whole JSON value and another
 * non-empty line follows, the input is JSONL (one conversation per line, read one line at a time,
 * or one message per line when the first line is a message); otherwise it is one JSON document.
 * A conversation is an array of messages or an object holding one under `messages`, `input` or
 * `contents`; a JSON array of such conversations holds several.
 *
 * A JSONL line that is not a conversation yields an {@link UnreadableConversation} and reading
 * goes on; an empty input or a JSON document that does not parse yields one and stops.
 */
export async function* readConversations(
  chunks: AsyncIterable<Uint8Array | string>,
  options: ReadLinesOptions = {},
): AsyncGenerator<InputRecord> {
  const lines = readLines(chunks, options)[Symbol.asyncIterator]();
  const head: Line[] = [];
  let first: { line: Line; value: unknown } | undefined;
  let second: Line | undefined;
  // A UTF-8 byte order mark is not JSON: read past it, and keep it with the first conversation's
  // text so that `fix` writes it back.
  let bom = '';
  for (let next = await lines.next(); !next.done; next = await lines.next()) {
    let line = next.value;
    if (head.length === 0 && line.text.startsWith(BOM)) {
      bom = BOM;
      line = { ...line, text: line.text.slice(1) };
    }
    head.push(line);
    if (line.text.trim() === '' && line.tooLong !== true) continue;
    if (first === undefined) {
      // A line too long to hold is no whole JSON document either: read on as JSONL.
      const parsed = line.tooLong ? { ok: true as const, value: undefined } : tryParse(line.text);
      if (!parsed.ok) break;
      first = { line, value: parsed.value };
      continue;
    }
    second = line;
    break;
  }

  if (first === undefined || second === undefined) {
    // One JSON document: the lines seen so far plus the rest.
    for (let next = await lines.next(); !next.done; next = await lines.next())
      head.push(next.value);
    const long = head.find((line) => line.tooLong);
    if (long !== undefined) {
      yield tooLongLine(1, long.number, 'json', options);
      return;
    }
    let text: string;
    try {
      text = bom + head.map((line) => line.text + line.ending).join('');
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      yield {
        kind: 'unreadable',
        layout: 'json',
        number: 1,
        line: 1,
        column: undefined,
        reason: 'the input is too large to read as one JSON document; split it into JSONL',
      };
      return;
    }
    yield* readDocument(text);
    return;
  }

  const perMessage =
    first.line.tooLong !== true &&
    conversationOf(first.value, 1, first.line.number, 'jsonl', NO_SOURCE) === undefined &&
    isMessage(first.value);
  if (perMessage) {
    yield* readMessagePerLine(head, lines, bom, options);
    return;
  }
  let number = 0;
  const sniffed = first;
  // Blank lines are kept with the conversation after them, so it is written back with them.
  let blank = bom;
  const readLine = (line: Line): InputRecord | undefined => {
    if (line.tooLong) {
      blank = '';
      return tooLongLine(++number, line.number, 'jsonl', options);
    }
    if (line.text.trim() === '') {
      blank += line.text + line.ending;
      return undefined;
    }
    const document = { text: blank + line.text + line.ending };
    blank = '';
    number++;
    const parsed =
      line === sniffed.line ? { ok: true as const, value: sniffed.value } : tryParse(line.text);
    if (!parsed.ok) return unreadableJson(line.text, parsed.error, number, line.number, 'jsonl');
    return (
      conversationOf(parsed.value, number, line.number, 'jsonl', {
        kind: 'value',
        document,
        index: undefined,
      }) ?? notAConversation(parsed.value, number, line.number, 'jsonl')
    );
  };
  for (const line of head) {
    const record = readLine(line);
    if (record) yield record;
  }
  for (let next = await lines.next(); !next.done; next = await lines.next()) {
    const record = readLine(next.value);
    if (record) yield record;
  }
}

const BOM = '\uFEFF';

function tooLongLine(
  number: number,
  line: number,
  layout: InputLayout,
  options: ReadLinesOptions,
): InputRecord {
  return {
    kind: 'unreadable',
    layout,
    number,
    line,
    column: undefined,
    reason: `line ${String(line)} is too long to read (over ${(options.maxLength ?? constants.MAX_STRING_LENGTH).toLocaleString('en-US')} characters)`,
  };
}

function* readDocument(text: string): Generator<InputRecord> {
  if (text.trim() === '') {
    yield {
      kind: 'unreadable',
      layout: 'json',
      number: 1,
      line: 1,
      column: undefined,
      reason: 'the input is empty; expected JSON or JSONL holding messages',
    };
    return;
  }
  const parsed = tryParse(text.startsWith(BOM) ? text.slice(1) : text);
  if (!parsed.ok) {
    yield unreadableJson(text.startsWith(BOM) ? text.slice(1) : text, parsed.error, 1, 1, 'json');
    return;
  }
  const document: SourceDocument = { text };
  const single = conversationOf(parsed.value, 1, 1, 'json', {
    kind: 'value',
    document,
    index: undefined,
  });
  if (single) {
    yield single;
    return;
  }
  const value = parsed.value;
  if (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((item) => conversationOf(item, 0, 1, 'json', NO_SOURCE) !== undefined)
  ) {
    let number = 0;
    for (const item of value) {
      const conversation = conversationOf(item, ++number, 1, 'json-array', {
        kind: 'value',
        document,
        index: number - 1,
      });
      if (conversation) yield conversation;
    }
    return;
  }
  yield notAConversation(value, 1, 1, 'json');
}

async function* readMessagePerLine(
  head: readonly Line[],
  rest: AsyncIterator<Line>,
  bom: string,
  options: ReadLinesOptions,
): AsyncGenerator<InputRecord> {
  const messages: unknown[] = [];
  const unreadable: InputRecord[] = [];
  const pieces: string[] = [bom];
  const spans: Span[] = [];
  let offset = bom.length;
  const readLine = (line: Line): void => {
    if (line.tooLong) {
      unreadable.push(tooLongLine(1, line.number, 'jsonl-messages', options));
      return;
    }
    if (line.text.trim() === '') return;
    const parsed = tryParse(line.text);
    if (parsed.ok && isMessage(parsed.value)) {
      messages.push(parsed.value);
      // The line break is part of the message's text: an untouched message keeps its own (none
      // on a last line without one).
      const text = line.text + line.ending;
      pieces.push(text);
      spans.push({ start: offset, end: offset + text.length });
      offset += text.length;
    } else if (parsed.ok)
      unreadable.push({
        kind: 'unreadable',
        layout: 'jsonl-messages',
        number: 1,
        line: line.number,
        column: 1,
        reason: `line ${line.number} is not a message (the first line is, so every line must be one)`,
      });
    else unreadable.push(unreadableJson(line.text, parsed.error, 1, line.number, 'jsonl-messages'));
  };
  head.forEach(readLine);
  for (let next = await rest.next(); !next.done; next = await rest.next()) readLine(next.value);
  if (unreadable.length > 0) {
    yield* unreadable;
    return;
  }
  yield {
    kind: 'conversation',
    number: 1,
    line: 1,
    layout: 'jsonl-messages',
    messages,
    container: undefined,
    source: { kind: 'lines', document: { text: pieces.join('') }, lines: spans },
  };
}
