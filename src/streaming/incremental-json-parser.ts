import { StreamAccumulationError } from '../errors/stream-accumulation-error.js';
import { ToolHistoryError } from '../errors/tool-history-error.js';
import { hexValue, isJsonNumber, isNumberChar, isPlainText, isWhitespace, setMember, unescape } from './json-characters.js';

/** Options of {@link createIncrementalJsonParser}. */
export interface IncrementalJsonParserOptions {
  /**
   * Most containers (objects and arrays) that may be open at once. Opening one more throws a
   * `StreamAccumulationError` with `limit: 'depth'`.
   * @defaultValue 128
   */
  readonly maxDepth?: number | undefined;
}

/** Where and why a text stopped being valid JSON. */
export interface JsonSyntaxProblem {
  /** 0-based offset (in UTF-16 code units) of the offending character, or the text length at the end. */
  readonly position: number;
  /** What was expected, in plain words. */
  readonly message: string;
}

/**
 * A streaming JSON parser: it consumes each chunk once and keeps the value parsed so far.
 *
 * Partial semantics of {@link IncrementalJsonParser.value} after any prefix of a JSON text:
 * - `undefined` until a value starts (empty or whitespace-only input);
 * - objects and arrays exist from their opening bracket and are the same objects until the end:
 *   they are mutated in place, never rebuilt;
 * - a member appears once its key is complete, the colon has been read and its value has started
 *   (per the rules below); a key is never partial;
 * - a string appears (as `""`) at its opening quote and grows with every chunk; an escape sequence
 *   is added only when complete (`\u` needs its four hex digits);
 * - `true`, `false` and `null` appear when fully spelled;
 * - a number appears only when a character after it shows it is complete (whitespace, `,`, `]` or
 *   `}`), or at {@link IncrementalJsonParser.end} for a top-level number, so `1` never shows up as
 *   the first digit of `12`;
 * - duplicate keys: the last one wins (as in `JSON.parse`); `__proto__` is an ordinary own key.
 *
 * After a syntax error the parser stops: `value` keeps what was parsed before the error and
 * `error` says where it happened. Every chunk costs time proportional to its length; a string
 * value being streamed is appended to, and written into its parent once per chunk.
 */
export interface IncrementalJsonParser {
  /** Consumes the next chunk of text. */
  write(chunk: string): void;
  /** Marks the end of the text: commits a trailing top-level number, or records the truncation. */
  end(): void;
  /** The value parsed so far (see the partial semantics above). */
  readonly value: unknown;
  /** True once a complete top-level value has been read (only whitespace may follow). */
  readonly complete: boolean;
  /** The first syntax problem, if any. */
  readonly error: JsonSyntaxProblem | undefined;
  /** Number of containers currently open. */
  readonly depth: number;
}

/** The default of {@link IncrementalJsonParserOptions.maxDepth}, as in openai-node. */
export const DEFAULT_MAX_JSON_DEPTH = 128;

/** How many recent keys {@link StreamingJsonParser.keyAt} remembers. */
const RECENT_KEYS = 16;

type Container = Record<string, unknown> | unknown[];

const VALUE = 0;
const ARRAY_FIRST = 1;
const OBJECT_FIRST = 2;
const KEY = 3;
const COLON = 4;
const AFTER_VALUE = 5;
const STRING = 6;
const ESCAPE = 7;
const UNICODE = 8;
const NUMBER = 9;
const LITERAL = 10;
const DONE = 11;
const FAILED = 12;

class StreamingJsonParser implements IncrementalJsonParser {
  private state = VALUE;
  private root: unknown = undefined;
  private readonly containers: Container[] = [];
  private readonly keys: string[] = [];
  /** Whether the innermost open container is an array (kept apart: checked for every value). */
  private inArray = false;
  private readonly recentKeys: string[] = [];
  private recentKeyCursor = 0;
  private readonly maxDepth: number;
  /** The string being read (a key when `inKey`). */
  private text = '';
  private inKey = false;
  private stringTarget: Container | undefined = undefined;
  private stringSlot: string | number = 0;
  private stringInArray = false;
  private unicodeValue = 0;
  private unicodeDigits = 0;
  private numberText = '';
  private literalWord = '';
  private literalValue: boolean | null = null;
  private literalPosition = 0;
  private offset = 0;
  private ended = false;
  private problem: JsonSyntaxProblem | undefined = undefined;

