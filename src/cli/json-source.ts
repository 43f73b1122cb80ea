// `fix` writes back the bytes of every message it did not change. JSON.parse then JSON.stringify
// would turn `1234567890123456789` into `1234567890123456800`, `1e400` into `null` and `1.0` into
// `1`, and lose key order quirks and whitespace. So the reader keeps where each conversation came
// from, and the writer copies untouched messages from the source text. The scanner below only
// ever runs on text JSON.parse has already accepted, so it can skip validation.

/** A half-open range `[start, end)` of a source text. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** A source text one or more conversations were read from (a JSON document, or one JSONL line). */
export interface SourceDocument {
  readonly text: string;
  /** The spans of the root array's elements, computed on first use (a JSON array of conversations). */
  elements?: readonly Span[];
}

/** Where a conversation's messages are in its source text. */
export type ConversationSource =
  | {
      /** The conversation is the root value (`index` undefined) or the root array's `index`-th element. */
      readonly kind: 'value';
      readonly document: SourceDocument;
      readonly index: number | undefined;
    }
  | {
      /** One message per line: each span covers a line and its line break. */
      readonly kind: 'lines';
      readonly document: SourceDocument;
      readonly lines: readonly Span[];
    };

/** The source of a conversation's messages: the array's span and each message's span. */
export interface MessagesSource {
  readonly array: Span;
  readonly messages: readonly Span[];
}

/**
 * Finds the messages array of a conversation in its source: the value itself when it is an
 * array, else the member `key` of the object (the last one, as JSON.parse keeps the last).
 */
export function locateMessages(
  source: Extract<ConversationSource, { kind: 'value' }>,
  key: string | undefined,
): MessagesSource {
  const { document } = source;
  const text = document.text;
  let start: number;
  if (source.index === undefined) start = skipSpace(text, 0);
  else {
    document.elements ??= elementSpans(text, skipSpace(text, 0));
    const element = document.elements[source.index];
    if (element === undefined) throw new Error(`no element ${String(source.index)} in the source`);
    start = element.start;
  }
  if (key !== undefined) {
    const member = memberSpan(text, start, key);
    if (member === undefined) throw new Error(`no member "${key}" in the source`);
    start = member.start;
  }
  return { array: { start, end: valueEnd(text, start) }, messages: elementSpans(text, start) };
}

/** The spans of the elements of the array starting at `start` (a `[`). */
export function elementSpans(text: string, start: number): Span[] {
  const spans: Span[] = [];
  let index = skipSpace(text, start + 1);
  if (text[index] === ']') return spans;
  for (;;) {
    const end = valueEnd(text, index);
    spans.push({ start: index, end });
    index = skipSpace(text, end);
    if (text[index] !== ',') return spans;
    index = skipSpace(text, index + 1);
  }
}

function memberSpan(text: string, start: number, key: string): Span | undefined {
  let found: Span | undefined;
  let index = skipSpace(text, start + 1);
  while (text[index] === '"') {
    const keyEnd = stringEnd(text, index);
    const name = JSON.parse(text.slice(index, keyEnd)) as string;
    const valueStart = skipSpace(text, skipSpace(text, keyEnd) + 1);
    const end = valueEnd(text, valueStart);
    if (name === key) found = { start: valueStart, end };
    index = skipSpace(text, end);
    if (text[index] !== ',') break;
    index = skipSpace(text, index + 1);
  }
  return found;
}

/** The index of the first character at or after `index` that is not JSON whitespace or a BOM. */
export function skipSpace(text: string, index: number): number {
  let at = index;
  for (;;) {
    const code = text.charCodeAt(at);
    // A byte order mark can only be the first character: JSON.parse refuses one anywhere else.
    if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09 && code !== 0xfeff)
      return at;
    at++;
  }
}

function stringEnd(text: string, start: number): number {
  let index = start + 1;
  for (;;) {
    const code = text.charCodeAt(index);
    if (code === 0x5c) index += 2;
    else if (code === 0x22) return index + 1;
    else index++;
  }
}

/** The index just after the JSON value starting at `start`. */
export function valueEnd(text: string, start: number): number {
  const first = text[start];
  if (first === '"') return stringEnd(text, start);
  if (first !== '{' && first !== '[') {
    let index = start;
    while (index < text.length && !/[\s,\]}]/.test(text.charAt(index))) index++;
    return index;
  }
  let depth = 0;
  let index = start;
  for (;;) {
    const character = text[index];
    if (character === '"') {
      index = stringEnd(text, index);
      continue;
    }
    if (character === '{' || character === '[') depth++;
    else if (character === '}' || character === ']') {
      depth--;
      if (depth === 0) return index + 1;
    }
    index++;
  }
}

/** Every number token in `text` between `start` and `end`, outside strings. */
export function numberTokens(text: string, span: Span): string[] {
  const tokens: string[] = [];
  let index = span.start;
  while (index < span.end) {
    const character = text.charAt(index);
    if (character === '"') index = stringEnd(text, index);
    else if (character === '-' || (character >= '0' && character <= '9')) {
      const end = valueEnd(text, index);
      tokens.push(text.slice(index, end));
      index = end;
    } else index++;
  }
  return tokens;
}

/** The keys a conversation object may hold its messages under, in lookup order. */
export const MESSAGE_KEYS = ['messages', 'input', 'contents'] as const;
/** A key a conversation object holds its messages under. */
export type MessageKey = (typeof MESSAGE_KEYS)[number];

/** How the input is laid out. */
export type InputLayout =
  /** One JSON document holding one conversation. */
  | 'json'
  /** One JSON array of conversations. */
  | 'json-array'
  /** One conversation per line. */
  | 'jsonl'
  /** One message per line: the whole input is one conversation. */
  | 'jsonl-messages';

/** One conversation read from the input. */
export interface Conversation {
  readonly kind: 'conversation';
  /** 1-based conversation number. */
  readonly number: number;
  /** The line it starts on (JSONL), or 1. */
  readonly line: number;
  readonly layout: InputLayout;
  readonly messages: readonly unknown[];
  /** The object that held the messages, and under which key; `undefined` for a bare array. */
  readonly container:
    { readonly value: Readonly<Record<string, unknown>>; readonly key: MessageKey } | undefined;
  /** Where it is in the input's text, so what a command leaves alone is written back as it was. */
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

/** What `readConversations` yields. */
export type InputRecord = Conversation | UnreadableConversation;
