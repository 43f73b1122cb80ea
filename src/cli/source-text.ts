/// <reference types="node" />
import { isUtf8 } from 'node:buffer';
import { randomBytes } from 'node:crypto';
import { ToolHistoryError } from '../errors/tool-history-error.js';

// Untouched messages are written back from the source text. A byte that is not UTF-8 is read as
// the lone surrogate U+DC00+byte (Python's "surrogateescape") and written back as that byte.

/** Runs of well-formed multi-byte UTF-8 (Unicode Table 3-7) read as latin1, or one other byte. */
const UTF8_OR_BYTE =
  /(?:[\xc2-\xdf][\x80-\xbf]|\xe0[\xa0-\xbf][\x80-\xbf]|[\xe1-\xec\xee\xef][\x80-\xbf]{2}|\xed[\x80-\x9f][\x80-\xbf]|\xf0[\x90-\xbf][\x80-\xbf]{2}|[\xf1-\xf3][\x80-\xbf]{3}|\xf4[\x80-\x8f][\x80-\xbf]{2})+|[\x80-\xff]/g;
/** A lone low surrogate standing for an undecodable byte (0x80 to 0xFF). */
const ESCAPED_BYTE = /(?<![\uD800-\uDBFF])[\uDC80-\uDCFF]/;
const AROUND_ESCAPED_BYTES = new RegExp(`(${ESCAPED_BYTE.source})`);

/** Decodes UTF-8 arriving in chunks, keeping bytes that are not UTF-8 (see above). */
export function createSourceDecoder(): { write(chunk: Uint8Array): string; end(): string } {
  let held = Buffer.alloc(0);
  return {
    write(chunk) {
      const bytes = Buffer.concat([held, chunk]);
      const cut = completeLength(bytes);
      held = bytes.subarray(cut);
      return decode(bytes.subarray(0, cut));
    },
    end() {
      const text = decode(held);
      held = Buffer.alloc(0);
      return text;
    },
  };
}

function decode(bytes: Buffer): string {
  if (isUtf8(bytes)) return bytes.toString('utf8');
  return bytes
    .toString('latin1')
    .replace(UTF8_OR_BYTE, (match) =>
      match.length === 1
        ? String.fromCharCode(0xdc00 + match.charCodeAt(0))
        : Buffer.from(match, 'latin1').toString('utf8'),
    );
}

/** How many leading bytes of `bytes` end on a character boundary (at most 3 are held back). */
function completeLength(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back] ?? 0;
    if (byte < 0x80) return bytes.length;
    if (byte >= 0xc0) {
      const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return needed > back ? bytes.length - back : bytes.length;
    }
  }
  return bytes.length;
}

/** The bytes of `text`, each escaped byte written back as itself. */
export function encodeSource(text: string): Buffer {
  if (!ESCAPED_BYTE.test(text)) return Buffer.from(text);
  // The odd pieces are the escaped bytes.
  const pieces = text.split(AROUND_ESCAPED_BYTES);
  return Buffer.concat(
    pieces.map((piece, index) =>
      index % 2 === 1 ? Buffer.of(piece.charCodeAt(0) - 0xdc00) : Buffer.from(piece),
    ),
  );
}

/**
 * `json` (of values read from `source`) with its `\udcXX` escapes turned back into escaped bytes.
 * @throws {ToolHistoryError} `invalid-input` when `source` spells such a character both ways.
 */
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
    start = document.elements[source.index]?.start ?? fail(`no element ${String(source.index)}`);
  }
  if (key !== undefined) {
    let member: number | undefined;
    let index = skipSpace(text, start + 1);
    while (text[index] === '"') {
      const keyEnd = stringEnd(text, index);
      const valueStart = skipSpace(text, skipSpace(text, keyEnd) + 1);
      if (JSON.parse(text.slice(index, keyEnd)) === key) member = valueStart;
      index = skipSpace(text, valueEnd(text, valueStart));
      if (text[index] !== ',') break;
      index = skipSpace(text, index + 1);
    }
    start = member ?? fail(`no member "${key}"`);
  }
  return { array: { start, end: valueEnd(text, start) }, messages: elementSpans(text, start) };
}

function fail(what: string): never {
  throw new Error(`${what} in the source`);
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

/**
 * JSON.stringify writing each number a double cannot hold exactly (`1e400`) as `tokens` spelled it.
 * @throws {ToolHistoryError} `invalid-input` when such a number has two spellings in the source.
 */
export function createExactSerializer(
  tokens: readonly string[],
  where: string,
): (value: unknown, indent?: number) => string {
  const forms = new Map<number, Map<string, string>>();
  for (const token of tokens) {
    const value = Number(token);
    const known = forms.get(value) ?? new Map<string, string>();
    forms.set(value, known);
    if (!known.has(canonical(token))) known.set(canonical(token), token);
  }
  // Per double, its spellings other than the one JSON.stringify writes, then that one if used.
  const spellings = new Map<number, string[]>();
  for (const [value, known] of forms) {
    const exact = Number.isFinite(value) ? canonical(JSON.stringify(value)) : undefined;
    const inexact = [...known].filter(([form]) => form !== exact).map(([, token]) => token);
    if (inexact.length === 0) continue;
    spellings.set(
      value,
      exact !== undefined && known.has(exact) ? [...inexact, String(value)] : inexact,
    );
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
