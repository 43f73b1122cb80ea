/**
 * Character-level helpers of the incremental JSON parser, kept apart so the state machine stays
 * readable. They run once per character or per chunk: no allocation, no regular expressions.
 */

/** JSON whitespace: space, tab, line feed, carriage return. */
export function isWhitespace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}

/** A character that can continue a JSON number. */
export function isNumberChar(code: number): boolean {
  // 0-9 + - . e E
  return (
    (code >= 48 && code <= 57) ||
    code === 45 ||
    code === 43 ||
    code === 46 ||
    code === 101 ||
    code === 69
  );
}

/** The value of a hex digit, or -1. */
export function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  if (code >= 65 && code <= 70) return code - 55;
  return -1;
}

/** Sets `target[key]` as `JSON.parse` would. */
export function setMember(target: Record<string, unknown>, key: string, value: unknown): void {
  // JSON.parse makes "__proto__" an own property; plain assignment would change the prototype.
  if (key === '__proto__') {
    Object.defineProperty(target, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  } else {
    target[key] = value;
  }
}

/** An ASCII digit. */
export function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Whether `text` matches JSON's number grammar `-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?` (hand-written: it runs per number). */
export function isJsonNumber(text: string): boolean {
  const length = text.length;
  let i = text.charCodeAt(0) === 45 ? 1 : 0;
  if (i === length) return false;
  if (text.charCodeAt(i) === 48) i++;
  else {
    if (!isDigit(text.charCodeAt(i))) return false;
    while (i < length && isDigit(text.charCodeAt(i))) i++;
  }
  if (text.charCodeAt(i) === 46) {
    if (!isDigit(text.charCodeAt(++i))) return false;
    while (i < length && isDigit(text.charCodeAt(i))) i++;
  }
  const code = text.charCodeAt(i);
  if (code === 101 || code === 69) {
    const sign = text.charCodeAt(++i);
    if (sign === 43 || sign === 45) i++;
    if (!isDigit(text.charCodeAt(i))) return false;
    while (i < length && isDigit(text.charCodeAt(i))) i++;
  }
  return i === length;
}

/** 10^0 to 10^22: the powers of ten that a double holds exactly (written out, as literals are read exactly). */
const EXACT_POWERS_OF_TEN: readonly number[] = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
  1e18, 1e19, 1e20, 1e21, 1e22,
];

/**
 * The value of `text[start, end)` when it is a JSON number without an exponent whose digits, read
 * as one integer, stay below 2^53 (and that has at most 22 decimals); `NaN` for any other text,
 * valid or not, which the caller checks with {@link isJsonNumber} and converts with `parseFloat`.
 * The integer and the power of ten are both exact doubles, so one division rounds their quotient
 * correctly and gives what `Number` gives (the fast path of Clinger's algorithm, which V8 itself
 * takes), without slicing the text out or calling into the runtime.
 */
export function shortJsonNumber(text: string, start: number, end: number): number {
  const negative = text.charCodeAt(start) === 45;
  let i = negative ? start + 1 : start;
  // The integer part: "0" alone, or a digit from 1 to 9 followed by any digits.
  let mantissa = text.charCodeAt(i) - 48;
  if (!(mantissa >= 0 && mantissa <= 9)) return Number.NaN;
  i++;
  if (mantissa !== 0) {
    for (
      let digit = text.charCodeAt(i) - 48;
      i < end && digit >= 0 && digit <= 9;
      digit = text.charCodeAt(++i) - 48
    ) {
      mantissa = mantissa * 10 + digit;
    }
  }
  let decimals = 0;
  if (i < end && text.charCodeAt(i) === 46) {
    const fractionStart = ++i;
    for (
      let digit = text.charCodeAt(i) - 48;
      i < end && digit >= 0 && digit <= 9;
      digit = text.charCodeAt(++i) - 48
    ) {
      mantissa = mantissa * 10 + digit;
    }
    decimals = i - fractionStart;
    if (decimals === 0) return Number.NaN;
  }
  if (i !== end || mantissa > Number.MAX_SAFE_INTEGER || decimals >= EXACT_POWERS_OF_TEN.length)
    return Number.NaN;
  const value = mantissa / (EXACT_POWERS_OF_TEN[decimals] ?? 1);
  return negative ? -value : value;
}

/** The code unit a one-letter escape (the letter's code) stands for, or -1 (`\u` is handled apart). */
export function escapedCodeUnit(code: number): number {
  switch (code) {
    case 34:
    case 92:
    case 47:
      return code;
    case 98:
      return 8;
    case 102:
      return 12;
    case 110:
      return 10;
    case 114:
      return 13;
    case 116:
      return 9;
    default:
      return -1;
  }
}
