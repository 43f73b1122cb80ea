/// <reference types="node" />
import { randomBytes } from 'node:crypto';
import { ToolHistoryError } from '../errors/tool-history-error.js';
import type { Conversation } from './read-conversations.js';

// Untouched messages are written back from the source text, bytes read as U+DC00+byte as bytes.
const ESCAPED_BYTE = /(?<![\uD800-\uDBFF])[\uDC80-\uDCFF]/;
const AROUND_ESCAPED_BYTES = new RegExp(`(${ESCAPED_BYTE.source})`);

/** The bytes of `text`, each escaped byte written back as itself. */
export function encodeSource(text: string): Buffer {
  if (!ESCAPED_BYTE.test(text)) return Buffer.from(text);
  return Buffer.concat(
    // The odd pieces are the escaped bytes.
    text
      .split(AROUND_ESCAPED_BYTES)
      .map((piece, index) =>
        index % 2 === 1 ? Buffer.of(piece.charCodeAt(0) - 0xdc00) : Buffer.from(piece),
      ),
  );
}

/** `json` with its `\udcXX` escapes turned back into escaped bytes, unless `source` has both. */
export function restoreEscapedBytes(json: string, source: string, where: string): string {
  if (!ESCAPED_BYTE.test(source)) return json;
  const escapes = /(?<!\\)((?:\\\\)*)\\u(dc[89a-f][0-9a-f])/gi;
  if (!escapes.test(json)) return json;
  if (/\\u[dD][cC][89a-fA-F][0-9a-fA-F]/.test(source))
    throw new ToolHistoryError(
      'invalid-input',
      `${where}: a repaired message holds a character that the input spells both as a byte that is not UTF-8 and as a \\uDCxx escape, which cannot be told apart; nothing was written`,
    );
  return json.replace(
    escapes,
    (_match, backslashes: string, code: string) =>
      `${backslashes}${String.fromCharCode(Number.parseInt(code, 16))}`,
  );
}

/** A half-open range `[start, end)` of a source text. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** A JSON document or JSONL line; `elements` caches the root array's element spans. */
export interface SourceDocument {
  readonly text: string;
  elements?: readonly Span[];
}

/** The root value or the root array's `index`-th element; or one message per line (with breaks). */
export type ConversationSource =
  | {
      readonly kind: 'value';
      readonly document: SourceDocument;
      readonly index: number | undefined;
    }
  | { readonly kind: 'lines'; readonly document: SourceDocument; readonly lines: readonly Span[] };

// The scanners below only run on text JSON.parse has accepted, so they skip validation.

/** The spans of the messages array (the value, or its last member `key`) and of each message. */
export function locateMessages(
  source: Extract<ConversationSource, { kind: 'value' }>,
  key: string | undefined,
): { readonly array: Span; readonly messages: readonly Span[] } {
  const { document } = source;
  const { text } = document;
  let start = skipSpace(text, 0);
  if (source.index !== undefined) {
    document.elements ??= elementSpans(text, start);
    start = document.elements[source.index]?.start ?? fail(source.index);
  }
  if (key !== undefined)
    start =
      elementSpans(text, start)
        .filter((span) => span.key === key)
        .at(-1)?.start ?? fail(key);
  return { array: { start, end: valueEnd(text, start) }, messages: elementSpans(text, start) };
}

function fail(what: string | number): never {
  throw new Error(`no member or element ${JSON.stringify(what)} in the source`);
}

/** The spans of the values of the array or object starting at `start`, with each member's key. */
export function elementSpans(
  text: string,
  start: number,
): (Span & { readonly key: string | undefined })[] {
  const spans: (Span & { readonly key: string | undefined })[] = [];
  let index = skipSpace(text, start + 1);
  while (text[index] !== ']' && text[index] !== '}') {
    let key: string | undefined;
    if (text[start] === '{') {
      const keyEnd = stringEnd(text, index);
      key = JSON.parse(text.slice(index, keyEnd)) as string;
      index = skipSpace(text, skipSpace(text, keyEnd) + 1);
    }
    const end = valueEnd(text, index);
    spans.push({ start: index, end, key });
    index = skipSpace(text, end);
    if (text[index] === ',') index = skipSpace(text, index + 1);
  }
  return spans;
}

