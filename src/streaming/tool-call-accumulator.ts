import { z } from 'zod';
import type { CallIdGenerator } from '../core/call-id.js';
import { AccumulatorCore } from '../core/stream/accumulator-core.js';
import {
  DEFAULT_STREAM_LIMITS,
  resolveStreamLimits,
  type StreamLimits,
} from '../core/stream/stream-limits.js';
import type {
  AccumulatedToolCall,
  AccumulationResult,
  LiveToolCall,
  ToolCallStreamEvent,
} from '../core/stream/tool-call-stream-event.js';
import { ToolHistoryError } from '../errors/tool-history-error.js';
import { streamAdapterFor, type StreamFormat } from '../formats/index.js';

export { STREAM_FORMATS, type StreamFormat } from '../formats/index.js';

// Checked once where they enter, not per event: a NaN cap compares false and turns the cap off.
const count = z.number().int().nonnegative();
const callable = z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', {
  message: 'must be a function',
});
const limitsSchema = z.object(
  Object.fromEntries(Object.keys(DEFAULT_STREAM_LIMITS).map((key) => [key, count.optional()])),
);

/** The schema of {@link ToolCallAccumulatorOptions}, which `accumulateSSE` extends. */
export const accumulatorOptions: z.ZodObject = z.object({
  format: z.string(),
  listener: callable.optional(),
  limits: limitsSchema.optional(),
  generateCallId: callable.optional(),
  choiceIndex: count.optional(),
});

/** @throws {ToolHistoryError} `invalid-input` naming the option. */
export function checkOptions(schema: z.ZodType, options: unknown, where: string): void {
  const parsed = schema.safeParse(options);
  if (parsed.success) return;
  const issues = parsed.error.issues.map((issue) => {
    const path = issue.path.map((key) =>
      typeof key === 'number' ? `[${key}]` : `.${String(key)}`,
    );
    return `${where}${path.join('')}: ${issue.message}`;
  });
  throw new ToolHistoryError(
    'invalid-input',
    `${issues.join('; ')}. Pass { format: 'openai-chat' | … }, limits as whole numbers (0 or more) and framing 'sse' or 'json-lines'.`,
    { cause: parsed.error },
  );
}

/** Options of {@link createToolCallAccumulator}. */
export interface ToolCallAccumulatorOptions {
  /** The format of the events that will be pushed. */
  readonly format: StreamFormat;
  /** Called synchronously for every stream event. */
  readonly listener?: ((event: ToolCallStreamEvent) => void) | undefined;
  /** Caps on buffered arguments; see {@link StreamLimits} for the defaults. */
  readonly limits?: StreamLimits | undefined;
  /** Makes ids for calls the provider sent without one. @defaultValue `createCallId` */
  readonly generateCallId?: CallIdGenerator | undefined;
  /** Which choice (`openai-chat`) or candidate (`gemini`) to accumulate. @defaultValue 0 */
  readonly choiceIndex?: number | undefined;
}

/** Assembles one assistant message's text and tool calls from provider stream events. */
export interface ToolCallAccumulator {
  /**
   * Feeds the next parsed provider event (one SSE `data:` payload or one JSON line).
   * @throws {StreamAccumulationError} `invalid-input` for a malformed event (nothing of it is
   * applied); `stream-limit` (then every later call throws it); `provider-error` for the
   * provider's mid-stream error (later pushes throw it; `finish()` returns what came before).
   */
  push(event: unknown): void;
  /**
   * Ends every open call and returns the result (the same one on later calls).
   * @throws {StreamAccumulationError} the earlier limit error, if one was thrown.
   */
  finish(): AccumulationResult;
  readonly text: string;
  /** The calls finished so far, in message order. */
  readonly calls: readonly AccumulatedToolCall[];
  /** Every started call's live view, finished or not, in message order. */
  readonly liveCalls: readonly LiveToolCall[];
  readonly finished: boolean;
}

/**
 * Returns an accumulator for one assistant message streamed in `options.format`: push every parsed
 * event, read `liveCalls` (or listen) while it runs, call `finish()` at the end.
 *
 * @example
 * const accumulator = createToolCallAccumulator({ format: 'openai-chat' });
 * for await (const chunk of await openai.chat.completions.create({ ...request, stream: true })) {
 *   accumulator.push(chunk);
 *   for (const call of accumulator.liveCalls) render(call.name, call.partialArguments);
 * }
 * const { text, calls } = accumulator.finish();
 * result.addAssistantToolCalls(calls);
 * @throws {ToolHistoryError} `invalid-input` for bad options, `UnsupportedFormatError` for an
 * unknown format.
 */
export function createToolCallAccumulator(
  options: ToolCallAccumulatorOptions,
): ToolCallAccumulator {
  checkOptions(accumulatorOptions, options, 'createToolCallAccumulator options');
  const { createHandler } = streamAdapterFor(options.format);
  const choiceIndex = options.choiceIndex ?? 0;
  return new AccumulatorCore(
    resolveStreamLimits(options.limits),
    options.listener,
    options.generateCallId,
    (core) => createHandler(core, { choiceIndex }),
  );
}
