import type { MessageFormat } from '../core/format.js';
import { fromFormat } from '../convert/convert-history.js';
import { validateHistory } from '../validate/validate-history.js';
import { findCutPoints, type TrimLayout } from './cut-points.js';
import { estimateTokens } from './token-estimate.js';

/** What {@link trimHistory} keeps whatever the budget. */
export interface TrimKeepOptions {
  /**
   * Keep system and instruction messages (`system`, `developer`).
   * @defaultValue true
   */
  readonly system?: boolean | undefined;
  /**
   * Keep the first user message (the task, in an agent run).
   * @defaultValue false
   */
  readonly firstUserMessage?: boolean | undefined;
}

/** Options of {@link trimHistory}. */
export interface TrimHistoryOptions<T = unknown> {
  /**
   * The format `messages` is in.
   * @defaultValue 'openai-chat'
   */
  readonly format?: MessageFormat | undefined;
  /**
   * Keep at most this many messages (items, for the Responses API), kept system messages included.
   * @defaultValue no limit
   */
  readonly maxMessages?: number | undefined;
  /**
   * Keep at most this many tokens, as `countTokens` counts them, kept system messages included.
   * @defaultValue no limit
   */
  readonly maxTokens?: number | undefined;
  /**
   * Counts the tokens of one message; called once per message.
   * @defaultValue {@link estimateTokens}, about one token per 4 characters of JSON
   */
  readonly countTokens?: ((message: T) => number) | undefined;
  /** What to keep whatever the budget. */
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
  /** The kept messages' tokens, as `countTokens` counts them. */
  readonly tokens: number;
  /**
   * True when the budget could not be met: the newest turn group (or the messages `keep` pins)
   * alone exceeds it, and was kept whole anyway.
   */
  readonly overBudget: boolean;
}

/**
 * Drops the oldest turns of a history until it fits a message or token budget, never separating
 * a tool call turn from its results.
 *
 * The history is cut only between turn groups: a cut never falls between an assistant turn with
 * tool calls and any of its results, and the kept part never starts with a tool result. System
 * and instruction messages are kept wherever they are (and, with `keep.firstUserMessage`, the
 * first user message). The newest group is always kept: when it alone is over budget it is kept
 * whole and `overBudget` says so. When the input passes {@link validateHistory}, so does the
 * output; a cut that would break another rule of the provider (Gemini: a call turn must follow a
 * user turn) moves to the next group. An invalid input is trimmed by the same rule and keeps its
 * own problems; run `repairHistory` first.
 *
 * @throws {ToolHistoryError} `invalid-input` when `messages` is not an array of the format's messages.
 * @throws {UnsupportedFormatError} for a format this package does not know.
 * @example
 * const { messages: window, dropped } = trimHistory(history, { maxTokens: 8000, keep: { firstUserMessage: true } });
 */
export function trimHistory<T>(
  messages: readonly T[],
  options: TrimHistoryOptions<T> = {},
): TrimResult<T> {
  const format = options.format ?? 'openai-chat';
  const layout = findCutPoints(fromFormat(messages, format).messages, format, messages.length);
  const countTokens = options.countTokens ?? estimateTokens;
  const tokens = messages.map((message) => countTokens(message));
  const pinned = pinnedMessages(layout, options.keep, messages.length);
  const budget = createBudget(tokens, pinned, options.maxMessages, options.maxTokens);

  const lastCut = lastAllowedCut(layout, messages.length);
  let cut = 0;
  while (cut < lastCut && (!layout.allowed[cut] || !budget.fits(cut))) cut++;

  let kept = keptAt(messages, pinned, cut);
  const breaksRules = (candidate: readonly T[]): boolean =>
    !validateHistory(candidate, { format }).ok;
  if (cut > 0 && breaksRules(kept) && !breaksRules(messages)) {
    // Another rule of the provider forbids this cut: try later groups, then earlier ones.
    const candidates = [...range(cut + 1, lastCut + 1), ...range(0, cut).reverse()].filter(
      (at) => layout.allowed[at],
    );
    for (const at of candidates) {
      const next = keptAt(messages, pinned, at);
      if (at === 0 || !breaksRules(next)) {
        cut = at;
        kept = next;
        break;
      }
    }
  }

  const dropped: DroppedMessage<T>[] = [];
  for (let index = 0; index < cut; index++) {
    if (!pinned[index]) dropped.push({ index, message: messages[index] as T });
  }
  return { messages: kept, dropped, tokens: budget.tokensAt(cut), overBudget: !budget.fits(cut) };
}

function pinnedMessages(
  layout: TrimLayout,
  keep: TrimKeepOptions | undefined,
  length: number,
): boolean[] {
  const pinned = new Array<boolean>(length).fill(false);
  if (keep?.system ?? true) for (const index of layout.system) pinned[index] = true;
  if (keep?.firstUserMessage === true && layout.firstUser !== undefined)
    pinned[layout.firstUser] = true;
  return pinned;
}

interface Budget {
  /** Kept tokens when the suffix starts at `cut`. */
  tokensAt(cut: number): number;
  fits(cut: number): boolean;
}

function createBudget(
  tokens: readonly number[],
  pinned: readonly boolean[],
  maxMessages: number | undefined,
  maxTokens: number | undefined,
): Budget {
  const length = tokens.length;
  // suffix[c]: tokens and count of messages[c..]; pinnedBefore[c]: of pinned messages before c.
  const suffixTokens = new Array<number>(length + 1).fill(0);
  for (let index = length - 1; index >= 0; index--)
    suffixTokens[index] = (suffixTokens[index + 1] ?? 0) + (tokens[index] ?? 0);
  const pinnedTokens = [0];
  const pinnedCount = [0];
  for (let index = 0; index < length; index++) {
    const isPinned = pinned[index] === true;
    pinnedTokens.push((pinnedTokens[index] ?? 0) + (isPinned ? (tokens[index] ?? 0) : 0));
    pinnedCount.push((pinnedCount[index] ?? 0) + (isPinned ? 1 : 0));
  }
  const tokensAt = (cut: number): number => (suffixTokens[cut] ?? 0) + (pinnedTokens[cut] ?? 0);
  return {
    tokensAt,
    fits: (cut) =>
      (maxMessages === undefined || length - cut + (pinnedCount[cut] ?? 0) <= maxMessages) &&
      (maxTokens === undefined || tokensAt(cut) <= maxTokens),
  };
}

/** The start of the newest turn group: the last allowed cut before the end. */
function lastAllowedCut(layout: TrimLayout, length: number): number {
  for (let cut = length - 1; cut > 0; cut--) if (layout.allowed[cut]) return cut;
  return 0;
}

function keptAt<T>(messages: readonly T[], pinned: readonly boolean[], cut: number): T[] {
  const kept: T[] = [];
  for (let index = 0; index < cut; index++) if (pinned[index]) kept.push(messages[index] as T);
  for (let index = cut; index < messages.length; index++) kept.push(messages[index] as T);
  return kept;
}

function range(from: number, to: number): number[] {
  const numbers: number[] = [];
  for (let at = from; at < to; at++) numbers.push(at);
  return numbers;
}
