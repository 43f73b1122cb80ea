import {
  LangMessage,
  type LangMessageItem,
  type LangMessageItemToolResult,
  type LangMessages,
  type ToolRequest,
} from 'aiwrapper';
import type { CallIdGenerator } from '../core/call-id.js';
import type { ToolCall } from '../core/history.js';
import { ToolHistoryError } from '../errors/tool-history-error.js';
import {
  matchExistingTurn,
  mergeResults,
  newTurn,
  type ExistingResult,
} from './history/plan-tool-turn.js';
import {
  readToolCalls,
  readToolResults,
  type PendingCall,
  type PendingResult,
} from './history/tool-input.js';
import { META_KEYS, sentCallOf } from './meta-keys.js';

/** Options of the helpers. */
export interface ToolCallHelperOptions {
  /** Makes ids for calls that have none or repeat one in their turn (default: random, 9 chars). */
  readonly generateId?: CallIdGenerator | undefined;
}

/** The latest assistant message (index -1 if none), copies of its calls, and the tool-results messages after it. */
interface LatestTurn {
  readonly index: number;
  readonly calls: ToolRequest[];
  readonly resultsRun: readonly number[];
}

function latestTurn(messages: LangMessages): LatestTurn {
  let index = messages.length - 1;
  while (index >= 0 && messages[index]?.role !== 'assistant') index--;
  const calls: ToolRequest[] = [];
  for (const item of messages[index]?.items ?? [])
    if (item.type === 'tool')
      calls.push({ callId: item.callId, name: item.name, arguments: { ...item.arguments } });
  const resultsRun: number[] = [];
  for (let next = index + 1; index >= 0 && messages[next]?.role === 'tool-results'; next++)
    resultsRun.push(next);
  return { index, calls, resultsRun };
}

/** The latest assistant turn's calls as `ToolRequest`s, or `null` (the old `result.tools`). */
export function latestToolCalls(messages: LangMessages): ToolRequest[] | null {
  const { calls } = latestTurn(messages);
  return calls.length === 0 ? null : calls;
}

/**
 * Adds one assistant turn holding `tools` (none if the latest turn holds them), in place; calls
 * without an id, or repeating one in the turn, get a unique id.
 * @throws {ToolHistoryError} `invalid-input` for a value that is not a tool call, naming its index.
 * @example
 * messages.addAssistantToolCalls(accumulator.calls);
 */
export function addAssistantToolCalls<T extends LangMessages>(
  messages: T,
  tools: unknown,
  options: ToolCallHelperOptions = {},
): T {
  const calls = readToolCalls(tools);
  return calls.length === 0 ? messages : apply(messages, calls, undefined, options);
}

/**
 * Adds the call turn (unless the latest holds it), then one `tool-results` message answering every
 * call in call order (by id, else by position; a call without a result gets a placeholder).
 * @throws {ToolHistoryError} `invalid-input`, `unknown-call` or `duplicate-result`; nothing written.
 * @example
 * const result = await lang.chat(messages);
 * const calls = result.tools ?? [];
 * result.addToolCallsAndResults(calls, await runTools(calls));
 */
export function addToolCallsAndResults<T extends LangMessages>(
  messages: T,
  tools: unknown,
  results: unknown,
  options: ToolCallHelperOptions = {},
): T {
  const calls = readToolCalls(tools);
  const given = readToolResults(results);
  if (calls.length === 0 && given.length === 0) return messages;
  return apply(messages, calls, given, options);
}

/** Adds results for the latest turn's calls (the old `addToolUseMessage`); others are appended as is. */
export function addToolUseMessage<T extends LangMessages>(
  messages: T,
  results: unknown,
  options: ToolCallHelperOptions = {},
): T {
  const given = readToolResults(results);
  if (given.length === 0) return messages;
  const { calls } = latestTurn(messages);
  if (!fitsTurn(calls, given)) {
    messages.addToolResultsMessage(
      given.map((result, index) => resultItem(result, `results[${index}]`)),
    );
    return messages;
  }
  const pending: PendingCall[] = calls.map((call) => ({ ...call, extra: {} }));
  return apply(messages, pending, given, options);
}

