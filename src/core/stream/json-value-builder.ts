import { StreamAccumulationError } from '../../errors/stream-accumulation-error.js';
import type { JsonSyntaxProblem } from './incremental-json-parser-types.js';
import { isJsonNumber, setMember, shortJsonNumber } from './json-characters.js';
import { RecentKeys } from './recent-keys.js';

/** An open object or array. */
export type Container = Record<string, unknown> | unknown[];

// The parser's states; `write` keeps the current one in a local while it scans a chunk. States up
// to DONE are between tokens, where whitespace is skipped.
/** State: Expecting a value. */
export const VALUE = 0;
/** State: After `[`: a value or `]`. */
export const ARRAY_FIRST = 1;
/** State: After `{`: a key or `}`. */
export const OBJECT_FIRST = 2;
/** State: After `,` in an object: a key. */
export const KEY = 3;
/** State: After a key: `:`. */
export const COLON = 4;
/** State: After a value inside a container: `,` or the closing bracket. */
export const AFTER_VALUE = 5;
/** State: The top-level value is complete. */
export const DONE = 6;
/** State: Inside a string (a key when `inKey`). */
export const STRING = 7;
/** State: After a backslash inside a string. */
export const ESCAPE = 8;
/** State: Reading the four hex digits of a `\\u` escape. */
export const UNICODE = 9;
/** State: Inside a number that continues past the chunk. */
export const NUMBER = 10;
/** State: Inside `true`, `false` or `null`. */
export const LITERAL = 11;
/** State: A syntax problem stopped the parser. */
export const FAILED = 12;

/**
 * The value an incremental JSON parser builds while text streams in: the open containers, the key
 * and string being read, where each value goes, and the problem that stopped it. The character
 * loop (`StreamingJsonParser.write`) drives it; the helpers return the parser's next state.
 */
export abstract class JsonValueBuilder {
  protected state: number = VALUE;
  protected root: unknown = undefined;
  protected readonly containers: Container[] = [];
  protected readonly keys: string[] = [];
  /** Whether the innermost open container is an array (kept apart: checked for every value). */
  protected inArray = false;
  /** Keys seen last: a key sliced or assembled again is the string already seen. */
  protected readonly recentKeys: RecentKeys = new RecentKeys();
  protected readonly maxDepth: number;
  /** The string being read (a key when `inKey`). */
  protected text = '';
  protected inKey = false;
  protected stringTarget: Container | undefined = undefined;
  protected stringSlot: string | number = 0;
  protected stringInArray = false;
  protected literalWord = '';
  protected literalValue: boolean | null = null;
  protected literalPosition = 0;
  /** Characters of earlier chunks, for positions in problems. */
  protected offset = 0;
  protected problem: JsonSyntaxProblem | undefined = undefined;

  constructor(maxDepth: number) {
    this.maxDepth = maxDepth;
  }

  /** Starts a string, object, array or literal value at `index` (numbers are read by the NUMBER state). */
  protected startValue(code: number, index: number, state: number): number {
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

  protected startLiteral(word: string, value: boolean | null): number {
    this.literalWord = word;
    this.literalValue = value;
    this.literalPosition = 1;
    return LITERAL;
  }

  protected openContainer(container: Container, index: number): void {
    const depth = this.containers.length + 1;
    if (depth > this.maxDepth) this.depthExceeded(depth, index);
    this.placeValue(container);
    this.containers.push(container);
    this.keys.push('');
    this.inArray = Array.isArray(container);
  }

  /** Stops at a container opened past `maxDepth` (kept apart from the hot path). */
  protected depthExceeded(depth: number, index: number): never {
    this.fail(index, `nesting deeper than ${this.maxDepth}`, VALUE);
    this.state = FAILED;
    throw new StreamAccumulationError(
      { code: 'stream-limit', limit: 'depth', attempted: depth, maximum: this.maxDepth },
      `JSON nesting reached depth ${depth} at offset ${this.offset + index}, over the limit of ${this.maxDepth}. Raise limits.maxDepth if the arguments are legitimately this deep.`,
    );
  }

  protected closeContainer(): number {
    const containers = this.containers;
    containers.pop();
    this.keys.pop();
    const depth = containers.length;
    this.inArray = depth > 0 && Array.isArray(containers[depth - 1]);
    return depth === 0 ? DONE : AFTER_VALUE;
  }

  protected closeString(): number {
    if (this.inKey) {
      this.keys[this.keys.length - 1] = this.recentKeys.remember(this.text);
      this.inKey = false;
      return COLON;
    }
    this.flushString();
    return this.containers.length === 0 ? DONE : AFTER_VALUE;
  }

  protected flushString(): void {
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
  protected commitNumber(
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

  protected placeValue(value: unknown): void {
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
  protected fail(index: number, message: string, state: number): number {
    if (!this.inKey && (state === STRING || state === ESCAPE || state === UNICODE))
      this.flushString();
    this.problem = { position: this.offset + index, message };
    return FAILED;
  }
}
