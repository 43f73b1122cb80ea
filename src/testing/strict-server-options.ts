import { z } from 'zod';
import { ToolHistoryError } from '../errors/tool-history-error.js';
import type { ScriptedReply } from '../formats/shared/scripted-reply.js';
import type { StrictRequest } from '../formats/shared/strict-endpoint.js';

/** Computes the reply to an accepted request. */
export type ReplyScript = (request: StrictRequest) => ScriptedReply | Promise<ScriptedReply>;

/** Options of {@link startStrictServer}. */
export interface StrictServerOptions {
  /**
   * Replies to give, in order (a queue), or a function computing each reply. Queued replies (also
   * those added with {@link StrictServer.enqueue}) come first; then the function is asked. One
   * queue serves every endpoint, in arrival order.
   * @defaultValue no replies: every accepted request gets {@link StrictServerOptions.defaultText}
   */
  readonly replies?: readonly ScriptedReply[] | ReplyScript | undefined;
  /** Text of the reply when the queue is empty and there is no reply function. @defaultValue `'ok'` */
  readonly defaultText?: string | undefined;
  /**
   * The largest request body accepted, in bytes. A larger one is read to its end (so the client
   * sees the reply, not a reset connection) and answered 413 in the provider's error shape.
   * @defaultValue 33554432 (32 MiB, Anthropic's documented limit for the Messages API)
   */
  readonly maxBodyBytes?: number | undefined;
  /**
   * How many requests {@link StrictServer.requests} keeps; older ones are dropped and counted in
   * {@link StrictServer.droppedRequests}.
   * @defaultValue 1000
   */
  readonly maxRecordedRequests?: number | undefined;
  /**
   * How many body bytes the recorded requests may hold together; past it the oldest are dropped
   * (counted in {@link StrictServer.droppedRequests}). The newest request is always kept, whatever
   * its size.
   * @defaultValue 16777216 (16 MiB)
   */
  readonly maxRecordedBodyBytes?: number | undefined;
  /**
   * Time a client has to send a request's headers; a connection still sending them then is
   * answered 408 and closed (a slowloris client cannot hold it open).
   * @defaultValue 10000
   */
  readonly headersTimeoutMs?: number | undefined;
  /**
   * Time a client has to send a whole request, headers and body; at least `headersTimeoutMs`.
   * @defaultValue the larger of 30000 and `headersTimeoutMs`
   */
  readonly requestTimeoutMs?: number | undefined;
  /** How long an idle keep-alive connection stays open between requests. @defaultValue 5000 */
  readonly keepAliveTimeoutMs?: number | undefined;
}

/** The options with their defaults filled in. */
export interface StrictServerSettings {
  readonly replies: readonly ScriptedReply[] | ReplyScript | undefined;
  readonly defaultText: string;
  readonly maxBodyBytes: number;
  readonly maxRecordedRequests: number;
  readonly maxRecordedBodyBytes: number;
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly keepAliveTimeoutMs: number;
}

const count = z.number().int().nonnegative();
// Node's timers hold at most 2^31 - 1 ms; a longer one fires at once.
const milliseconds = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

const optionsSchema = z
  .object({
    replies: z.unknown().optional(),
    defaultText: z.string().optional(),
    maxBodyBytes: count.optional(),
    maxRecordedRequests: z.number().int().positive().optional(),
    maxRecordedBodyBytes: count.optional(),
    headersTimeoutMs: milliseconds.optional(),
    requestTimeoutMs: milliseconds.optional(),
    keepAliveTimeoutMs: milliseconds.optional(),
  })
  .optional()
  .refine(
    (options) =>
      options?.headersTimeoutMs === undefined ||
      options.requestTimeoutMs === undefined ||
      options.headersTimeoutMs <= options.requestTimeoutMs,
    { message: 'headersTimeoutMs must not be larger than requestTimeoutMs' },
  );

/**
 * Checks the options of `startStrictServer` and fills in the defaults.
 * @throws {ToolHistoryError} `invalid-input` naming the option.
 */
export function strictServerSettings(
  options: StrictServerOptions | undefined,
): StrictServerSettings {
  const parsed = optionsSchema.safeParse(options);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${['options', ...issue.path].join('.')}: ${issue.message}`)
      .join('; ');
    throw new ToolHistoryError(
      'invalid-input',
      `startStrictServer: ${problems}. Limits are whole numbers (timeouts in ms, 1 to 2147483647).`,
      { cause: parsed.error },
    );
  }
  const headersTimeoutMs = options?.headersTimeoutMs ?? 10_000;
  return {
    replies: options?.replies,
    defaultText: options?.defaultText ?? 'ok',
    maxBodyBytes: options?.maxBodyBytes ?? 32 * 1024 * 1024,
    maxRecordedRequests: options?.maxRecordedRequests ?? 1000,
    maxRecordedBodyBytes: options?.maxRecordedBodyBytes ?? 16 * 1024 * 1024,
    headersTimeoutMs,
    requestTimeoutMs: options?.requestTimeoutMs ?? Math.max(30_000, headersTimeoutMs),
    keepAliveTimeoutMs: options?.keepAliveTimeoutMs ?? 5000,
  };
}
