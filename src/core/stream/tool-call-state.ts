import type { AccumulatedToolCall, LiveToolCall } from './accumulated-tool-call.js';
import {
  createIncrementalJsonParser,
  type IncrementalJsonParser,
} from './incremental-json-parser.js';

/** Deltas per block of a call's raw argument text (see {@link ToolCallState}). */
const TEXT_BLOCK_SIZE = 1024;
const FIRST_TEXT_BLOCK_SIZE = 64;
/**
 * A read of `argumentsText` with at most this many deltas pending since the last one means the
 * reader polls after every delta or so.
 */
const POLLED_BLOCK_LENGTH = 2;

const EMPTY_ARGUMENTS: Readonly<Record<string, unknown>> = Object.freeze({});

/** True for a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The mutable state behind one {@link LiveToolCall}; internal to the accumulator. */
export class ToolCallState implements LiveToolCall {
  /** -1 until the call starts (gets a name, a provider id or argument text). */
  index = -1;
  /**
   * Where the protocol places the call in the finished message, when the format says (the Chat
   * Completions `index`); `undefined`: in the order the calls started.
   */
  position: number | undefined = undefined;
  callId: string;
  /** The id the provider sent, when it sent a usable one. */
  providerId: string | undefined;
  name = '';
  /**
   * The argument text is kept as the deltas themselves, in fixed-size blocks, and joined only when
   * read (then cached in `joinedText`). A delta costs one pointer here, where a string rope costs a
   * node per delta that every minor GC copies: the parser already builds one rope per string
   * value, and a second one for the raw text made the garbage collector the largest cost of a long
   * stream. Blocks are allocated at full size, so filling one makes no garbage (a full block joins
   * whole, a partial one up to its length), and none is so large that it lands in the large-object
   * space.
   *
   * A reader that polls the text after every delta (a UI) switches the call to `polled`: each delta
   * is then appended to `polledText` instead, which a read returns as it is. That is the least a
   * read after every delta can allocate, one rope node per delta, and those nodes are the text
   * (joining them into flat pieces as well cost a tenth of the stream's time and a fifth of what
   * it allocates, for less memory held: see docs/streaming.md).
   */
  private textBlock: (string | undefined)[] = [];
  private textBlockLength = 0;
  private readonly fullTextBlocks: (string | undefined)[][] = [];
  private joinedText = '';
  /** While `polled`: the whole text. */
  private polledText = '';
  /** The text is read after (nearly) every delta. */
  private polled = false;
  fragments = 0;
  /** UTF-16 code units of argument text. */
  units = 0;
  /** Exact UTF-8 bytes of argument text, counted only once `units` gets near the cap; -1 before. */
  bytes = -1;
  /** Arguments given as an object up front (Anthropic `content_block_start.input`), used when no text follows. */
  private initialArguments: Readonly<Record<string, unknown>> | undefined = undefined;
  /**
   * A field, not a getter: a UI reads it after every delta, and it changes at most twice (when
   * arguments come up front, and when the parser opens the arguments object).
   */
  partialArguments: Readonly<Record<string, unknown>> = EMPTY_ARGUMENTS;
  /** Whether `partialArguments` is the parser's object (then it stays that object to the end). */
  parsedObject = false;
  result: AccumulatedToolCall | undefined = undefined;
  readonly parser: IncrementalJsonParser;

  constructor(callId: string, providerId: string | undefined, maxDepth: number) {
    this.callId = callId;
    this.providerId = providerId;
    this.parser = createIncrementalJsonParser({ maxDepth });
    // Set once here so that V8 does not treat `polled` as a constant and throw away the optimized
    // code of every stream when the first reader starts polling (see the parser's `ended`).
    this.polled = true;
    this.polled = false;
  }

  /** The argument text so far, exactly as streamed. Reading it after every delta costs O(delta). */
  get argumentsText(): string {
    // The getter is only this test, so that a reader's loop inlines it whole (see `joinText`).
    return this.polled ? this.polledText : this.joinText();
  }

