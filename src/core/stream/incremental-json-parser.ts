import { StreamAccumulationError } from '../../errors/stream-accumulation-error.js';
import { ToolHistoryError } from '../../errors/tool-history-error.js';
import {
  escapedCodeUnit,
  hexValue,
  isJsonNumber,
  isNumberChar,
  isWhitespace,
  setMember,
  shortJsonNumber,
} from './json-characters.js';
import { decodeStringPart, type StringPart } from './json-string-part.js';
import { RecentKeys } from './recent-keys.js';

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

type Container = Record<string, unknown> | unknown[];

// States up to DONE are between tokens, where whitespace is skipped.
const VALUE = 0;
const ARRAY_FIRST = 1;
const OBJECT_FIRST = 2;
const KEY = 3;
const COLON = 4;
const AFTER_VALUE = 5;
const DONE = 6;
const STRING = 7;
const ESCAPE = 8;
const UNICODE = 9;
const NUMBER = 10;
const LITERAL = 11;
const FAILED = 12;

class StreamingJsonParser implements IncrementalJsonParser {
  private state = VALUE;
  private root: unknown = undefined;
  private readonly containers: Container[] = [];
  private readonly keys: string[] = [];
  /** Whether the innermost open container is an array (kept apart: checked for every value). */
  private inArray = false;
  /** Keys seen last: a key sliced or assembled again is the string already seen. */
  private readonly recentKeys = new RecentKeys();
  private readonly maxDepth: number;
  /** The string being read (a key when `inKey`). */
  private text = '';
  /** Scratch for {@link decodeStringPart}, reused for every chunk. */
  private readonly part: StringPart = { text: '', end: 0 };
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
    // `write` reads `ended` on every chunk, and it changes once, at the end of the text. V8 treats a
    // field that no instance has changed yet as a constant: the first parser to end would then
    // throw away the optimized `write` of every parser, in the middle of other streams, and V8 was
    // seen to leave it unoptimized for the rest of the process (half the speed). Changing the
    // field once here makes it an ordinary field from the first parser on.
    this.ended = true;
    this.ended = false;
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
    if (this.ended)
      throw new ToolHistoryError(
        'invalid-input',
        'IncrementalJsonParser.write() was called after end().',
      );
    const length = chunk.length;
    // The state lives in a local while the chunk is scanned; helpers return the next state.
    let state = this.state;
    let i = 0;
    // Each helper called here is inlined into this loop while V8's budget for one function lasts,
    // so a path is called from one place where it can be (one string decoder, one whitespace check).
    while (i < length && state !== FAILED) {
      const code = chunk.charCodeAt(i);
      if (state <= DONE && isWhitespace(code)) {
        i++;
        continue;
      }
      switch (state) {
        case STRING: {
          // The chunk's part of the string (all of it, for the commonest chunk: text in the middle
          // of a long string) is decoded apart and appended once: escapes are common (code,
          // quotes, newlines) and one append per escape would build a rope of tiny pieces.
          const part = this.part;
          decodeStringPart(chunk, i, part);
          if (part.text !== '') this.text += part.text;
          i = part.end;
          if (i === length) break;
          const stop = chunk.charCodeAt(i++);
          if (stop === 34) state = this.closeString();
          else if (stop === 92) state = ESCAPE;
          else
            state = this.fail(i - 1, 'a control character must be escaped inside a string', state);
          break;
        }
        case VALUE:
        case ARRAY_FIRST:
          if (code === 93 && state === ARRAY_FIRST) {
            i++;
            state = this.closeContainer();
          } else if (code === 45 || (code >= 48 && code <= 57)) {
            let j = i + 1;
            while (j < length && isNumberChar(chunk.charCodeAt(j))) j++;
            if (j < length) {
              // Fast path: a number that ends in this chunk is placed at once (the character that
              // ends it is processed again in the state after the value).
              state = this.commitNumber(chunk, i, j, state);
              i = j;
            } else {
              // The NUMBER state reads the number from its first character, across chunks.
              this.numberText = '';
              state = NUMBER;
            }
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
          if (code === 34) {
            // Fast path: a key that ends in this chunk and has no escapes is sliced out whole.
            let j = i + 1;
            let c = 0;
            while (j < length && (c = chunk.charCodeAt(j)) !== 34 && c !== 92 && c >= 32) j++;
            if (j < length && c === 34) {
              this.keys[this.keys.length - 1] = this.recentKeys.slice(chunk, i + 1, j);
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
        case ESCAPE: {
          if (code === 117) {
            this.unicodeValue = 0;
            this.unicodeDigits = 0;
            state = UNICODE;
          } else {
            const unit = escapedCodeUnit(code);
            if (unit < 0) {
              state = this.fail(i, 'invalid escape sequence', state);
              break;
            }
            this.text += String.fromCharCode(unit);
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
          if (i < length)
            state = this.commitNumber(this.numberText, 0, this.numberText.length, state, i);
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
          state = this.fail(i, 'unexpected content after the JSON value', state);
          break;
        default:
          i = length;
      }
    }
    this.state = state;
    if (!this.inKey && (state === STRING || state === ESCAPE || state === UNICODE))
      this.flushString();
    this.offset += length;
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    let state = this.state;
    if (state === NUMBER && this.containers.length === 0)
      state = this.commitNumber(this.numberText, 0, this.numberText.length, state, 0);
    if (!(
      state === FAILED ||
      state === DONE ||
      (state === VALUE && this.containers.length === 0)
    )) {
      // Anything but a complete value, an error or empty (whitespace-only) input is a truncation.
      this.problem = {
        position: this.offset,
        message: 'unexpected end of input (the JSON text is truncated)',
      };
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
        // Not `[]`: V8 gives `new Array()` room for four elements, where the first push onto `[]`
        // grows it to seventeen. Most arrays in arguments are short, and the whole value is built
        // while the stream runs, so every spare slot is copied by the garbage collector.
        this.openContainer(new Array<unknown>(), index);
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

  private startLiteral(word: string, value: boolean | null): number {
    this.literalWord = word;
    this.literalValue = value;
    this.literalPosition = 1;
    return LITERAL;
  }

  private openContainer(container: Container, index: number): void {
    const depth = this.containers.length + 1;
    if (depth > this.maxDepth) this.depthExceeded(depth, index);
    this.placeValue(container);
    this.containers.push(container);
    this.keys.push('');
    this.inArray = Array.isArray(container);
  }

  /** Stops at a container opened past `maxDepth` (kept apart from the hot path). */
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
      this.keys[this.keys.length - 1] = this.recentKeys.remember(this.text);
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

  /**
   * Places the number `source[start, end)`, or fails if it is not one. The error is reported at
   * `errorIndex` in the chunk (the character after the number), which defaults to `end`.
   */
  private commitNumber(
    source: string,
    start: number,
    end: number,
    state: number,
    errorIndex: number = end,
  ): number {
    let value = shortJsonNumber(source, start, end);
    if (Number.isNaN(value)) {
      const text = source.slice(start, end);
      if (!isJsonNumber(text)) return this.fail(errorIndex, `invalid number '${text}'`, state);
      // parseFloat reads the same value as Number for text in JSON's number grammar, and does not
      // first hash the string to see whether it is an array index.
      value = Number.parseFloat(text);
    }
    this.placeValue(value);
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
    if (!this.inKey && (state === STRING || state === ESCAPE || state === UNICODE))
      this.flushString();
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
export function createIncrementalJsonParser(
  options?: IncrementalJsonParserOptions,
): IncrementalJsonParser {
  return new StreamingJsonParser(options);
}
