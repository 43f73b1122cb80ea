import type { AccumulatorCore } from './accumulator-core.js';
import { usableProviderId } from './accumulator-core.js';
import { invalidEvent, isRecord } from './stream-event-guards.js';
import { findUnwritableJson } from '../json-text.js';
import { StreamAccumulationError } from '../../errors/stream-accumulation-error.js';

/** A whole call, as Gemini and Ollama send them: never split across chunks. */
export interface CompleteCall {
  readonly id: string | undefined;
  readonly name: string;
  /** The argument text: the provider's object serialized, or its string as sent. */
  readonly argumentsText: string;
}

/** One validated chunk of a provider that streams text but sends calls whole. */
export interface CompleteCallsChunk {
  readonly text: string;
  readonly calls: readonly CompleteCall[];
  readonly finished: boolean;
}

/**
 * Applies a chunk of whole calls. Every call is a new call with its own id, assigned before
 * anything is merged, so two calls with empty ids can never be merged into one.
 */
export function applyCompleteCalls(core: AccumulatorCore, chunk: CompleteCallsChunk): void {
  core.appendText(chunk.text);
  for (const complete of chunk.calls) {
    const call = core.createCall(usableProviderId(complete.id), complete.name);
    core.appendArguments(call, complete.argumentsText);
    core.endCall(call);
  }
  if (chunk.finished) core.endAll();
}

/** Reads a call's arguments: objects are serialized (and so copied), strings are kept as sent. */
export function readArgumentsValue(
  value: unknown,
  format: string,
  eventIndex: number,
  field: string,
): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (!isRecord(value)) return invalidEvent(format, eventIndex, field, 'an object', value);
  try {
    return JSON.stringify(value);
  } catch (error) {
    // A parsed event holds no BigInt or cycle, but an event built in code can, and nesting a few
    // thousand deep overflows JSON.stringify's stack before the parser's depth cap could speak.
    const found = findUnwritableJson(value) ?? { path: '', problem: 'cannot be written as JSON' };
    const where = `${field}${found.path}`;
    throw new StreamAccumulationError(
      { code: 'invalid-input', eventIndex, field: where },
      `events[${eventIndex}].${where} ${found.problem} in a ${format} stream, so the call's arguments cannot be read. Check that the event is the provider's, parsed from its JSON text.`,
      { cause: error },
    );
  }
}
