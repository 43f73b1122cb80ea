import { isObject } from '../input-guards.js';
import { IncrementalJsonParser } from './incremental-json-parser.js';
import type { ResolvedStreamLimits } from './stream-limits.js';
import type { AccumulatedToolCall, LiveToolCall } from './tool-call-stream-event.js';

const EMPTY_ARGUMENTS: Readonly<Record<string, unknown>> = Object.freeze({});

function kindOf(value: unknown): string {
  return Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
}

/** The mutable state behind one {@link LiveToolCall}; internal to the accumulator. */
export class ToolCallState implements LiveToolCall {
  /** -1 until the call starts. */
  index = -1;
  /** Where the protocol places the call (the Chat Completions `index`); else start order. */
  position: number | undefined = undefined;
  callId: string;
  providerId: string | undefined;
  name = '';
  argumentsText = '';
  ended = false;
  fragments = 0;
  /** UTF-8 bytes of `argumentsText`. */
  bytes = 0;
  /** Arguments given as an object up front (Anthropic `content_block_start.input`). */
  private initialArguments: Readonly<Record<string, unknown>> | undefined = undefined;
  partialArguments: Readonly<Record<string, unknown>> = EMPTY_ARGUMENTS;
  /** Whether `partialArguments` is the parser's object. */
  parsedObject = false;
  result: AccumulatedToolCall | undefined = undefined;
  readonly parser: IncrementalJsonParser;

  constructor(callId: string, providerId: string | undefined, limits: ResolvedStreamLimits) {
    this.callId = callId;
    this.providerId = providerId;
    this.parser = new IncrementalJsonParser(limits.maxDepth);
  }

  /** Sets the arguments given whole before any text (shown until the text opens an object). */
  setInitialArguments(value: Readonly<Record<string, unknown>>): void {
    this.initialArguments = value;
    if (!this.parsedObject) this.partialArguments = value;
  }

  showParsedObject(): void {
    const value = this.parser.value;
    if (!isObject(value)) return;
    this.partialArguments = value;
    this.parsedObject = true;
  }

  finalize(): AccumulatedToolCall {
    if (this.result !== undefined) return this.result;
    this.ended = true;
    const parser = this.parser;
    parser.end();
    const base = { callId: this.callId, name: this.name };
    const value = parser.value;
    // Only empty text means "no arguments": whitespace alone is not JSON (JSON.parse refuses it).
    const problem =
      parser.error ??
      (value === undefined && this.argumentsText !== ''
        ? { message: 'the arguments are only whitespace, not a JSON value', position: 0 }
        : undefined);
    const kept = { ...base, arguments: {}, argumentsText: this.argumentsText };
    if (problem !== undefined) {
      const message = `${problem.message} at offset ${problem.position}`;
      this.result = {
        ...kept,
        argumentsError: { code: 'invalid-json', message, position: problem.position },
      };
    } else if (value === undefined) {
      this.result = { ...base, arguments: this.initialArguments ?? {} };
    } else if (isObject(value)) {
      this.result = { ...base, arguments: value };
    } else {
      const message = `the arguments are ${kindOf(value)}, not a JSON object`;
      this.result = { ...kept, argumentsError: { code: 'not-an-object', message } };
    }
    return this.result;
  }
}
