import { ToolHistoryError } from '../../errors/tool-history-error.js';
import {
  DEFAULT_MAX_JSON_DEPTH,
  type IncrementalJsonParser,
  type IncrementalJsonParserOptions,
  type JsonSyntaxProblem,
} from './incremental-json-parser-types.js';
import { escapedCodeUnit, hexValue, isNumberChar, isWhitespace } from './json-characters.js';
import { decodeStringPart, type StringPart } from './json-string-part.js';
import {
  AFTER_VALUE,
  ARRAY_FIRST,
  COLON,
  DONE,
  ESCAPE,
  FAILED,
  JsonValueBuilder,
  KEY,
  LITERAL,
  NUMBER,
  OBJECT_FIRST,
  STRING,
  UNICODE,
  VALUE,
} from './json-value-builder.js';

export { DEFAULT_MAX_JSON_DEPTH } from './incremental-json-parser-types.js';
export type {
  IncrementalJsonParser,
  IncrementalJsonParserOptions,
  JsonSyntaxProblem,
} from './incremental-json-parser-types.js';

/** The character loop: reads each chunk and drives the {@link JsonValueBuilder}. */
class StreamingJsonParser extends JsonValueBuilder implements IncrementalJsonParser {
  /** Scratch for {@link decodeStringPart}, reused for every chunk. */
  private readonly part: StringPart = { text: '', end: 0 };
  private unicodeValue = 0;
  private unicodeDigits = 0;
  private numberText = '';
  private ended = false;

  constructor(options?: IncrementalJsonParserOptions) {
    super(options?.maxDepth ?? DEFAULT_MAX_JSON_DEPTH);
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
          // A string that starts in this chunk takes the part itself (no concatenation).
          const text = this.text;
          if (text === '') this.text = part.text;
          else if (part.text !== '') this.text = text + part.text;
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