function skipSpace(text: string, index: number): number {
  let at = index;
  while (/[ \n\r\t\uFEFF]/.test(text.charAt(at))) at++;
  return at;
}

function stringEnd(text: string, start: number): number {
  let index = start + 1;
  for (let code = text.charCodeAt(index); code !== 0x22; code = text.charCodeAt(index))
    index += code === 0x5c ? 2 : 1;
  return index + 1;
}

function valueEnd(text: string, start: number): number {
  let index = start;
  if (text[start] === '"') return stringEnd(text, start);
  if (text[start] !== '{' && text[start] !== '[') {
    while (index < text.length && !/[\s,\]}]/.test(text.charAt(index))) index++;
    return index;
  }
  for (let depth = 0; ; index++) {
    const character = text[index];
    if (character === '"') index = stringEnd(text, index) - 1;
    else if (character === '{' || character === '[') depth++;
    else if ((character === '}' || character === ']') && --depth === 0) return index + 1;
  }
}

/** Every number token in `text` within `span`, outside strings, as spelled. */
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

/** JSON.stringify writing each number a double cannot hold (`1e400`) as `tokens` spelled it. */
export function createExactSerializer(
  tokens: readonly string[],
  where: string,
): (value: unknown, indent?: number) => string {
  const forms = new Map<number, Map<string, string>>();
  for (const token of tokens) {
    const known = forms.get(Number(token)) ?? new Map<string, string>();
    if (!known.has(canonical(token))) known.set(canonical(token), token);
    forms.set(Number(token), known);
  }
  // Per double, its spellings other than the one JSON.stringify writes, then that one if used.
  const spellings = new Map<number, string[]>();
  for (const [value, known] of forms) {
    const exact = Number.isFinite(value) ? canonical(JSON.stringify(value)) : undefined;
    const inexact = [...known].filter(([form]) => form !== exact).map(([, token]) => token);
    if (inexact.length > 0)
      spellings.set(value, known.size > inexact.length ? [...inexact, String(value)] : inexact);
  }
  if (spellings.size === 0) return (value, indent) => JSON.stringify(value, null, indent);
  const marker = `@exact-${randomBytes(6).toString('hex')}-`;
  const texts: string[] = [];
  const replacer = (_key: string, value: unknown): unknown => {
    const [spelling, other] = typeof value === 'number' ? (spellings.get(value) ?? []) : [];
    if (spelling === undefined) return value;
    if (other !== undefined)
      throw new ToolHistoryError(
        'invalid-input',
        `${where}: a repaired message holds the number ${spelling} (also spelled ${other}), which JSON numbers in this program cannot tell apart; nothing was written`,
      );
    texts.push(spelling);
    return `${marker}${String(texts.length - 1)}`;
  };
  const placeholder = new RegExp(`"${marker}(\\d+)"`, 'g');
  return (value, indent) =>
    JSON.stringify(value, replacer, indent).replace(
      placeholder,
      (_match, index: string) => texts[Number(index)] ?? '',
    );
}

/** A number's decimal value as `digits e exponent`, without sign of zero or redundant zeros. */
function canonical(token: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(token);
  if (match === null) return token;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  const digits = `${whole}${fraction}`.replace(/^0+/, '');
  const trimmed = digits.replace(/0+$/, '');
  if (trimmed === '') return '0';
  const power = BigInt(exponent) - BigInt(fraction.length) + BigInt(digits.length - trimmed.length);
  return `${sign}${trimmed}e${power.toString()}`;
}

