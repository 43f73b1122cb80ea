import { isObject, type JsonObject } from '../../core/input-guards.js';
import { NO_RULE_CONTEXT, type RuleContext } from '../../core/format.js';
import type { HistoryIssue } from '../../errors/history-issue.js';
import type { ShapeFix, ShapeRepair, ChatHost } from '../shared/chat-host.js';
import { OPENAI_CHAT_HOST } from './chat-hosts.js';

/** The name a call with an empty name gets (the one repair gives every call it has to name). */
const UNNAMED_CALL = 'unknown_tool';

/**
 * Repairs, before a Chat Completions history is read, the fields OpenAI refuses whose meaning is
 * plain (arguments as a JSON value, `tool_calls: []`, `content: null` without calls, an empty
 * name, a `tool` message without `tool_call_id`: the one unanswered call's id, else a new id, so
 * it is repaired as an orphan), then the host's own shape repair (DeepSeek).
 */
export function repairOpenAIChatShape(
  messages: readonly unknown[],
  context: RuleContext = NO_RULE_CONTEXT,
  host: ChatHost = OPENAI_CHAT_HOST,
  issues?: readonly HistoryIssue[],
): ShapeRepair {
  const own = issues === undefined || issues.some(isShapeIssue) ? repairOwn(messages) : undefined;
  const shaped: ShapeRepair = own ?? { messages, fixes: [] };
  if (host.repairShape === undefined) return shaped;
  const hosted = host.repairShape(shaped.messages, context);
  if (hosted.fixes.length === 0) return shaped;
  return {
    messages: hosted.messages,
    // Both lists are in message order; the stable sort puts the Chat fixes first at one index.
    fixes: [...shaped.fixes, ...hosted.fixes].sort((a, b) => a.messageIndex - b.messageIndex),
  };
}

/**
 * True for an issue the shape repair fixes: its fields, and a `tool` message whose
 * `tool_call_id` is absent (reported with the empty id).
 */
function isShapeIssue(issue: HistoryIssue): boolean {
  if (issue.code === 'unknown-tool-call-id') return issue.toolCallId === '';
  return SHAPE_ISSUES.has(issue.code);
}

const SHAPE_ISSUES: ReadonlySet<string> = new Set<HistoryIssue['code']>([
  'invalid-arguments',
  'empty-tool-calls',
  'invalid-content',
  'invalid-tool-name',
]);

/** The Chat Completions part of {@link repairOpenAIChatShape}. */
function repairOwn(messages: readonly unknown[]): ShapeRepair {
  if (!Array.isArray(messages)) return { messages, fixes: [] };
  let out: unknown[] | undefined;
  const fixes: ShapeFix[] = [];
  let taken: Set<string> | undefined;
  const takenOnce = (): Set<string> => (taken ??= takenIds(messages));
  for (let index = 0; index < messages.length; index++) {
    const message: unknown = messages[index];
    if (!isObject(message)) continue;
    if (message.role === 'assistant') {
      const fixed = fixAssistant(message, index, fixes);
      if (fixed !== message) (out ??= messages.slice())[index] = fixed;
      continue;
    }
    // A run of tool messages starts here: give the ones without an id theirs.
    if (message.role !== 'tool' || roleAt(messages, index - 1) === 'tool') continue;
    const turn: unknown = (out ?? messages)[index - 1];
    const opens = isObject(turn) && hasCalls(turn) ? turn : undefined;
    for (const [at, fixed] of pairMissingIds(messages, index, opens, fixes, takenOnce))
      (out ??= messages.slice())[at] = fixed;
  }
  return { messages: out ?? messages, fixes };
}

function roleAt(messages: readonly unknown[], index: number): unknown {
  const message = messages[index];
  return isObject(message) ? message.role : undefined;
}

function hasCalls(message: JsonObject): boolean {
  return Array.isArray(message.tool_calls) && message.tool_calls.length > 0;
}

function fixAssistant(message: JsonObject, index: number, fixes: ShapeFix[]): JsonObject {
  let fixed = message;
  const calls = message.tool_calls;
  if (Array.isArray(calls) && calls.length === 0) {
    const rest: Record<string, unknown> = { ...message };
    delete rest.tool_calls;
    fixed = rest;
    fixes.push({
      kind: 'removed-empty-tool-calls',
      messageIndex: index,
      callId: '',
      message: `Removed the empty tool_calls array of messages[${index}]: OpenAI refuses an empty array, and a text turn needs none.`,
    });
  } else if (Array.isArray(calls)) {
    const fixedCalls = fixCalls(calls, index, fixes);
    if (fixedCalls !== calls) fixed = { ...message, tool_calls: fixedCalls };
  }
  if (message.content === null && !hasCalls(fixed)) {
    fixed = { ...fixed, content: '' };
    fixes.push({
      kind: 'filled-content',
      messageIndex: index,
      callId: '',
      message: `Replaced content: null of messages[${index}] with an empty string: OpenAI refuses null content on an assistant message without tool calls.`,
    });
  }
  return fixed;
}

