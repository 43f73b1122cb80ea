import type { AccumulatorCore } from './accumulator-core.js';
import { usableProviderId } from './accumulator-core.js';
import { invalidEvent, isRecord } from './stream-event-guards.js';

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
  return JSON.stringify(value);
}
