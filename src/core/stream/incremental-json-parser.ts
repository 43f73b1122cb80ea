import { StreamAccumulationError } from '../../errors/tool-history-error.js';

/** The default of the parser's `maxDepth`, as in openai-node. */
export const DEFAULT_MAX_JSON_DEPTH = 128;

/** Where and why a text stopped being valid JSON. */
interface JsonSyntaxProblem {
  /** 0-based offset (UTF-16 code units) of the offending character. */
  readonly position: number;
  readonly message: string;
}

type Container = Record<string, unknown> | unknown[];

// States up to DONE are between tokens, where whitespace is skipped.
const VALUE = 0; // expecting a value
const ARRAY_FIRST = 1; // after `[`: a value or `]`
const OBJECT_FIRST = 2; // after `{`: a key or `}`
const KEY = 3; // after `,` in an object
const COLON = 4;
const AFTER_VALUE = 5; // `,` or the closing bracket
const DONE = 6;
const STRING = 7; // inside a string (a key when `inKey`)
const NUMBER = 8; // a number that continues past the chunk
const LITERAL = 9; // inside `true`, `false` or `null`
const FAILED = 10;

const LITERALS: Readonly<Record<number, readonly [string, boolean | null]>> = {
  116: ['true', true],
  102: ['false', false],
  110: ['null', null],
};

function isWhitespace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}

function isNumberChar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    code === 45 ||
    code === 43 ||
    code === 46 ||
    code === 101 ||
    code === 69
  );
}

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const HEX = /^[0-9a-fA-F]*/;
// A backslash whose escape the chunk cuts off: it is read again with the next chunk.
const CUT_ESCAPE = /^\\(?:u[0-9a-fA-F]{0,3})?$/;

// The code unit each one-letter escape stands for, by the letter's code.
const ESCAPES: number[] = [];
for (const pair of ['""', '\\\\', '//', 'b\b', 'f\f', 'n\n', 'r\r', 't\t'])
  ESCAPES[pair.charCodeAt(0)] = pair.charCodeAt(1);

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  if (code >= 65 && code <= 70) return code - 55;
  return -1;
}

/** The code unit of the escape at `chunk[at]` (a backslash), or -1 if invalid or cut off. */
function escapeAt(chunk: string, at: number): number {
  const code = chunk.charCodeAt(at + 1);
  if (code !== 117) return ESCAPES[code] ?? -1;
  if (at + 6 > chunk.length) return -1;
  let unit = 0;
  for (let k = at + 2; k < at + 6; k++) {
    const digit = hexValue(chunk.charCodeAt(k));
    if (digit < 0) return -1;
    unit = unit * 16 + digit;
  }
  return unit;
}

/** Sets `target[key]` as `JSON.parse` would (`__proto__` an own property). */
function setMember(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  else target[key] = value;
}

/**
 * A streaming JSON parser that reads each chunk once. Containers exist from their opening bracket
 * and are mutated in place; strings grow with every chunk; literals and numbers appear when
 * complete. Duplicate keys and `__proto__` behave as in `JSON.parse`; after an error `value` keeps
 * what came before. Nesting past `maxDepth` throws `StreamAccumulationError` (`limit: 'depth'`).
 */
export class IncrementalJsonParser {
  value: unknown = undefined;
  error: JsonSyntaxProblem | undefined = undefined;
  private state = VALUE;
  private readonly containers: Container[] = [];
  private readonly keys: string[] = [];
  private inArray = false;
  private text = '';
  private inKey = false;
  private stringTarget: Container | undefined = undefined;
  private stringSlot: string | number = 0;
  /** The start of an escape cut off by the last chunk. */
  private pending = '';
  private numberText = '';
  private literal: readonly [string, boolean | null] = ['', null];
  private literalPosition = 0;
  private offset = 0;

  constructor(private readonly maxDepth: number = DEFAULT_MAX_JSON_DEPTH) {}

  /** True once a complete top-level value has been read. */
  get complete(): boolean {
    return this.state === DONE;
  }