function fixCalls(calls: readonly unknown[], index: number, fixes: ShapeFix[]): readonly unknown[] {
  let out: unknown[] | undefined;
  for (let callIndex = 0; callIndex < calls.length; callIndex++) {
    const call = calls[callIndex];
    if (!isObject(call) || !isObject(call.function)) continue;
    const fn = call.function;
    const callId = typeof call.id === 'string' ? call.id : '';
    let fixedFn = fn;
    if (fn.name === '') {
      fixedFn = { ...fixedFn, name: UNNAMED_CALL };
      fixes.push({
        kind: 'named-call',
        messageIndex: index,
        partIndex: callIndex,
        callId,
        message: `Named the call at messages[${index}].tool_calls[${callIndex}] "${UNNAMED_CALL}": its function.name was empty, which OpenAI refuses.`,
      });
    }
    if (typeof fn.arguments !== 'string') {
      fixedFn = { ...fixedFn, arguments: JSON.stringify(fn.arguments ?? {}) };
      fixes.push({
        kind: 'stringified-arguments',
        messageIndex: index,
        partIndex: callIndex,
        callId,
        message: `Wrote the arguments of the call at messages[${index}].tool_calls[${callIndex}] as JSON text: OpenAI expects a string, not ${fn.arguments === undefined ? 'nothing' : 'a JSON value'}.`,
      });
    }
    if (fixedFn === fn) continue;
    out ??= calls.slice();
    out[callIndex] = { ...call, function: fixedFn };
  }
  return out ?? calls;
}

/**
 * Ids for the run of `tool` messages from `first` that have none, as index -> fixed message;
 * `turn`: the call turn before the run, if any.
 */
function pairMissingIds(
  messages: readonly unknown[],
  first: number,
  turn: JsonObject | undefined,
  fixes: ShapeFix[],
  takenOnce: () => Set<string>,
): Map<number, JsonObject> {
  const missing: number[] = [];
  const answered = new Set<string>();
  for (let index = first; roleAt(messages, index) === 'tool'; index++) {
    const id = (messages[index] as JsonObject).tool_call_id;
    if (id === undefined) missing.push(index);
    else if (typeof id === 'string') answered.add(id);
  }
  const fixed = new Map<number, JsonObject>();
  if (missing.length === 0) return fixed;
  const unanswered = turn === undefined ? [] : unansweredCalls(turn, answered);
  const only = missing.length === 1 && unanswered.length === 1 ? unanswered[0] : undefined;
  for (const index of missing) {
    const callId = only ?? freshId(takenOnce(), index);
    fixed.set(index, { ...(messages[index] as JsonObject), tool_call_id: callId });
    const why =
      only !== undefined
        ? `the id "${callId}": it is the only unanswered call of the turn at messages[${first - 1}].`
        : `the new id "${callId}": ${unanswered.length === 0 ? 'no call before it is unanswered' : `it cannot be told which of the unanswered calls ${unanswered.join(', ')} it answers`}, so it is repaired as a result without its call.`;
    fixes.push({
      kind: 'added-tool-call-id',
      messageIndex: index,
      callId,
      message: `Gave the tool message at messages[${index}], which had no tool_call_id, ${why}`,
    });
  }
  return fixed;
}

/** The unique string ids of `turn`'s calls that `answered` does not hold, in call order. */
function unansweredCalls(turn: JsonObject, answered: ReadonlySet<string>): string[] {
  const calls = Array.isArray(turn.tool_calls) ? turn.tool_calls : [];
  const ids = new Set<string>();
  for (const call of calls)
    if (isObject(call) && typeof call.id === 'string' && !answered.has(call.id)) ids.add(call.id);
  return [...ids];
}

/** Every call id and tool_call_id of the history. */
function takenIds(messages: readonly unknown[]): Set<string> {
  const taken = new Set<string>();
  for (const message of messages) {
    if (!isObject(message)) continue;
    if (typeof message.tool_call_id === 'string') taken.add(message.tool_call_id);
    if (Array.isArray(message.tool_calls))
      for (const call of message.tool_calls)
        if (isObject(call) && typeof call.id === 'string') taken.add(call.id);
  }
  return taken;
}

function freshId(taken: Set<string>, index: number): string {
  let id = `call_result_${index}`;
  for (let attempt = 1; taken.has(id); attempt++) id = `call_result_${index}_${attempt}`;
  taken.add(id);
  return id;
}
