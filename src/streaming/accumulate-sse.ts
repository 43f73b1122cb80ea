import type { StreamFraming } from './event-stream-decoder.js';
import { readStreamEvents, type StreamSource } from './read-stream-events.js';
import {
  createToolCallAccumulator,
  type AccumulationResult,
  type ToolCallAccumulatorOptions,
} from './tool-call-accumulator.js';
import { streamAdapterFor } from '../formats/index.js';
import {
  checkAccumulatorOptions,
  checkReaderOptions,
  checkStreamSource,
} from './stream-options.js';

/** Options of {@link accumulateSSE}: the accumulator's options plus how to read the body. */
export interface AccumulateSSEOptions extends ToolCallAccumulatorOptions {
  /**
   * How events are separated in the body.
   * @defaultValue `'json-lines'` for the `ollama` format, `'sse'` for the others
   */
  readonly framing?: StreamFraming | undefined;
  /**
   * Stops reading when aborted, even in the middle of a read that stalls: the body is cancelled
   * and an error named `'AbortError'` is thrown, with the abort reason as its `cause`.
   */
  readonly signal?: AbortSignal | undefined;
}

/**
 * Reads a whole streamed response body (SSE or JSON lines) into the assistant's text and tool
 * calls. Use `options.listener` for the live view while it streams.
 *
 * @throws {StreamAccumulationError} for an event that is not JSON or not of the format's shape,
 * and when a limit is exceeded; `ToolHistoryError` (`invalid-input`) for a source or options that
 * are missing or out of range; an error named `'AbortError'` when `options.signal` aborts.
 * @example
 * const response = await fetch('https://api.openai.com/v1/chat/completions', request);
 * const { text, calls } = await accumulateSSE(response, { format: 'openai-chat' });
 * result.addAssistantToolCalls(calls);
 */
export async function accumulateSSE(
  source: StreamSource,
  options: AccumulateSSEOptions,
): Promise<AccumulationResult> {
  checkStreamSource(source, 'accumulateSSE source');
  checkAccumulatorOptions(options, 'accumulateSSE options');
  checkReaderOptions(
    { framing: options.framing, limits: options.limits, signal: options.signal },
    'accumulateSSE options',
  );
  const accumulator = createToolCallAccumulator(options);
  const framing = options.framing ?? streamAdapterFor(options.format).framing;
  for await (const event of readStreamEvents(source, {
    framing,
    limits: options.limits,
    signal: options.signal,
  })) {
    accumulator.push(event);
  }
  return accumulator.finish();
}
