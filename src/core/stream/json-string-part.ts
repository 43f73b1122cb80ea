import { escapedCodeUnit, hexValue } from './json-characters.js';

/** What {@link decodeStringPart} decoded and where it stopped; each parser reuses one. */
export interface StringPart {
  /** The decoded characters. */
  text: string;
  /** Index in the chunk of the first character not decoded (the chunk's length at its end). */
  end: number;
}

/**
 * Parts no longer than this are decoded through a buffer of code units and one
 * `String.fromCharCode` call: a streamed delta is a few characters long, and this makes one string
 * where slicing around each escape makes three or four. Longer parts are sliced between escapes,
 * which stays cheap however long the runs without escapes are.
 */
const SHORT_PART = 12;

const codeUnits = new Uint16Array(SHORT_PART);

/**
 * The code unit of the escape whose backslash is at `chunk[at]`, or -1 when the escape is invalid
 * or not complete in this chunk (then the parser's state machine reads it, across chunks if need
 * be, and reports an invalid one where it is).
 */
function escapeAt(chunk: string, at: number): number {
  const code = chunk.charCodeAt(at + 1);
  if (code !== 117) return escapedCodeUnit(code);
  if (at + 6 > chunk.length) return -1;
  const high = hexValue(chunk.charCodeAt(at + 2));
  const upper = hexValue(chunk.charCodeAt(at + 3));
  const lower = hexValue(chunk.charCodeAt(at + 4));
  const low = hexValue(chunk.charCodeAt(at + 5));
  // A digit that is not hex is -1, and the OR of a negative number is negative.
  if ((high | upper | lower | low) < 0) return -1;
  return (high << 12) | (upper << 8) | (lower << 4) | low;
}

/** The length in `chunk` of the complete escape at `at` (`\uXXXX` or a one-letter escape). */
function escapeLength(chunk: string, at: number): number {
  return chunk.charCodeAt(at + 1) === 117 ? 6 : 2;
}

/**
 * The string of the first `count` code units of the buffer. `String.fromCharCode` with a fixed
 * number of arguments is optimized into one allocation; `apply` on an array is several times slower.
 */
function fromCodeUnits(count: number): string {
  const units = codeUnits;
  const fromCharCode = String.fromCharCode;
  // `?? 0` only satisfies the index checks: every index read here is inside the buffer.
  switch (count) {
    case 1:
      return fromCharCode(units[0] ?? 0);
    case 2:
      return fromCharCode(units[0] ?? 0, units[1] ?? 0);
    case 3:
      return fromCharCode(units[0] ?? 0, units[1] ?? 0, units[2] ?? 0);
    case 4:
      return fromCharCode(units[0] ?? 0, units[1] ?? 0, units[2] ?? 0, units[3] ?? 0);
    case 5:
      return fromCharCode(
        units[0] ?? 0,
        units[1] ?? 0,
        units[2] ?? 0,
        units[3] ?? 0,
        units[4] ?? 0,
      );
    case 6:
      return fromCharCode(
        units[0] ?? 0,
        units[1] ?? 0,
        units[2] ?? 0,
        units[3] ?? 0,
        units[4] ?? 0,
        units[5] ?? 0,
      );
    case 7:
      return fromCharCode(
        units[0] ?? 0,
        units[1] ?? 0,
        units[2] ?? 0,
        units[3] ?? 0,
        units[4] ?? 0,
        units[5] ?? 0,
        units[6] ?? 0,
      );
    case 8:
      return fromCharCode(
        units[0] ?? 0,
        units[1] ?? 0,
        units[2] ?? 0,
        units[3] ?? 0,
        units[4] ?? 0,
        units[5] ?? 0,
        units[6] ?? 0,
        units[7] ?? 0,
      );
    case 9:
      return fromCharCode(
        units[0] ?? 0,
        units[1] ?? 0,
        units[2] ?? 0,
        units[3] ?? 0,
        units[4] ?? 0,
        units[5] ?? 0,
        units[6] ?? 0,
        units[7] ?? 0,
        units[8] ?? 0,
      );
    case 10:
      return fromCharCode(
        units[0] ?? 0,
        units[1] ?? 0,
        units[2] ?? 0,
        units[3] ?? 0,
        units[4] ?? 0,
        units[5] ?? 0,
        units[6] ?? 0,
        units[7] ?? 0,
        units[8] ?? 0,
        units[9] ?? 0,
      );
    case 11:
      return fromCharCode(
        units[0] ?? 0,
        units[1] ?? 0,
        units[2] ?? 0,
        units[3] ?? 0,
        units[4] ?? 0,
        units[5] ?? 0,
        units[6] ?? 0,
        units[7] ?? 0,
        units[8] ?? 0,
        units[9] ?? 0,
        units[10] ?? 0,
      );
    case 12:
      return fromCharCode(
        units[0] ?? 0,
        units[1] ?? 0,
        units[2] ?? 0,
        units[3] ?? 0,
        units[4] ?? 0,
        units[5] ?? 0,
        units[6] ?? 0,
        units[7] ?? 0,
        units[8] ?? 0,
        units[9] ?? 0,
        units[10] ?? 0,
        units[11] ?? 0,
      );
    default:
      return '';
  }
}

