/// <reference types="node" />
import { isUtf8 } from 'node:buffer';
import { ToolHistoryError } from '../errors/tool-history-error.js';

// A file may hold bytes that are not UTF-8 (a truncated character, Latin-1 pasted into a string).
// Decoding them as U+FFFD would make `fix` rewrite messages it never touched. Instead, as Python's
// "surrogateescape" does, each such byte B is read as the lone surrogate U+DC00+B, which no valid
// UTF-8 text can hold, and written back as the byte B: decoding then encoding gives back every
// byte. JSON.parse accepts lone surrogates inside strings, so these strings parse as before.

/** A lone low surrogate standing for an undecodable byte (0x80 to 0xFF). */
const ESCAPED_BYTE = /(?<![\uD800-\uDBFF])[\uDC80-\uDCFF]/;
const ESCAPED_BYTES = new RegExp(ESCAPED_BYTE.source, 'g');

/** Decodes UTF-8 arriving in chunks; see the note above for bytes that are not UTF-8. */
export interface SourceDecoder {
  /** The text of `chunk`; an incomplete character at its end waits for the next chunk. */
  write(chunk: Uint8Array): string;
  /** The text of what is left: an incomplete last character becomes escaped bytes. */
  end(): string;
}

/** A {@link SourceDecoder}. */
export function createSourceDecoder(): SourceDecoder {
  let held: Buffer = Buffer.alloc(0);
  return {
    write(chunk) {
      const bytes = held.length === 0 ? Buffer.from(chunk) : Buffer.concat([held, chunk]);
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

/** The bytes of `text`, each escaped byte written back as itself. */
export function encodeSource(text: string): Buffer {
  if (!ESCAPED_BYTE.test(text)) return Buffer.from(text);
  const pieces: Buffer[] = [];
  let start = 0;
  for (const match of text.matchAll(ESCAPED_BYTES)) {
    pieces.push(Buffer.from(text.slice(start, match.index)));
    pieces.push(Buffer.of(text.charCodeAt(match.index) - 0xdc00));
    start = match.index + 1;
  }
  pieces.push(Buffer.from(text.slice(start)));
  return Buffer.concat(pieces);
}

/**
 * JSON that JSON.stringify wrote for values read from `source`, with its `\udcXX` escapes turned
 * back into the escaped bytes they stand for, so a rewritten message keeps those bytes too.
 *
 * @throws {ToolHistoryError} `invalid-input` when `source` spells such a character both ways (as
 * a byte that is not UTF-8 and as a `\udcXX` escape): which one a value came from cannot be told.
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

function decode(bytes: Buffer): string {
  if (isUtf8(bytes)) return bytes.toString('utf8');
  let text = '';
  let start = 0;
  let index = 0;
  while (index < bytes.length) {
    const length = sequenceLength(bytes, index);
    if (length > 0) {
      index += length;
      continue;
    }
    text +=
      bytes.toString('utf8', start, index) + String.fromCharCode(0xdc00 + (bytes[index] ?? 0));
    index++;
    start = index;
  }
  return text + bytes.toString('utf8', start);
}

/**
 * The length of the well-formed UTF-8 sequence at `index` (Unicode Table 3-7), or 0 when the
 * byte there does not start one that is complete within `bytes`.
 */
function sequenceLength(bytes: Uint8Array, index: number): number {
  const first = bytes[index] ?? 0;
  if (first < 0x80) return 1;
  let length: number;
  let low = 0x80;
  let high = 0xbf;
  if (first >= 0xc2 && first <= 0xdf) length = 2;
  else if (first >= 0xe0 && first <= 0xef) {
    length = 3;
    if (first === 0xe0) low = 0xa0;
    if (first === 0xed) high = 0x9f;
  } else if (first >= 0xf0 && first <= 0xf4) {
    length = 4;
    if (first === 0xf0) low = 0x90;
    if (first === 0xf4) high = 0x8f;
  } else return 0;
  for (let offset = 1; offset < length; offset++) {
    const byte = bytes[index + offset];
    if (byte === undefined || byte < low || byte > high) return 0;
    low = 0x80;
    high = 0xbf;
  }
  return length;
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
