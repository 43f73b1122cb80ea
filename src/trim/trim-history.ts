import { z } from 'zod';
import type { MessageFormat } from '../core/format.js';
import { ToolHistoryError } from '../errors/tool-history-error.js';
import { adapterFor } from '../formats/index.js';
import { CutFinder, findPinnedMessages } from './cut-finder.js';
import { respectRules } from './cut-rules.js';
import { estimateTokens } from './token-estimate.js';
import { TrimBudget } from './trim-budget.js';

/** What {@link trimHistory} keeps whatever the budget. */
export interface TrimKeepOptions {
  /** Keep system and instruction messages (`system`, `developer`); default true. */
  readonly system?: boolean | undefined;
  /** Keep the first user message (the task, in an agent run); default false. */
  readonly firstUserMessage?: boolean | undefined;
}

/** Options of {@link trimHistory}. */
export interface TrimHistoryOptions<T = unknown> {
  /** The format `messages` is in; default `'openai-chat'`. */
  readonly format?: MessageFormat | undefined;
  /** Keep at most this many messages (items, for Responses), kept system messages included. */
  readonly maxMessages?: number | undefined;
  /** Keep at most this many tokens, as `countTokens` counts them, kept system messages included. */
  readonly maxTokens?: number | undefined;
  /**
   * Counts one message's tokens, at most once per message and only for messages trimming looks at;
   * default {@link estimateTokens} (about one token per 4 characters of JSON).
   */
  readonly countTokens?: ((message: T) => number) | undefined;
  readonly keep?: TrimKeepOptions | undefined;
}

/** A message {@link trimHistory} left out, with its index in the input. */
export interface DroppedMessage<T> {
  readonly index: number;
  readonly message: T;
}

/** The outcome of {@link trimHistory}. */
export interface TrimResult<T> {
  /** The kept messages, in input order: the same objects, in a new array. */
  readonly messages: T[];
  /** The dropped messages, in input order. Kept and dropped together are the input. */
  readonly dropped: readonly DroppedMessage<T>[];
  /** The kept messages' tokens, as `countTokens` counts them (counted on first read). */
  readonly tokens: number;
  /** True when the newest turn group (or the pinned messages) alone exceeds the budget. */
  readonly overBudget: boolean;
}

/**
 * Drops the oldest turns until the history fits a message or token budget, never separating a call
 * turn from its results or breaking a provider rule; system messages (and, with
 * `keep.firstUserMessage`, the first user message) stay, and the newest group is always kept.
 *
 * @throws {ToolHistoryError} `invalid-input` for a non-array, a message read that is not of the
 *   format, bad limits, or a `countTokens` result that is not a finite number of 0 or more.
 * @throws {UnsupportedFormatError} for a format this package does not know.
 * @example
 * const { messages: window, dropped } = trimHistory(history, { maxTokens: 8000, keep: { firstUserMessage: true } });
 */
export function trimHistory<T>(
  input: readonly T[],
  options: TrimHistoryOptions<T> = {},
): TrimResult<T> {
  checkTrimOptions(options);
  const format = options.format ?? 'openai-chat';
  // An unknown format throws there; not an array: the reader throws the format's own error.
  const adapter = adapterFor(format);
  if (!Array.isArray(input)) adapter.read(input);
  // A copy: `dropped` and `tokens` are worked out on first read, from the messages of the call.
  const messages = input.slice();
  const length = messages.length;
  const pinned = findPinnedMessages(messages, format, {
    system: options.keep?.system ?? true,
    firstUserMessage: options.keep?.firstUserMessage === true,
  });
  const budget = new TrimBudget(messages, pinned, {
    maxMessages: options.maxMessages,
    maxTokens: options.maxTokens,
    countTokens: options.countTokens ?? estimateTokens,
  });

  const earliest = budget.earliestFit();
  let cut = 0;
  if (earliest !== 0) {
    const cuts = new CutFinder(messages, format);
    const lastCut = cuts.previousAllowed(length);
    cut =
      earliest === undefined || earliest >= lastCut ? lastCut : cuts.nextAllowed(earliest, lastCut);
    if (cut > 0) cut = respectRules(messages, format, pinned, cuts, cut, lastCut);
  }

  const kept: T[] = [];
  for (const index of pinned) if (index < cut) kept.push(messages[index] as T);
  for (let index = cut; index < length; index++) kept.push(messages[index] as T);
  const overBudget = !budget.fits(cut);
  let dropped: DroppedMessage<T>[] | undefined;
  return {
    messages: kept,
    get dropped(): DroppedMessage<T>[] {
      return (dropped ??= droppedBefore(messages, cut, pinned));
    },
    get tokens(): number {
      return budget.tokensAt(cut);
    },
    overBudget,
  };
}

/** The messages before `cut` that are not pinned, with their indexes. */
function droppedBefore<T>(
  messages: readonly T[],
  cut: number,
  pinned: readonly number[],
): DroppedMessage<T>[] {
  const dropped: DroppedMessage<T>[] = [];
  let nextPinned = 0;
  for (let index = 0; index < cut; index++) {
    if (pinned[nextPinned] === index) nextPinned++;
    else dropped.push({ index, message: messages[index] as T });
  }
  return dropped;
}

const optionsSchema = z
  .object({
    maxMessages: z.number().int().nonnegative().optional(),
    maxTokens: z.number().nonnegative().optional(),
    countTokens: z
      .custom<(message: never) => number>((value) => typeof value === 'function', {
        message: 'must be a function',
      })
      .optional(),
  })
  .optional();

/** Refuses bad budget options (NaN would compare false with every count and keep everything). */
function checkTrimOptions(options: unknown): void {
  const parsed = optionsSchema.safeParse(options);
  if (parsed.success) return;
  const detail = parsed.error.issues
    .map((issue) => `trimHistory options.${issue.path.map(String).join('.')}: ${issue.message}`)
    .join('; ');
  throw new ToolHistoryError(
    'invalid-input',
    `${detail}. maxMessages is a whole number and maxTokens a number, both 0 or more.`,
    { cause: parsed.error },
  );
}