  write(chunk: string): void {
    if (this.pending !== '') {
      chunk = this.pending + chunk;
      this.offset -= this.pending.length;
      this.pending = '';
    }
    const length = chunk.length;
    let state = this.state;
    let i = 0;
    while (i < length && state !== FAILED) {
      const code = chunk.charCodeAt(i);
      if (state <= DONE && isWhitespace(code)) {
        i++;
        continue;
      }
      switch (state) {
        case STRING:
          i = this.readString(chunk, i);
          if (i === length) break;
          if (chunk.charCodeAt(i) === 34) {
            i++;
            state = this.closeString();
          } else {
            // Failed, or the rest is an escape cut off, kept for the next chunk.
            state = this.badString(chunk, i, state);
            i = length;
          }
          break;
        case VALUE:
        case ARRAY_FIRST:
          if (code === 93 && state === ARRAY_FIRST) {
            i++;
            state = this.closeContainer();
          } else if (code === 45 || (code >= 48 && code <= 57)) {
            this.numberText = '';
            state = NUMBER;
          } else {
            state = this.startValue(code, i, state);
            i++;
          }
          break;
        case OBJECT_FIRST:
        case KEY:
          if (code === 34) {
            i++;
            this.text = '';
            this.inKey = true;
            state = STRING;
          } else if (code === 125 && state === OBJECT_FIRST) {
            i++;
            state = this.closeContainer();
          } else state = this.fail(i, 'expected a string key', state);
          break;
        case COLON:
          if (code === 58) {
            i++;
            state = VALUE;
          } else state = this.fail(i, "expected ':' after the key", state);
          break;
        case AFTER_VALUE:
          if (code === 44) {
            i++;
            state = this.inArray ? VALUE : KEY;
          } else if (code === (this.inArray ? 93 : 125)) {
            i++;
            state = this.closeContainer();
          } else
            state = this.fail(
              i,
              this.inArray ? "expected ',' or ']'" : "expected ',' or '}'",
              state,
            );
          break;
        case NUMBER: {
          let j = i;
          while (j < length && isNumberChar(chunk.charCodeAt(j))) j++;
          this.numberText += chunk.slice(i, j);
          i = j;
          // The character that ends the number is read again in the state after the value.
          if (i < length) state = this.commitNumber(i, state);
          break;
        }
        case LITERAL: {
          const [word, value] = this.literal;
          if (code !== word.charCodeAt(this.literalPosition)) {
            state = this.fail(i, `expected '${word}'`, state);
            break;
          }
          i++;
          if (++this.literalPosition === word.length) {
            this.placeValue(value);
            state = this.containers.length === 0 ? DONE : AFTER_VALUE;
          }
          break;
        }
        case DONE:
          state = this.fail(i, 'unexpected content after the JSON value', state);
          break;
        default:
          i = length;
      }
    }
    this.state = state;
    // A string being read shows in its parent from its opening quote, updated once per chunk.
    if (!this.inKey && state === STRING) this.flushString();
    this.offset += length;
  }

  /** Commits a trailing top-level number, or records the truncation. */
  end(): void {
    let state = this.state;
    if (state === NUMBER && this.containers.length === 0) state = this.commitNumber(0, state);
    // Anything but a complete value, an error or empty input is a truncation.
    if (state !== FAILED && state !== DONE && !(state === VALUE && this.containers.length === 0)) {
      this.error = {
        position: this.offset,
        message: 'unexpected end of input (the JSON text is truncated)',
      };
      state = FAILED;
    }
    this.state = state;
  }

  /** Adds the string's characters from `start` up to a quote, a control character or a bad escape. */
  private readString(chunk: string, start: number): number {
    const length = chunk.length;
    let text = '';
    let run = start;
    let i = start;
    for (;;) {
      let code = 0;
      while (i < length && (code = chunk.charCodeAt(i)) !== 34 && code !== 92 && code >= 32) i++;
      if (i === length || code !== 92) break;
      const unit = escapeAt(chunk, i);
      if (unit < 0) break;
      text += chunk.slice(run, i) + String.fromCharCode(unit);
      i += chunk.charCodeAt(i + 1) === 117 ? 6 : 2;
      run = i;
    }
    this.text += run === 0 && i === length ? chunk : text + chunk.slice(run, i);
    return i;
  }

