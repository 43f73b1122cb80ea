import type { AccumulatedToolCall, LiveToolCall } from './accumulated-tool-call.js';
import {
  createIncrementalJsonParser,
  type IncrementalJsonParser,
} from './incremental-json-parser.js';

const EMPTY_ARGUMENTS: Readonly<Record<string, unknown>> = Object.freeze({});

/** True for a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  return Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
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
  /** Appended to per delta: a read after every delta is O(1), as the string is never copied. */
  argumentsText = '';
  ended = false;
  fragments = 0;
  /** UTF-16 code units of argument text. */
  units = 0;
  /** Exact UTF-8 bytes of argument text, counted only once `units` gets near the cap; -1 before. */
  bytes = -1;
  /** Arguments given as an object up front (Anthropic `content_block_start.input`). */
  private initialArguments: Readonly<Record<string, unknown>> | undefined = undefined;
  partialArguments: Readonly<Record<string, unknown>> = EMPTY_ARGUMENTS;
  /** Whether `partialArguments` is the parser's object (then it stays that object to the end). */
  parsedObject = false;
  result: AccumulatedToolCall | undefined = undefined;
  readonly parser: IncrementalJsonParser;

  constructor(callId: string, providerId: string | undefined, maxDepth: number) {
    this.callId = callId;
    this.providerId = providerId;
    this.parser = createIncrementalJsonParser({ maxDepth });
  }

  /** Sets the arguments given whole before any text (shown until the text opens an object). */
  setInitialArguments(value: Readonly<Record<string, unknown>>): void {
    this.initialArguments = value;
    if (!this.parsedObject) this.partialArguments = value;
  }

  /** Shows the parser's value as `partialArguments` once it is an object. */
  showParsedObject(): void {
    const value = this.parser.value;
    if (!isJsonObject(value)) return;
    this.partialArguments = value;
    this.parsedObject = true;
  }

  /** Ends the argument text and builds the finished call (once). */
  finalize(): AccumulatedToolCall {
    if (this.result !== undefined) return this.result;
    this.ended = true;
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
      this.result = {
        ...base,
        arguments: {},
        argumentsText: this.argumentsText,
        argumentsError: {
          code: 'not-an-object',
          message: `the arguments are ${kindOf(value)}, not a JSON object`,
        },
      };
    }
    return this.result;
  }
}
