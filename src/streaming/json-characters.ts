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
  return (code >= 48 && code <= 57) || code === 45 || code === 43 || code === 46 || code === 101 || code === 69;
}

/** True when `text` has no quote, backslash or control character: it cannot end or escape anything. */
export function isPlainText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 34 || code === 92 || code < 32) return false;
  }
  return true;
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
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
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
/** The character a one-letter escape stands for, or `undefined` (`\u` is handled apart). */
export function unescape(code: number): string | undefined {
  switch (code) {
    case 34:
      return '"';
    case 92:
      return '\\';
    case 47:
      return '/';
    case 98:
      return '\b';
    case 102:
      return '\f';
    case 110:
      return '\n';
    case 114:
      return '\r';
    case 116:
      return '\t';
    default:
      return undefined;
  }
}