/** {@link decodeStringPart} for a part of at most {@link SHORT_PART} characters with an escape at `escape`. */
function decodeShortPart(chunk: string, start: number, escape: number, part: StringPart): void {
  const units = codeUnits;
  const length = chunk.length;
  let count = 0;
  for (let k = start; k < escape; k++) units[count++] = chunk.charCodeAt(k);
  let j = escape;
  while (j < length) {
    let code = chunk.charCodeAt(j);
    if (code === 92) {
      const unit = escapeAt(chunk, j);
      if (unit < 0) break;
      j += escapeLength(chunk, j);
      code = unit;
    } else if (code === 34 || code < 32) break;
    else j++;
    units[count++] = code;
  }
  part.text = fromCodeUnits(count);
  part.end = j;
}

/** {@link decodeStringPart} for a longer part with an escape at `escape`: runs are sliced out whole. */
function decodeLongPart(chunk: string, start: number, escape: number, part: StringPart): void {
  const length = chunk.length;
  let text = '';
  let runStart = start;
  let j = escape;
  // Invariant at the top: chunk[j] is a backslash.
  for (;;) {
    const unit = escapeAt(chunk, j);
    if (unit < 0) break;
    text += chunk.slice(runStart, j) + String.fromCharCode(unit);
    j += escapeLength(chunk, j);
    runStart = j;
    let code = 0;
    while (j < length && (code = chunk.charCodeAt(j)) !== 34 && code !== 92 && code >= 32) j++;
    if (j === length || code !== 92) break;
  }
  part.text = j > runStart ? text + chunk.slice(runStart, j) : text;
  part.end = j;
}

/**
 * Decodes the characters of a JSON string in `chunk` from `start` up to the first one the parser's
 * state machine handles itself (the closing quote, a control character, a backslash whose escape is
 * invalid or continues in the next chunk) or to the chunk's end, and stores the result in `part`.
 * Complete escapes, `\uXXXX` included, are decoded here; each `\u` escape gives one UTF-16 code
 * unit, so a surrogate pair written as two escapes is whole once both are.
 */
export function decodeStringPart(chunk: string, start: number, part: StringPart): void {
  const length = chunk.length;
  let j = start;
  let code = 0;
  while (j < length && (code = chunk.charCodeAt(j)) !== 34 && code !== 92 && code >= 32) j++;
  if (j === length || code !== 92) {
    part.text = start === 0 && j === length ? chunk : chunk.slice(start, j);
    part.end = j;
  } else if (length - start <= SHORT_PART) decodeShortPart(chunk, start, j, part);
  else decodeLongPart(chunk, start, j, part);
}