  constructor(options?: IncrementalJsonParserOptions) {
    this.maxDepth = options?.maxDepth ?? DEFAULT_MAX_JSON_DEPTH;
  }

  get value(): unknown {
    return this.root;
  }

  get complete(): boolean {
    return this.state === DONE;
  }

  get error(): JsonSyntaxProblem | undefined {
    return this.problem;
  }

  get depth(): number {
    return this.containers.length;
  }

  write(chunk: string): void {
    if (this.ended) throw new ToolHistoryError('invalid-input', 'IncrementalJsonParser.write() was called after end().');
    const length = chunk.length;
    if (this.state === STRING && !this.inKey && isPlainText(chunk)) {
      // Fast path for the commonest chunk: text in the middle of a long string value.
      this.text += chunk;
      this.flushString();
      this.offset += length;
      return;
    }
    // The state lives in a local while the chunk is scanned; helpers return the next state.
    let state = this.state;
    let i = 0;
    while (i < length && state !== FAILED) {
      const code = chunk.charCodeAt(i);
      switch (state) {
        case STRING: {
          // Decode the chunk's part of the string locally and append it once: escapes are common
          // (code, quotes, newlines) and one append per escape would build a rope of tiny pieces.
          let decoded = '';
          let runStart = i;
          let j = i;
          let c = code;
          for (;;) {
            while (c !== 34 && c !== 92 && c >= 32) {
              if (++j === length) break;
              c = chunk.charCodeAt(j);
            }
            if (j === length || c !== 92 || j + 1 === length) break;
            const escaped = unescape(chunk.charCodeAt(j + 1));
            if (escaped === undefined) break; // \u or an invalid escape: the slow path handles it
            decoded += chunk.slice(runStart, j) + escaped;
            j += 2;
            runStart = j;
            if (j === length) break;
            c = chunk.charCodeAt(j);
          }
          if (j > runStart) decoded += runStart === 0 && j === length ? chunk : chunk.slice(runStart, j);
          if (decoded !== '') this.text += decoded;
          i = j;
          if (i === length) break;
          i++;
          if (c === 34) state = this.closeString();
          else if (c === 92) state = ESCAPE;
          else state = this.fail(i - 1, 'a control character must be escaped inside a string', state);
          break;
        }
        case VALUE:
        case ARRAY_FIRST:
          if (isWhitespace(code)) i++;
          else if (code === 93 && state === ARRAY_FIRST) {
            i++;
            state = this.closeContainer();
          } else if (code === 45 || (code >= 48 && code <= 57)) {
            // The NUMBER state reads the number from its first character.
            this.numberText = '';
            state = NUMBER;
          } else if (code === 116 || code === 102 || code === 110) {
            // Fast path: a literal wholly inside this chunk is placed at once.
            const word = code === 116 ? 'true' : code === 102 ? 'false' : 'null';
            if (chunk.startsWith(word, i)) {
              this.placeValue(code === 116 ? true : code === 102 ? false : null);
              i += word.length;
              state = this.containers.length === 0 ? DONE : AFTER_VALUE;
            } else {
              state = this.startValue(code, i, state);
              i++;
            }
          } else {
            state = this.startValue(code, i, state);
            i++;
          }
          break;
        case OBJECT_FIRST:
        case KEY:
          if (isWhitespace(code)) i++;
          else if (code === 34) {
            // Fast path: a key that ends in this chunk and has no escapes is sliced out whole.
            let j = i + 1;
            let c = 0;
            while (j < length && (c = chunk.charCodeAt(j)) !== 34 && c !== 92 && c >= 32) j++;
            if (j < length && c === 34) {
              this.keys[this.keys.length - 1] = this.keyAt(chunk, i + 1, j);
              i = j + 1;
              state = COLON;
            } else {
              i++;
              this.text = '';
              this.inKey = true;
              state = STRING;
            }
          } else if (code === 125 && state === OBJECT_FIRST) {
            i++;
            state = this.closeContainer();
          } else state = this.fail(i, 'expected a string key', state);
          break;
        case COLON:
          if (isWhitespace(code)) i++;
          else if (code === 58) {
            i++;
            state = VALUE;
          } else state = this.fail(i, "expected ':' after the key", state);
          break;
        case AFTER_VALUE:
          if (isWhitespace(code)) i++;
          else if (code === 44) {
            i++;
            state = this.inArray ? VALUE : KEY;
          } else if (code === (this.inArray ? 93 : 125)) {
            i++;
            state = this.closeContainer();
          } else state = this.fail(i, this.inArray ? "expected ',' or ']'" : "expected ',' or '}'", state);
          break;
        case ESCAPE: {
          if (code === 117) {
            this.unicodeValue = 0;
            this.unicodeDigits = 0;
            state = UNICODE;
          } else {
            const decoded = unescape(code);
            if (decoded === undefined) {
              state = this.fail(i, 'invalid escape sequence', state);
              break;
            }
            this.text += decoded;
            state = STRING;
          }
          i++;
          break;
        }
        case UNICODE: {
          const digit = hexValue(code);
          if (digit < 0) {
            state = this.fail(i, 'expected four hex digits after \\u', state);
            break;
          }
          this.unicodeValue = this.unicodeValue * 16 + digit;
          if (++this.unicodeDigits === 4) {
            this.text += String.fromCharCode(this.unicodeValue);
            state = STRING;
          }
          i++;
          break;
        }
        case NUMBER: {
          let j = i;
          while (j < length && isNumberChar(chunk.charCodeAt(j))) j++;
          this.numberText += chunk.slice(i, j);
          i = j;
          // The character that ends the number is processed again in the state after the value.
          if (i < length) state = this.commitNumber(i, state);
          break;
        }
        case LITERAL: {
          const word = this.literalWord;
          if (code !== word.charCodeAt(this.literalPosition)) {
            state = this.fail(i, `expected '${word}'`, state);
            break;
          }
          i++;
          if (++this.literalPosition === word.length) {
            this.placeValue(this.literalValue);
            state = this.containers.length === 0 ? DONE : AFTER_VALUE;
          }
          break;
        }
        case DONE:
          if (isWhitespace(code)) i++;
          else state = this.fail(i, 'unexpected content after the JSON value', state);
          break;
        default:
          i = length;
      }
    }
    this.state = state;
    if (!this.inKey && (state === STRING || state === ESCAPE || state === UNICODE)) this.flushString();
    this.offset += length;
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    let state = this.state;
    if (state === NUMBER && this.containers.length === 0) state = this.commitNumber(0, state);
    if (!(state === FAILED || state === DONE || (state === VALUE && this.containers.length === 0))) {
      // Anything but a complete value, an error or empty (whitespace-only) input is a truncation.
      this.problem = { position: this.offset, message: 'unexpected end of input (the JSON text is truncated)' };
      state = FAILED;
    }
    this.state = state;
  }

