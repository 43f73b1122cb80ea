/** Where a JSON text stops being JSON. */
export interface JsonSyntaxErrorLocation {
  /** 1-based line. */
  readonly line: number;
  /** 1-based column, in UTF-16 code units as editors count them. */
  readonly column: number;
  /** 0-based offset into the text. */
  readonly offset: number;
  /** What `JSON.parse` said, without its position and without its copy of the input. */
  readonly reason: string;
}

/**
 * Locates the syntax error `JSON.parse(text)` threw.
 *
 * V8 gives "at position N" for most errors but not for "Unexpected token" or "Unexpected end
 * of JSON input"; for those a small scanner finds the first offset where `text` stops being
 * JSON. The scanner runs only after a failed parse, so the common path costs nothing.
 */
export function locateJsonSyntaxError(text: string, error: unknown): JsonSyntaxErrorLocation {
  const message = error instanceof Error ? error.message : String(error);
  const match = / at position (\d+)/.exec(message);
  const offset = match?.[1] === undefined ? firstSyntaxErrorOffset(text) : Number(match[1]);
  const reason = message
    .replace(/ in JSON at position \d+.*$/s, '')
    .replace(/, ".*" is not valid JSON$/s, '')
    .replace(/ \(line \d+ column \d+\)$/, '');
  return { ...lineAndColumn(text, offset), offset, reason };
}

/** 1-based line and column of `offset` in `text`. */
export function lineAndColumn(
  text: string,
  offset: number,
): { readonly line: number; readonly column: number } {
  let line = 1;
  let lineStart = 0;
  for (
    let index = text.indexOf('\n');
    index !== -1 && index < offset;
    index = text.indexOf('\n', index + 1)
  ) {
    line++;
    lineStart = index + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4 = /[0-9a-fA-F]{4}/y;

/**
 * The offset of the first character at which `text` is not JSON (`text.length` when it ends
 * too early), or -1 when it is JSON. Iterative, so deep nesting cannot overflow the stack.
 */
function firstSyntaxErrorOffset(text: string): number {
  let at = 0;
  const stack: ('[' | '{')[] = [];
  const skipWhitespace = (): void => {
    while (at < text.length && WHITESPACE.has(text.charAt(at))) at++;
  };
  const readString = (): boolean => {
    at++;
    while (at < text.length) {
      const char = text.charAt(at);
      if (char === '"') {
        at++;
        return true;
      }
      if (char.charCodeAt(0) < 0x20) return false;
      if (char === '\\') {
        const next = text.charAt(at + 1);
        if (next === 'u') {
          HEX4.lastIndex = at + 2;
          if (!HEX4.test(text)) return ((at += 2), false);
          at += 6;
        } else if (ESCAPES.has(next)) at += 2;
        else return ((at += 1), false);
      } else at++;
    }
    return false;
  };
  const readKey = (): boolean => {
    skipWhitespace();
    if (text.charAt(at) !== '"' || !readString()) return false;
    skipWhitespace();
    if (text.charAt(at) !== ':') return false;
    at++;
    return true;
  };

  for (;;) {
    skipWhitespace();
    const char = text.charAt(at);
    let opened = false;
    if (char === '{' || char === '[') {
      at++;
      skipWhitespace();
      if (text.charAt(at) === (char === '{' ? '}' : ']')) at++;
      else {
        stack.push(char);
        if (char === '{' && !readKey()) return at;
        opened = true;
      }
    } else if (char === '"') {
      if (!readString()) return at;
    } else if (char === '-' || (char >= '0' && char <= '9')) {
      NUMBER.lastIndex = at;
      if (!NUMBER.test(text)) return at + 1;
      at = NUMBER.lastIndex;
    } else {
      const literal = ['true', 'false', 'null'].find(
        (word) => word.startsWith(char) && char !== '',
      );
      if (literal === undefined) return at;
      for (const expected of literal) {
        if (text.charAt(at) !== expected) return at;
        at++;
      }
    }
    if (opened) continue;
    // After a value: close containers, or move to the next element.
    for (;;) {
      skipWhitespace();
      const top = stack.at(-1);
      if (top === undefined) return at < text.length ? at : -1;
      const next = text.charAt(at);
      if (next === (top === '{' ? '}' : ']')) {
        stack.pop();
        at++;
        continue;
      }
      if (next !== ',') return at;
      at++;
      if (top === '{' && !readKey()) return at;
      break;
    }
  }
}