/** Writes conversations back into their source text, from where the last call stopped. */
export function createSourceWriter(): {
  write(conversation: Conversation, messages: readonly unknown[], where: string): string;
  end(): string;
} {
  let document: SourceDocument | undefined;
  let cursor = 0;
  const end = (): string => {
    const text = document?.text.slice(cursor) ?? '';
    document = undefined;
    cursor = 0;
    return text;
  };
  return {
    write(conversation, messages, where) {
      const { source } = conversation;
      const before = source.document === document ? '' : end();
      document = source.document;
      const original = conversation.messages;
      // Unchanged: copied when the cursor moves on.
      if (messages.length === original.length && messages.every((m, i) => m === original[i]))
        return before;
      const { text } = document;
      if (source.kind === 'lines') {
        cursor = text.length;
        const all = { start: 0, end: text.length };
        return before + splice(text, all, source.lines, original, messages, where, true);
      }
      const { array, messages: spans } = locateMessages(source, conversation.container?.key);
      const head = text.slice(cursor, array.start);
      cursor = array.end;
      return before + head + splice(text, array, spans, original, messages, where, false);
    },
    end,
  };
}

/** The messages array (or, with `lines`, one message per line) with `messages` in it. */
function splice(
  text: string,
  array: Span,
  spans: readonly Span[],
  original: readonly unknown[],
  messages: readonly unknown[],
  where: string,
  lines: boolean,
): string {
  const indexOf = new Map(original.map((message, index) => [message, index]));
  const [first, second] = spans;
  const last = spans.at(-1);
  const open = lines || first === undefined ? '[' : text.slice(array.start, first.start);
  const close = lines || last === undefined ? ']' : text.slice(last.end, array.end);
  const separator =
    first !== undefined && second !== undefined
      ? text.slice(first.end, second.start)
      : `,${open.slice(1)}`;
  const newline = separator.lastIndexOf('\n');
  const indent = newline === -1 ? undefined : separator.slice(newline + 1);
  // New lines take the file's line break: CRLF files stay CRLF.
  const crlf = lines
    ? first !== undefined && text.slice(first.start, first.end).endsWith('\r\n')
    : separator[newline - 1] === '\r';
  const lineBreak = crlf ? '\r\n' : '\n';
  let serialize: ((value: unknown, indent?: number) => string) | undefined;
  // A rebuilt message equal to an input one (keys may be reordered) keeps the input's spelling.
  let byValue: Map<string | undefined, number> | undefined;
  const sameAs = (message: unknown): number | undefined => {
    byValue ??= new Map(original.map((value, index) => [sortedJson(value), index]));
    const key = sortedJson(message);
    return key === undefined ? undefined : byValue.get(key);
  };
  const pieces = messages.map((message, index) => {
    const span = spans[indexOf.get(message) ?? sameAs(message) ?? -1];
    if (span !== undefined) return text.slice(span.start, span.end);
    serialize ??= createExactSerializer(numberTokens(text, array), where);
    let json: string;
    try {
      json = serialize(message, lines || indent === undefined ? undefined : 2);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      throw new ToolHistoryError(
        'invalid-input',
        `${where}: the message at index ${String(index)} changed and is too deeply nested or too large to write (${error.message}); nothing was written`,
        { cause: error },
      );
    }
    json = restoreEscapedBytes(json, text, where);
    if (lines) return `${json}${lineBreak}`;
    return indent === undefined ? json : json.replaceAll('\n', `${lineBreak}${indent}`);
  });
  // Before the first message: a byte order mark. A kept last line may lack its line break.
  if (lines)
    return (
      text.slice(array.start, first?.start ?? array.start) +
      pieces
        .map((piece, index) =>
          index < pieces.length - 1 && !piece.endsWith('\n') ? `${piece}${lineBreak}` : piece,
        )
        .join('')
    );
  return pieces.length === 0 ? '[]' : `${open}${pieces.join(separator)}${close}`;
}

/** JSON with every object's keys sorted, or `undefined` when nested too deeply to write. */
function sortedJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value, (_key, member: unknown) =>
      typeof member === 'object' && member !== null && !Array.isArray(member)
        ? Object.fromEntries(
            Object.entries(member).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
          )
        : member,
    );
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}
