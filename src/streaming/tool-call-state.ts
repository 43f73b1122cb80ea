import type { AccumulatedToolCall, LiveToolCall } from './accumulated-tool-call.js';
import { createIncrementalJsonParser, type IncrementalJsonParser } from './incremental-json-parser.js';

const EMPTY_ARGUMENTS: Readonly<Record<string, unknown>> = Object.freeze({});

/** True for a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The mutable state behind one {@link LiveToolCall}; internal to the accumulator. */
export class ToolCallState implements LiveToolCall {
  /** -1 until the call starts (gets a name, a provider id or argument text). */
  index = -1;
  callId: string;
  /** The id the provider sent, when it sent a usable one. */
  providerId: string | undefined;
  name = '';
  /** The argument text so far (a string rope: appending is cheaper than pushing to an array). */
  argumentsText = '';
  fragments = 0;
  /** UTF-16 code units of argument text. */
  units = 0;
  /** Exact UTF-8 bytes of argument text, counted only once `units` gets near the cap; -1 before. */
  bytes = -1;
  /** Arguments given as an object up front (Anthropic `content_block_start.input`), used when no text follows. */
  initialArguments: Readonly<Record<string, unknown>> | undefined = undefined;
  result: AccumulatedToolCall | undefined = undefined;
  readonly parser: IncrementalJsonParser;

  constructor(callId: string, providerId: string | undefined, maxDepth: number) {
    this.callId = callId;
    this.providerId = providerId;
    this.parser = createIncrementalJsonParser({ maxDepth });
  }

  get partialArguments(): Readonly<Record<string, unknown>> {
    const value = this.parser.value;
    return isJsonObject(value) ? value : (this.initialArguments ?? EMPTY_ARGUMENTS);
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
    const problem = parser.error;
    const value = parser.value;
    if (problem !== undefined) {
      this.result = {
        ...base,
        arguments: {},
        argumentsText: this.argumentsText,
        argumentsError: { code: 'invalid-json', message: `${problem.message} at offset ${problem.position}`, position: problem.position },
      };
    } else if (value === undefined) {
      this.result = { ...base, arguments: this.initialArguments ?? {} };
    } else if (isJsonObject(value)) {
      this.result = { ...base, arguments: value };
    } else {
      const kind = Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
      this.result = {
        ...base,
        arguments: {},
        argumentsText: this.argumentsText,
        argumentsError: { code: 'not-an-object', message: `the arguments are ${kind}, not a JSON object` },
      };
    }
    return this.result;
  }
}