  /**
   * Joins the pending deltas into the text, and switches the call to `polled` when few were
   * pending. Apart from the getter: a getter this large is inlined into a reader's loop (a UI's,
   * after every delta) and leaves no room there for V8 to remove the loop's iterator results.
   */
  private joinText(): string {
    const length = this.textBlockLength;
    if (length > 0) {
      // Read while few deltas are pending: the reader polls (a UI after every delta).
      const polls = length <= POLLED_BLOCK_LENGTH && this.fullTextBlocks.length === 0;
      const block = this.textBlock;
      let text = '';
      for (const full of this.fullTextBlocks) text += full.join('');
      this.joinedText +=
        text + (length === block.length ? block.join('') : block.slice(0, length).join(''));
      this.fullTextBlocks.length = 0;
      block.fill(undefined, 0, length);
      this.textBlockLength = 0;
      if (polls) {
        this.polled = true;
        this.polledText = this.joinedText;
      }
    }
    return this.joinedText;
  }

  /** Appends streamed argument text (the caller has checked the limits). */
  appendArgumentsText(delta: string): void {
    if (this.polled) {
      this.polledText += delta;
      return;
    }
    let block = this.textBlock;
    let length = this.textBlockLength;
    if (length === block.length) {
      if (length > 0) this.fullTextBlocks.push(block);
      // The first block of a call is small (most calls are), the next ones full size.
      block = this.textBlock = new Array<string | undefined>(
        this.fullTextBlocks.length === 0 ? FIRST_TEXT_BLOCK_SIZE : TEXT_BLOCK_SIZE,
      );
      length = 0;
    }
    block[length] = delta;
    this.textBlockLength = length + 1;
  }

  /** Sets the arguments given whole before any text (shown until the text opens an object). */
  setInitialArguments(value: Readonly<Record<string, unknown>>): void {
    this.initialArguments = value;
    if (!this.parsedObject) this.partialArguments = value;
  }

  /**
   * Shows the parser's value as `partialArguments` once it is an object. The accumulator calls it
   * after each write to the parser while `parsedObject` is false (also after a write that threw,
   * as the object may have opened before the error).
   */
  showParsedObject(): void {
    const value = this.parser.value;
    if (!isJsonObject(value)) return;
    this.partialArguments = value;
    this.parsedObject = true;
  }

  get ended(): boolean {
    return this.result !== undefined;
  }

  /** Ends the argument text and builds the finished call (once). */
  finalize(): AccumulatedToolCall {
    if (this.result !== undefined) return this.result;
    const parser = this.parser;
    parser.end();
    const base = { callId: this.callId, name: this.name };
    const value = parser.value;
    // Only empty text means "no arguments"; whitespace alone is not JSON (JSON.parse and the SDKs
    // refuse it), so it is kept as sent with an error rather than read as `{}`.
    const problem =
      parser.error ??
      (value === undefined && this.argumentsText !== ''
        ? { message: 'the arguments are only whitespace, not a JSON value', position: 0 }
        : undefined);
    if (problem !== undefined) {
      this.result = {
        ...base,
        arguments: {},
        argumentsText: this.argumentsText,
        argumentsError: {
          code: 'invalid-json',
          message: `${problem.message} at offset ${problem.position}`,
          position: problem.position,
        },
      };
    } else if (value === undefined) {
      this.result = { ...base, arguments: this.initialArguments ?? {} };
    } else if (isJsonObject(value)) {
      this.result = { ...base, arguments: value };
    } else {
      const kind = Array.isArray(value)
        ? 'an array'
        : value === null
          ? 'null'
          : `a ${typeof value}`;
      this.result = {
        ...base,
        arguments: {},
        argumentsText: this.argumentsText,
        argumentsError: {
          code: 'not-an-object',
          message: `the arguments are ${kind}, not a JSON object`,
        },
      };
    }
    return this.result;
  }
}
