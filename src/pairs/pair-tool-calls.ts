import type { MessageFormat } from '../core/format.js';
import type {
  AssistantMessage,
  JsonValue,
  ToolHistory,
  ToolResult,
  ToolResultsMessage,
} from '../core/history.js';
import { ToolHistoryError } from '../errors/tool-history-error.js';
import {
  pairToolTurns,
  toTurnEntries,
  type PairingScope,
  type ResultPairing,
} from '../core/pair-tool-turns.js';
import { adapterFor, type WireLayout } from '../formats/index.js';

/** Where a call stands: no result yet, a result, or a result that reports a failure. */
export type ToolCallStatus = 'pending' | 'ok' | 'error';

/** The result half of a {@link ToolCallPair}. */
export interface PairedToolResult {
  /** Index of the message (or item) that holds the result, in the input array. */
  readonly messageIndex: number;
  /** What the tool returned. */
  readonly content: JsonValue;
  /** True when the result reports a failure (Anthropic `is_error`, Vercel `error-*` outputs, …). */
  readonly isError: boolean;
}

/** One tool call and, once it has one, its result: what a UI renders as one block. */
export interface ToolCallPair {
  readonly callId: string;
  /** The tool's name. */
  readonly name: string;
  /** The parsed arguments (`{}` when the model sent text that is not a JSON object). */
  readonly arguments: Readonly<Record<string, unknown>>;
  /** The argument text as sent, present only when it does not parse to a JSON object. */
  readonly argumentsText?: string | undefined;
  /** `pending` without a result, `error` when the result reports a failure, else `ok`. */
  readonly status: ToolCallStatus;
  /** 0-based number of the call turn (the assistant turn that made the call), in history order. */
  readonly turn: number;
  /** Index of the message (or item) that holds the call, in the input array. */
  readonly callMessageIndex: number;
  /** The result, or `undefined` while the call is pending. */
  readonly result: PairedToolResult | undefined;
}

/** A result that answers no call: its call was trimmed away, or it repeats an answered call. */
export interface UnpairedToolResult extends PairedToolResult {
  readonly callId: string;
  /** The tool name the result gives (`''` when it gives none). */
  readonly name: string;
}

/** The outcome of {@link pairToolCalls}. */
export interface ToolCallPairs {
  /** Every call, once, in history order. */
  readonly pairs: readonly ToolCallPair[];
  /** Every result no call claims, in history order. Empty for a valid history. */
  readonly unpaired: readonly UnpairedToolResult[];
}

/** Options of {@link pairToolCalls}. */
export interface PairToolCallsOptions {
  /**
   * The format `messages` is in.
   * @defaultValue 'openai-chat'
   */
  readonly format?: MessageFormat | undefined;
}

/**
 * Pairs every tool call with its result, for chat UIs and logs that render a call and its result
 * as one block.
 *
 * Pairing follows the provider's rule, per turn: a result answers the matching call of the call
 * turn before it (any earlier call in the OpenAI Responses API), so an id reused in a later turn
 * pairs with that turn's call, and results in a different order than their calls still pair.
 * Each result is used once: every call appears in `pairs` exactly once and every result exactly
 * once, either as a pair's `result` or in `unpaired`. Message indexes are indexes into
 * `messages` (for the Responses API, into `input` items).
 *
 * @throws {ToolHistoryError} `invalid-input` when `messages` is not an array of the format's messages.
 * @throws {UnsupportedFormatError} for a format this package does not know.
 * @example
 * const { pairs } = pairToolCalls(body.messages, { format: 'anthropic' });
 * for (const pair of pairs) render(pair.name, pair.arguments, pair.status, pair.result?.content);
 */
export function pairToolCalls(
  messages: readonly unknown[],
  options: PairToolCallsOptions = {},
): ToolCallPairs {
  const format = options.format ?? 'openai-chat';
  return pairHistory(adapterFor(format).read(messages).messages, format);
}

/** The pairing scope of a format: Responses pairs across the whole input, every other format per turn. */
export function scopeOf(format: MessageFormat): PairingScope {
  return adapterFor(format).profile.scope;
}

/** {@link pairToolCalls} on a neutral history whose messages carry their `sourceIndex`. */
export function pairHistory(history: ToolHistory, format: MessageFormat): ToolCallPairs {
  const adapter = adapterFor(format);
  const entries = toTurnEntries(history);
  const pairing = pairToolTurns(entries, {
    scope: adapter.profile.scope,
    mergeCallTurns: adapter.mergesConsecutiveTurns,
  });
  const answers = new Map<string, ResultPairing>();
  const unpaired: UnpairedToolResult[] = [];
  for (const result of pairing.results) {
    if (result.call) answers.set(`${result.call.entryIndex}:${result.call.position}`, result);
    else
      unpaired.push({
        callId: result.callId,
        name: resultAt(history, result).name,
        ...pairedResult(history, result),
      });
  }

  const pairs: ToolCallPair[] = [];
  let turn = -1;
  history.forEach((message, entryIndex) => {
    if (message.role !== 'assistant' || entries[entryIndex]?.kind !== 'calls') return;
    turn++;
    let position = 0;
    message.parts.forEach((part, partIndex) => {
      if (part.type !== 'tool-call') return;
      const answer = answers.get(`${entryIndex}:${position++}`);
      const result = answer === undefined ? undefined : pairedResult(history, answer);
      pairs.push({
        callId: part.callId,
        name: part.name,
        arguments: part.arguments,
        ...(part.argumentsText === undefined ? {} : { argumentsText: part.argumentsText }),
        status: result === undefined ? 'pending' : result.isError ? 'error' : 'ok',
        turn,
        callMessageIndex: callMessageIndex(message, partIndex, adapter.layout, entryIndex),
        result,
      });
    });
  });
  return { pairs, unpaired };
}

function resultAt(history: ToolHistory, pairing: ResultPairing): ToolResult {
  const message = history[pairing.entryIndex] as ToolResultsMessage;
  const result = message.results[pairing.position];
  if (result === undefined)
    throw new ToolHistoryError(
      'unreachable',
      `No result at history[${pairing.entryIndex}].results[${pairing.position}]`,
    );
  return result;
}

function pairedResult(history: ToolHistory, pairing: ResultPairing): PairedToolResult {
  const result = resultAt(history, pairing);
  const messageIndex =
    result.sourceIndex ?? history[pairing.entryIndex]?.sourceIndex ?? pairing.entryIndex;
  return { messageIndex, content: result.content, isError: result.isError };
}

/**
 * The input index of a call. Where items are flat (the Responses API), the reader turns each
 * consecutive assistant-side item into one part, so part `n` of the merged message is item
 * `sourceIndex + n`; every other layout holds a turn's calls in the one message at `sourceIndex`.
 */
function callMessageIndex(
  message: AssistantMessage,
  partIndex: number,
  layout: WireLayout,
  entryIndex: number,
): number {
  const base = message.sourceIndex ?? entryIndex;
  return layout === 'items' ? base + partIndex : base;
}
