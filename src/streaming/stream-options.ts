import { z } from 'zod';
import { ToolHistoryError } from '../errors/tool-history-error.js';

// Options are checked once, where they enter (not per event): a NaN cap compares false with
// everything and would silently turn the cap off.
const count = z.number().int().nonnegative();
const callable = z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', {
  message: 'must be a function',
});

const limitsSchema = z
  .object({
    maxArgumentBytes: count.optional(),
    maxFragments: count.optional(),
    maxDepth: count.optional(),
    maxLineLength: count.optional(),
    maxCalls: count.optional(),
    maxTextBytes: count.optional(),
    maxTotalBytes: count.optional(),
  })
  .optional();

const accumulatorSchema = z.object({
  format: z.string(),
  listener: callable.optional(),
  limits: limitsSchema,
  generateCallId: callable.optional(),
  choiceIndex: z.number().int().nonnegative().optional(),
});

// Duck-typed: a signal from another realm (a test DOM, a polyfill) is not an instance.
const signal = z.custom<AbortSignal>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { aborted?: unknown }).aborted === 'boolean' &&
    typeof (value as { addEventListener?: unknown }).addEventListener === 'function',
  { message: 'must be an AbortSignal' },
);

const readerSchema = z
  .object({
    framing: z.enum(['sse', 'json-lines']).optional(),
    limits: limitsSchema,
    signal: signal.optional(),
  })
  .optional();

function check(schema: z.ZodType, value: unknown, where: string, hint: string): void {
  const parsed = schema.safeParse(value);
  if (parsed.success) return;
  const issues = parsed.error.issues.map((issue) => {
    const path = issue.path.map((key) =>
      typeof key === 'number' ? `[${key}]` : `.${String(key)}`,
    );
    return `${where}${path.join('')}: ${issue.message}`;
  });
  throw new ToolHistoryError('invalid-input', `${issues.join('; ')}. ${hint}`, {
    cause: parsed.error,
  });
}

/**
 * Checks the options of an accumulator where they are passed.
 * @throws {ToolHistoryError} `invalid-input` naming the option.
 */
export function checkAccumulatorOptions(options: unknown, where: string): void {
  check(
    accumulatorSchema,
    options,
    where,
    "Pass { format: 'openai-chat' | … } and limits as whole numbers, 0 or more.",
  );
}

/**
 * Checks the options of a stream reader where they are passed.
 * @throws {ToolHistoryError} `invalid-input` naming the option.
 */
export function checkReaderOptions(options: unknown, where: string): void {
  check(
    readerSchema,
    options,
    where,
    "Limits are whole numbers, 0 or more; framing is 'sse' or 'json-lines'.",
  );
}

/**
 * Checks that a stream source is something the readers can read.
 * @throws {ToolHistoryError} `invalid-input` naming what was passed instead.
 */
export function checkStreamSource(source: unknown, where: string): void {
  if (typeof source === 'object' && source !== null) {
    if ('body' in source || 'getReader' in source) return;
    if (Symbol.asyncIterator in source || Symbol.iterator in source) return;
  }
  const shown = source === null ? 'null' : Array.isArray(source) ? 'an array' : typeof source;
  throw new ToolHistoryError(
    'invalid-input',
    `${where} must be a fetch Response, a ReadableStream or an (async) iterable of chunks, but is ${shown}.`,
  );
}