  /** At a control character or a backslash whose escape is invalid or cut off by the chunk. */
  private badString(chunk: string, i: number, state: number): number {
    if (chunk.charCodeAt(i) !== 92)
      return this.fail(i, 'a control character must be escaped inside a string', state);
    if (CUT_ESCAPE.test(chunk.slice(i))) {
      this.pending = chunk.slice(i);
      return state;
    }
    if (chunk.charCodeAt(i + 1) !== 117) return this.fail(i + 1, 'invalid escape sequence', state);
    const digits = HEX.exec(chunk.slice(i + 2, i + 6))?.[0].length ?? 0;
    return this.fail(i + 2 + digits, 'expected four hex digits after \\u', state);
  }

  private startValue(code: number, index: number, state: number): number {
    if (code === 123 || code === 91) {
      const depth = this.containers.length + 1;
      if (depth > this.maxDepth) this.depthExceeded(depth, index);
      const container: Container = code === 123 ? {} : [];
      this.placeValue(container);
      this.containers.push(container);
      this.keys.push('');
      this.inArray = code === 91;
      return code === 123 ? OBJECT_FIRST : ARRAY_FIRST;
    }
    if (code === 34) {
      this.text = '';
      this.inKey = false;
      const depth = this.containers.length;
      const target = this.containers[depth - 1];
      this.stringTarget = target;
      if (Array.isArray(target)) this.stringSlot = target.length;
      else if (target !== undefined) this.stringSlot = this.keys[depth - 1] ?? '';
      return STRING;
    }
    const literal = LITERALS[code];
    if (literal === undefined) return this.fail(index, 'expected a value', state);
    this.literal = literal;
    this.literalPosition = 1;
    return LITERAL;
  }

  private depthExceeded(depth: number, index: number): never {
    this.fail(index, `nesting deeper than ${this.maxDepth}`, VALUE);
    this.state = FAILED;
    throw new StreamAccumulationError(
      { code: 'stream-limit', limit: 'depth', attempted: depth, maximum: this.maxDepth },
      `JSON nesting reached depth ${depth} at offset ${this.offset + index}, over the limit of ${this.maxDepth}. Raise limits.maxDepth if the arguments are legitimately this deep.`,
    );
  }

  private closeContainer(): number {
    const containers = this.containers;
    containers.pop();
    this.keys.pop();
    const depth = containers.length;
    this.inArray = depth > 0 && Array.isArray(containers[depth - 1]);
    return depth === 0 ? DONE : AFTER_VALUE;
  }

  private closeString(): number {
    if (this.inKey) {
      this.keys[this.keys.length - 1] = this.text;
      this.inKey = false;
      return COLON;
    }
    this.flushString();
    return this.containers.length === 0 ? DONE : AFTER_VALUE;
  }

  private flushString(): void {
    const target = this.stringTarget;
    if (target === undefined) this.value = this.text;
    else if (Array.isArray(target)) target[this.stringSlot as number] = this.text;
    else setMember(target, this.stringSlot as string, this.text);
  }

  /** Places the number read so far, or fails at `errorIndex`. */
  private commitNumber(errorIndex: number, state: number): number {
    const text = this.numberText;
    if (!JSON_NUMBER.test(text)) return this.fail(errorIndex, `invalid number '${text}'`, state);
    this.placeValue(Number(text));
    return this.containers.length === 0 ? DONE : AFTER_VALUE;
  }

  private placeValue(value: unknown): void {
    const depth = this.containers.length;
    const top = this.containers[depth - 1];
    if (top === undefined) this.value = value;
    else if (Array.isArray(top)) top.push(value);
    else setMember(top, this.keys[depth - 1] ?? '', value);
  }

  /** Records a syntax problem (keeping a string cut short) and returns FAILED. */
  private fail(index: number, message: string, state: number): number {
    if (!this.inKey && state === STRING) this.flushString();
    this.error = { position: this.offset + index, message };
    return FAILED;
  }
}
