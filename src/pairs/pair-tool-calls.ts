import type { MessageFormat } from '../core/format.js';
import { ArmedCalls } from '../core/armed-calls.js';
import type { JsonValue, ToolCall } from '../core/history.js';
import { adapterFor } from '../formats/index.js';

/** The result half of a {@link ToolCallPair}. */
export interface PairedToolResult {
  /** Index of the message (or item) that holds the result, in the input array. */
  readonly messageIndex: number;
  readonly content: JsonValue;
  /** True when the result reports a failure (Anthropic `is_error`, Vercel `error-*` outputs, …). */
  readonly isError: boolean;
}

/** One tool call and, once it has one, its result: what a UI renders as one block. */
export interface ToolCallPair extends ToolCall {
  /** `pending` without a result, `error` when the result reports a failure, else `ok`. */
  readonly status: 'pending' | 'ok' | 'error';
  /** 0-based number of the call turn (the assistant turn that made the call), in history order. */
  readonly turn: number;
  /** Index of the message (or item) that holds the call, in the input array. */
  readonly callMessageIndex: number;
  readonly result: PairedToolResult | undefined;
}

/** A result that answers no call: its call was trimmed away, or it repeats an answered call. */
export interface UnpairedToolResult extends PairedToolResult {
  readonly callId: string;
  /** The tool name the result gives (`''` when it gives none). */
  readonly name: string;
}

/** The outcome of {@link pairToolCalls}: every call once, and every result no call claims. */
export interface ToolCallPairs {
  readonly pairs: readonly ToolCallPair[];
  readonly unpaired: readonly UnpairedToolResult[];
}

/**
 * Pairs every tool call with its result under the provider's rule, for UIs and logs that render
 * both as one block; every result appears once, in a pair or in `unpaired`.
 * @throws {ToolHistoryError} `invalid-input` when `messages` is not an array of the format's messages.
 * @throws {UnsupportedFormatError} for a format this package does not know.
 * @example
 * const { pairs } = pairToolCalls(body.messages, { format: 'anthropic' });
 * for (const pair of pairs) render(pair.name, pair.arguments, pair.status, pair.result?.content);
 */
export function pairToolCalls(
  messages: readonly unknown[],
  options: { readonly format?: MessageFormat | undefined } = {},
): ToolCallPairs {
  const adapter = adapterFor(options.format ?? 'openai-chat');
  const history = adapter.read(messages).messages;
  const armed = new ArmedCalls<number>(adapter.profile.scope);
  const pairs: ToolCallPair[] = [];
  const unpaired: UnpairedToolResult[] = [];
  let turn = -1;
  let afterCalls = false;
  history.forEach((message, entryIndex) => {
    if (message.role === 'tool') {
      for (const { callId, name, content, isError, sourceIndex } of message.results) {
        const messageIndex = sourceIndex ?? message.sourceIndex ?? entryIndex;
        const call = armed.answer(callId);
        const pair = call === undefined ? undefined : pairs[call];
        const result = { messageIndex, content, isError };
        if (call === undefined || pair === undefined) unpaired.push({ ...result, callId, name });
        else pairs[call] = { ...pair, status: isError ? 'error' : 'ok', result };
      }
      // Results end a run of call messages: the next call message starts its own turn.
      afterCalls = false;
      return;
    }
    if (message.role !== 'assistant' || !message.parts.some((part) => part.type === 'tool-call')) {
      armed.other();
      afterCalls = false;
      return;
    }
    if (adapter.mergesConsecutiveTurns !== true || !afterCalls) armed.startTurn();
    afterCalls = true;
    turn++;
    // Responses items are flat: part `n` of a merged message is item `sourceIndex + n`.
    const base = message.sourceIndex ?? entryIndex;
    message.parts.forEach((part, partIndex) => {
      if (part.type !== 'tool-call') return;
      armed.arm(part.callId, pairs.length);
      pairs.push({
        callId: part.callId,
        name: part.name,
        arguments: part.arguments,
        ...(part.argumentsText === undefined ? {} : { argumentsText: part.argumentsText }),
        turn,
        callMessageIndex: adapter.layout === 'items' ? base + partIndex : base,
        status: 'pending',
        result: undefined,
      });
    });
  });
  return { pairs, unpaired };
}
