/**
 * trimHistory as it was before it counted from the newest message back: it reads the whole history,
 * finds every cut point and counts every message. Slow, simple, and the oracle the property tests
 * hold the fast implementation to.
 */
import type { MessageFormat } from '../../src/core/format.js';
import { adapterFor } from '../../src/formats/index.js';
import { pairToolCalls } from '../../src/pairs/pair-tool-calls.js';
import { issueKey } from '../../src/trim/cut-rules.js';
import { estimateTokens } from '../../src/trim/token-estimate.js';
import type {
  DroppedMessage,
  TrimHistoryOptions,
  TrimKeepOptions,
  TrimResult,
} from '../../src/trim/trim-history.js';
import { validateHistory } from '../../src/validate/validate-history.js';

/** What trimming needs to know about each message of the input. */
interface TrimLayout {
  /**
   * `allowed[c]` is true when the kept suffix may start at message `c`: no call before `c` has
   * its result at or after `c`, `c` starts a message of the neutral history, and that message
   * is not a run of tool results. `allowed[0]` and `allowed[length]` are always true.
   */
  readonly allowed: readonly boolean[];
  /** Indexes of system and instruction messages. */
  readonly system: readonly number[];
  /** Index of the first user message (tool results are not user messages), if any. */
  readonly firstUser: number | undefined;
}

/**
 * Finds where a history of `length` messages may be cut: between turn groups, never between a
 * call turn and any of its results, so trimming keeps or drops each group whole.
 */
function findCutPoints(messages: readonly unknown[], format: MessageFormat): TrimLayout {
  const history = adapterFor(format).read(messages).messages;
  const length = messages.length;
  const starts = new Array<boolean>(length + 1).fill(false);
  const resultsFirst = new Array<boolean>(length + 1).fill(false);
  const system: number[] = [];
  const userSources: number[] = [];
  const carriesResults = new Set<number>();
  let previousSource = -1;
  let previousRole = '';
  // Anthropic merges consecutive assistant messages into one turn: no cut between them.
  const merges = adapterFor(format).mergesConsecutiveTurns === true;
  for (const message of history) {
    const source = message.sourceIndex;
    // Messages without a source (none today) cannot be cut before; they ride with their neighbour.
    if (source === undefined || source >= length) continue;
    if (source !== previousSource) {
      starts[source] = true;
      if (message.role === 'tool') resultsFirst[source] = true;
      if (merges && message.role === 'assistant' && previousRole === 'assistant')
        resultsFirst[source] = true;
    }
    previousSource = source;
    previousRole = message.role;
    if (message.role === 'system') system.push(source);
    if (message.role === 'user') userSources.push(source);
    if (message.role === 'tool') carriesResults.add(source);
  }
  // The first user message is the first that is only the user's: an Anthropic or Gemini user
  // turn that also carries tool results belongs to its call turn's group and is never pinned alone.
  const firstUser = userSources.find((source) => !carriesResults.has(source));

  // Difference array over cut positions: each call-to-result link forbids cuts in (call, result].
  const crossing = new Array<number>(length + 2).fill(0);
  for (const pair of pairToolCalls(messages, { format }).pairs) {
    if (pair.result === undefined) continue;
    const from = Math.min(pair.callMessageIndex, pair.result.messageIndex);
    const to = Math.max(pair.callMessageIndex, pair.result.messageIndex);
    if (from === to) continue;
    crossing[from + 1] = (crossing[from + 1] ?? 0) + 1;
    crossing[to + 1] = (crossing[to + 1] ?? 0) - 1;
  }
  const allowed: boolean[] = [];
  let open = 0;
  for (let cut = 0; cut <= length; cut++) {
    open += crossing[cut] ?? 0;
    allowed.push(
      cut === 0 ||
        cut === length ||
        (open === 0 && starts[cut] === true && resultsFirst[cut] !== true),
    );
  }
  return { allowed, system: [...new Set(system)], firstUser };
}

export function referenceTrimHistory<T>(
  messages: readonly T[],
  options: TrimHistoryOptions<T> = {},
): TrimResult<T> {
  const format = options.format ?? 'openai-chat';
  const layout = findCutPoints(messages, format);
  const countTokens = options.countTokens ?? estimateTokens;
  const tokens = messages.map((message) => countTokens(message));
  const pinned = pinnedMessages(layout, options.keep, messages.length);
  const budget = createBudget(tokens, pinned, options.maxMessages, options.maxTokens);

  const lastCut = lastAllowedCut(layout, messages.length);
  let cut = 0;
  while (cut < lastCut && (!layout.allowed[cut] || !budget.fits(cut))) cut++;

  let kept = keptAt(messages, pinned, cut);
  if (cut > 0 && cutBreaksRulesWhole(messages, format, pinned, cut)) {
    // Another rule of the provider forbids this cut: try later groups, then earlier ones.
    const candidates = [...range(cut + 1, lastCut + 1), ...range(0, cut).reverse()].filter(
      (at) => layout.allowed[at],
    );
    for (const at of candidates) {
      if (at === 0 || !cutBreaksRulesWhole(messages, format, pinned, at)) {
        cut = at;
        kept = keptAt(messages, pinned, at);
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

/**
 * The whole-history answer to "does this cut break a rule the input met?": the kept messages,
 * validated whole, give some kept message a kind of issue that the input, validated whole, does
 * not have at that message.
 */
export function cutBreaksRulesWhole(
  messages: readonly unknown[],
  format: MessageFormat,
  pinned: readonly boolean[],
  cut: number,
): boolean {
  const keptIndexes = keptAt(range(0, messages.length), pinned, cut);
  const input = new Set(
    validateHistory(messages, { format }).issues.map((issue) =>
      issueKey(issue, issue.messageIndex < messages.length ? issue.messageIndex : undefined),
    ),
  );
  const kept = keptIndexes.map((index) => messages[index]);
  return validateHistory(kept, { format }).issues.some(
    (issue) => !input.has(issueKey(issue, keptIndexes[issue.messageIndex])),
  );
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