  /** Starts a string, object, array or literal value at `index` (numbers are read by the NUMBER state). */
  private startValue(code: number, index: number, state: number): number {
    switch (code) {
      case 123:
        this.openContainer({}, index);
        return OBJECT_FIRST;
      case 91:
        this.openContainer([], index);
        return ARRAY_FIRST;
      case 34: {
        this.text = '';
        this.inKey = false;
        const depth = this.containers.length;
        const target = depth === 0 ? undefined : this.containers[depth - 1];
        this.stringTarget = target;
        this.stringInArray = this.inArray;
        if (this.inArray) this.stringSlot = (target as unknown[]).length;
        else if (target !== undefined) this.stringSlot = this.keys[depth - 1] ?? '';
        // No placeholder is stored here: the string is written into its slot when it closes or at
        // the end of this chunk, whichever comes first, so callers still see it from its opening quote.
        return STRING;
      }
      case 116:
        return this.startLiteral('true', true);
      case 102:
        return this.startLiteral('false', false);
      case 110:
        return this.startLiteral('null', null);
      default:
        return this.fail(index, 'expected a value', state);
    }
  }

  /**
   * The key `chunk[start, end)`, reusing a recently seen equal string: arrays of objects repeat
   * the same few keys, and a reused key costs neither an allocation nor a string-table lookup.
   */
  private keyAt(chunk: string, start: number, end: number): string {
    const cache = this.recentKeys;
    const size = end - start;
    for (const key of cache) {
      if (key.length === size && chunk.startsWith(key, start)) return key;
    }
    const key = chunk.slice(start, end);
    if (cache.length < RECENT_KEYS) cache.push(key);
    else cache[this.recentKeyCursor++ % RECENT_KEYS] = key;
    return key;
  }