function fitsTurn(calls: readonly ToolCall[], results: readonly PendingResult[]): boolean {
  if (calls.length === 0) return false;
  const ids = new Set(calls.map((call) => call.callId));
  return results.every((result) => result.callId === undefined || ids.has(result.callId));
}

function resultItem(result: PendingResult, where: string): LangMessageItemToolResult {
  if (result.callId === undefined || result.name === undefined) {
    throw new ToolHistoryError(
      'invalid-input',
      `${where} matches no call of the latest assistant turn, so it needs its own call id and tool name.`,
    );
  }
  return { type: 'tool-result', callId: result.callId, name: result.name, result: result.result };
}

/** Writes the call turn (unless the latest holds `calls`) and, with `results`, the results run. */
function apply<T extends LangMessages>(
  messages: T,
  calls: readonly PendingCall[],
  results: readonly PendingResult[] | undefined,
  options: ToolCallHelperOptions,
): T {
  const latest = latestTurn(messages);
  const latestMessage = messages[latest.index];
  // Everything is planned (and every error thrown) before the collection is touched.
  const givenIds = latestMessage ? givenIdsOf(latestMessage, latest.calls) : undefined;
  const matched = matchExistingTurn(latest.calls, calls, givenIds);
  const slots = matched ?? newTurn(calls, takenCallIds(messages), options.generateId);
  const run = matched ? latest.resultsRun : [];
  const existing: ExistingResult[] = run.flatMap((index) =>
    (messages[index]?.toolResults ?? []).map((item) => ({
      callId: item.callId,
      name: item.name,
      result: item.result as unknown,
      where: `messages[${index}]`,
    })),
  );
  const planned = results && mergeResults(slots, results, existing);
  if (!matched) {
    const items = slots.map((call): LangMessageItem => ({
      ...call.extra,
      type: 'tool',
      callId: call.callId,
      name: call.name,
      arguments: { ...call.arguments },
    }));
    // Replaced ids are recorded, so results keyed by them still pair.
    const replaced = slots.flatMap(({ callId, givenId }): [string, { callId: string }][] =>
      givenId === undefined || givenId === callId ? [] : [[callId, { callId: givenId }]],
    );
    const meta =
      replaced.length === 0 ? undefined : { [META_KEYS.sentCalls]: Object.fromEntries(replaced) };
    messages.push(new LangMessage('assistant', items, meta));
  }
  if (!planned) return messages;
  const items = planned.map(({ callId, name, result }): LangMessageItem => ({
    type: 'tool-result',
    callId,
    name,
    result,
  }));
  // A new turn is appended; results for the existing turn replace the run after it.
  const at = matched ? latest.index + 1 : messages.length;
  const meta = run[0] === undefined ? undefined : messages[run[0]]?.meta;
  messages.splice(at, run.length, new LangMessage('tool-results', items, meta));
  return messages;
}

/** Per call, the id it was given (recorded under `META_KEYS.sentCalls`), else its own. */
function givenIdsOf(turn: LangMessage, calls: readonly ToolCall[]): string[] {
  return calls.map(({ callId }) => {
    const given = sentCallOf(turn, callId)?.callId;
    return typeof given === 'string' ? given : callId;
  });
}

/** Every call id in `messages`, read on the first lookup (only when an id must be generated). */
export function takenCallIds(messages: readonly LangMessage[]): Set<string> {
  return new CollectionCallIds(messages);
}

class CollectionCallIds extends Set<string> {
  #messages: readonly LangMessage[] | undefined;

  constructor(messages: readonly LangMessage[]) {
    super();
    this.#messages = messages;
  }

  override has(id: string): boolean {
    const messages = this.#messages;
    if (messages !== undefined) {
      this.#messages = undefined;
      for (const message of messages)
        for (const item of message.items)
          if (item.type === 'tool' || item.type === 'tool-result') this.add(item.callId);
    }
    return super.has(id);
  }
}
