import { streamAdapterFor } from '../formats/index.js';
import { readStreamEvents, type StreamFraming, type StreamSource } from './read-stream-events.js';
import { checkAccumulatorOptions } from './stream-options.js';
import {
  createToolCallAccumulator,
  type AccumulationResult,
  type ToolCallAccumulatorOptions,
} from './tool-call-accumulator.js';

/** Options of {@link accumulateSSE}: the accumulator's options plus how to read the body. */
export interface AccumulateSSEOptions extends ToolCallAccumulatorOptions {
  /**
   * How events are separated in the body.
   * @defaultValue `'json-lines'` for `ollama` and `bedrock`, `'sse'` for the others
   */
  readonly framing?: StreamFraming | undefined;
  /**
   * Stops reading when aborted, even in the middle of a read that stalls: the body is cancelled
   * and an error named `'AbortError'` is thrown, with the abort reason as its `cause`.
   */
  readonly signal?: AbortSignal | undefined;
}

/**
 * Reads a streamed response body (SSE or JSON lines) into the assistant's text and tool calls;
 * `options.listener` receives every stream event as it happens. Chunk boundaries can
 * fall anywhere, even inside a UTF-8 character; SSE `data: [DONE]` ends the stream.
 *
 * @throws {StreamAccumulationError} for an event that is not JSON or not of the format's shape, a
 * body that is not UTF-8, and when a limit is exceeded; `ToolHistoryError` (`invalid-input`) for a
 * source or options that are missing or out of range; an error named `'AbortError'` when
 * `options.signal` aborts.
 * @example
 * const response = await fetch('https://api.openai.com/v1/chat/completions', request);
 * const { text, calls } = await accumulateSSE(response, { format: 'openai-chat' });
 */
export async function accumulateSSE(
  source: StreamSource,
  options: AccumulateSSEOptions,
): Promise<AccumulationResult> {
  checkAccumulatorOptions(options, 'accumulateSSE options');
  const accumulator = createToolCallAccumulator(options);
  const framing = options.framing ?? streamAdapterFor(options.format).framing;
  const { limits, signal } = options;
  for await (const event of readStreamEvents(source, { framing, limits, signal }, 'accumulateSSE'))
    accumulator.push(event);
  return accumulator.finish();
}