  private startLiteral(word: string, value: boolean | null): number {
    this.literalWord = word;
    this.literalValue = value;
    this.literalPosition = 1;
    return LITERAL;
  }

  private openContainer(container: Container, index: number): void {
    const depth = this.containers.length + 1;
    if (depth > this.maxDepth) {
      this.fail(index, `nesting deeper than ${this.maxDepth}`, VALUE);
      this.state = FAILED;
      throw new StreamAccumulationError(
        { code: 'stream-limit', limit: 'depth', attempted: depth, maximum: this.maxDepth },
        `JSON nesting reached depth ${depth} at offset ${this.offset + index}, over the limit of ${this.maxDepth}. Raise limits.maxDepth if the arguments are legitimately this deep.`,
      );
    }
    this.placeValue(container);
    this.containers.push(container);
    this.keys.push('');
    this.inArray = Array.isArray(container);
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
    const slot = this.stringSlot;
    if (target === undefined) this.root = this.text;
    else if (this.stringInArray) (target as unknown[])[slot as number] = this.text;
    // A store site of its own, not setMember's: this one runs once per chunk of a long string and
    // sees few shapes, while setMember's sees every member of every object and goes megamorphic.
    else if (slot !== '__proto__') (target as Record<string, unknown>)[slot] = this.text;
    else setMember(target as Record<string, unknown>, slot, this.text);
  }

  private commitNumber(index: number, state: number): number {
    const text = this.numberText;
    if (!isJsonNumber(text)) return this.fail(index, `invalid number '${text}'`, state);
    this.placeValue(Number(text));
    return this.containers.length === 0 ? DONE : AFTER_VALUE;
  }

  private placeValue(value: unknown): void {
    const depth = this.containers.length;
    if (depth === 0) {
      this.root = value;
      return;
    }
    const top = this.containers[depth - 1];
    if (this.inArray) (top as unknown[]).push(value);
    else setMember(top as Record<string, unknown>, this.keys[depth - 1] ?? '', value);
  }

  /** Records a syntax problem (keeping the text of a string cut short) and returns the FAILED state. */
  private fail(index: number, message: string, state: number): number {
    if (!this.inKey && (state === STRING || state === ESCAPE || state === UNICODE)) this.flushString();
    this.problem = { position: this.offset + index, message };
    return FAILED;
  }
}

/**
 * Returns a new {@link IncrementalJsonParser}.
 *
 * @example
 * const parser = createIncrementalJsonParser();
 * parser.write('{"city": "Par');
 * parser.value; // { city: 'Par' }
 * parser.write('is", "days": 3}');
 * parser.end();
 * parser.value; // { city: 'Paris', days: 3 }
 */
export function createIncrementalJsonParser(options?: IncrementalJsonParserOptions): IncrementalJsonParser {
  return new StreamingJsonParser(options);
}
