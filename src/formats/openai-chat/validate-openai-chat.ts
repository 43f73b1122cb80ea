import { toValidationResult } from '../../errors/history-issue.js';
import type { HistoryIssue, ValidationResult } from '../../errors/history-issue.js';
import { ToolHistoryError } from '../../errors/tool-history-error.js';
import {
  wordsIssues,
  type HistoryInspection,
  type InspectionUse,
} from '../../core/history-inspection.js';
import { isObject, type JsonObject } from '../../core/input-guards.js';
import { NO_RULE_CONTEXT, type RuleContext } from '../../core/format.js';
import { ToolTurnTable, siteName } from '../../core/tool-turn-table.js';
import type { ChatHost } from '../shared/chat-host.js';
import { describeType, OPENAI_CHAT_HOST } from './chat-hosts.js';

/**
 * Validates a Chat Completions `messages` array, returning every issue with OpenAI's `message` and
 * `param`. The `tool` messages after a call turn answer its ids in any order; ids may repeat across turns.
 *
 * @throws {ToolHistoryError} `invalid-input` when `messages` is not an array or an entry is not an object.
 */
export function validateOpenAIChat(messages: readonly unknown[]): ValidationResult {
  return inspectOpenAIChat(messages).result;
}

/**
 * The id made up for a legacy `function_call` and its `function` message (the functions API has
 * no ids; a turn holds one call, and ids may repeat across turns). The writer writes a call and
 * results under this id back as `function_call` / `role: 'function'`.
 */
export const LEGACY_CALL_ID = 'function_call';

/** The call turn the following `tool` messages answer: each id's answer, -1 while pending. */
interface OpenTurn {
  readonly index: number;
  readonly answeredAt: Map<string, number>;
  pending: number;
}

/** {@link validateOpenAIChat} under `host`'s rules, with its turn table. */
export function inspectOpenAIChat(
  messages: readonly unknown[],
  context: RuleContext = NO_RULE_CONTEXT,
  host: ChatHost = OPENAI_CHAT_HOST,
  use: InspectionUse = 'validate',
): HistoryInspection {
  assertOpenAIChatMessages(messages);
  const rules: Rules = { ...host, params: wordsIssues(use) };
  const issues: HistoryIssue[] = [];
  const table = new ToolTurnTable(messages.length);
  let turn: OpenTurn | undefined;
  // The message index of an unanswered legacy `function_call`, -1 for none.
  let legacyAt = -1;
  for (let index = 0; index < messages.length; index++) {
    const message = openAIChatMessageAt(messages, index);
    const role = message.role;
    if (role === 'function') {
      // The deprecated functions API: a `function` message answers the `function_call` just before it.
      const answers = legacyAt === index - 1 && legacyAt >= 0;
      if (!answers) {
        // Ours: no OpenAI reply for a lone `function` message was found.
        const text = `Invalid parameter: messages with role 'function' must be a response to a preceding message with 'function_call'.`;
        const param = fieldParam(rules, index, 'role');
        issues.push(callIssue('orphan-tool-result', index, LEGACY_CALL_ID, text, param));
      }
      checkTextContent(message, index, issues, rules);
      table.begin(index, 'results');
      table.add(LEGACY_CALL_ID, -1);
      legacyAt = -1;
      continue;
    }
    if (legacyAt >= 0) closeLegacy(legacyAt, issues, rules);
    legacyAt = -1;
    if (role === 'tool') {
      checkToolMessage(message, index, turn, issues, rules);
      checkTextContent(message, index, issues, rules);
      table.begin(index, 'results');
      table.add(siteName(message.tool_call_id), -1);
      continue;
    }
    if (turn) closeTurn(turn, index, fieldParam(rules, index, 'role'), issues, rules);
    turn = undefined;
    if (role === 'assistant') {
      turn = openTurn(message, index, issues, table, rules);
      const calls = message.tool_calls;
      // No reply with its param was found; ours names the field as OpenAI's schema errors do.
      // `content` is required "unless `tool_calls` or `function_call` is specified" (the API reference).
      const legacyCall = isObject(message.function_call);
      if (legacyCall) {
        if (table.count === index) table.begin(index, 'calls');
        table.add(LEGACY_CALL_ID, -1);
        legacyAt = index;
      }
      if (message.content === null && !legacyCall && !(Array.isArray(calls) && calls.length > 0)) {
        const text = rules.wording.nullContent(index);
        const param = `messages.[${index}].content`;
        issues.push({ code: 'invalid-content', messageIndex: index, message: text, param });
      }
    } else if (role === 'system' || role === 'developer')
      checkTextContent(message, index, issues, rules);
    if (table.count === index) table.other(index);
  }
  if (legacyAt >= 0) closeLegacy(legacyAt, issues, rules);
  // At the end OpenAI names `param: 'messages'`, no index (LangChain's INVALID_TOOL_RESULTS page).
  closeTurn(turn, messages.length, 'messages', issues, rules);
  if (host.checks !== undefined && messages.length > 0)
    for (const check of host.checks) check(messages as readonly JsonObject[], context, issues);
  return { result: toValidationResult(issues), table };
}

/** A host's rules; `params`: whether issues name their `param` (not for repair). */
type Rules = ChatHost & { readonly params: boolean };

/** OpenAI's param for a field of message `index` (`messages.[3].role`), or none for repair. */
function fieldParam(
  rules: Rules,
  index: number,
  field: 'role' | 'tool_call_id',
): string | undefined {
  return rules.params ? `messages.[${String(index)}].${field}` : undefined;
}

type CallIssueCode =
  | 'invalid-tool-call-id'
  | 'unknown-tool-call-id'
  | 'duplicate-tool-call-id'
  | 'orphan-tool-result'
  | 'invalid-arguments'
  | 'invalid-tool-name';

function callIssue(
  code: CallIssueCode,
  messageIndex: number,
  toolCallId: string,
  message: string,
  param: string | undefined,
): HistoryIssue {
  return { code, messageIndex, toolCallId, message, param };
}

function checkToolMessage(
  message: JsonObject,
  index: number,
  turn: OpenTurn | undefined,
  issues: HistoryIssue[],
  rules: Rules,
): void {
  const id = message.tool_call_id;
  const { wording } = rules;
  if (typeof id !== 'string') {
    const path = `messages[${index}].tool_call_id`;
    const missing = id === undefined;
    const text = missing
      ? wording.missingToolCallId(index)
      : wording.mistyped(path, id, 'a string');
    const param = missing ? fieldParam(rules, index, 'tool_call_id') : path;
    issues.push(callIssue('unknown-tool-call-id', index, '', text, param));
    return;
  }
  const first = turn?.answeredAt.get(id);
  if (turn !== undefined && first === -1) {
    turn.answeredAt.set(id, index);
    turn.pending--;
    return;
  }
  const param = fieldParam(rules, index, 'tool_call_id');
  if (first !== undefined) {
    // OpenAI names both messages, also once every call is answered (agno-agi/agno#5116).
    const text = wording.duplicateResult(id, first, index);
    issues.push(callIssue('duplicate-tool-call-id', index, id, text, param));
  } else if (turn === undefined || turn.pending === 0) {
    const text = wording.orphanResult(index);
    issues.push(callIssue('orphan-tool-result', index, id, text, fieldParam(rules, index, 'role')));
  } else {
    issues.push(callIssue('unknown-tool-call-id', index, id, wording.unknownCallId(id), param));
  }
}

/** Reports the calls of `turn` left unanswered; `param` names the closing message. */
function closeTurn(
  turn: OpenTurn | undefined,
  closedAt: number,
  param: string | undefined,
  issues: HistoryIssue[],
  rules: Rules,
): void {
  if (turn === undefined || turn.pending === 0) return;
  const toolCallIds = [...turn.answeredAt].filter(([, at]) => at === -1).map(([id]) => id);
  const message = rules.wording.missingResults(toolCallIds, closedAt);
  issues.push({
    code: 'missing-tool-result',
    messageIndex: turn.index,
    toolCallIds,
    message,
    param,
  });
}

/** Reports the legacy `function_call` of message `index` left without its `function` message. */
function closeLegacy(index: number, issues: HistoryIssue[], rules: Rules): void {
  const toolCallIds = [LEGACY_CALL_ID];
  // Ours, after OpenAI's `tool_calls` sentence.
  const message = `An assistant message with 'function_call' must be followed by a message with role 'function' responding to it.`;
  const param = rules.params ? `messages.[${String(index)}]` : undefined;
  issues.push({ code: 'missing-tool-result', messageIndex: index, toolCallIds, message, param });
}

function openTurn(
  message: JsonObject,
  index: number,
  issues: HistoryIssue[],
  table: ToolTurnTable,
  rules: Rules,
): OpenTurn | undefined {
  const toolCalls = message.tool_calls;
  if (!Array.isArray(toolCalls)) return undefined;
  if (toolCalls.length === 0) {
    const path = `messages[${index}].tool_calls`;
    const text = rules.wording.emptyToolCalls(path);
    issues.push({ code: 'empty-tool-calls', messageIndex: index, message: text, param: path });
    return undefined;
  }
  // Each id's first call position.
  const firstAt = new Map<string, number>();
  table.begin(index, 'calls');
  for (let callIndex = 0; callIndex < toolCalls.length; callIndex++) {
    const call: unknown = toolCalls[callIndex];
    if (!isObject(call)) {
      table.add('', callIndex);
      continue;
    }
    const fn = isObject(call.function) ? call.function : undefined;
    table.add(siteName(call.id), callIndex);
    const id = checkCall(call.id, fn, index, callIndex, issues, rules);
    if (id === undefined) continue;
    const first = firstAt.get(id);
    if (first === undefined) {
      firstAt.set(id, callIndex);
      continue;
    }
    // Ours, shaped like OpenAI's duplicate tool_call_id (latitude-dev/latitude-llm#1840 says it passes).
    const text = `Duplicate value for 'id' of '${id}', in messages[${index}].tool_calls[${first}] and messages[${index}].tool_calls[${callIndex}].`;
    const param = `messages[${index}].tool_calls[${callIndex}].id`;
    issues.push(callIssue('duplicate-tool-call-id', index, id, text, param));
  }
  if (firstAt.size === 0) return undefined;
  for (const id of firstAt.keys()) firstAt.set(id, -1);
  return { index, answeredAt: firstAt, pending: firstAt.size };
}

function checkCall(
  id: unknown,
  fn: JsonObject | undefined,
  index: number,
  callIndex: number,
  issues: HistoryIssue[],
  rules: Rules,
): string | undefined {
  const max = rules.maxCallIdLength;
  const goodId = typeof id === 'string' && id !== '' && (max === undefined || id.length <= max);
  const goodFunction = fn === undefined || (fn.name !== '' && typeof fn.arguments === 'string');
  if (goodId && goodFunction) return id;
  const { emptyString, mistyped } = rules.wording;
  const path = `messages[${index}].tool_calls[${callIndex}]`;
  const param = `${path}.id`;
  const callId = typeof id === 'string' ? id : undefined;
  // No reply recorded for an empty id: OpenAI's empty_string sentence; too long: vercel/ai#8132.
  const idText =
    callId === undefined
      ? mistyped(param, id, 'a string')
      : callId === ''
        ? emptyString(param)
        : max !== undefined && callId.length > max
          ? `Invalid '${param}': string too long. Expected a string with maximum length ${max}, but got a string with length ${callId.length} instead.`
          : undefined;
  if (idText !== undefined)
    issues.push(callIssue('invalid-tool-call-id', index, callId ?? '', idText, param));
  if (fn === undefined) return callId;
  const name = `${path}.function.name`;
  if (fn.name === '')
    issues.push(callIssue('invalid-tool-name', index, callId ?? '', emptyString(name), name));
  const args = `${path}.function.arguments`;
  const text = mistyped(args, fn.arguments, 'a string');
  if (typeof fn.arguments !== 'string')
    issues.push(callIssue('invalid-arguments', index, callId ?? '', text, args));
  return callId;
}

/** The first thing wrong with content that must be text; `partIndex` is -1 for `content`. */
export interface TextContentProblem {
  readonly kind: 'content' | 'part' | 'type' | 'text';
  readonly partIndex: number;
  readonly value: unknown;
}

/** Text-only content (a string, or text parts joined by newlines), or its first problem. */
export function textOfContent(content: unknown): string | TextContentProblem {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return { kind: 'content', partIndex: -1, value: content };
  const texts: string[] = [];
  for (let partIndex = 0; partIndex < content.length; partIndex++) {
    const part: unknown = content[partIndex];
    if (!isObject(part)) return { kind: 'part', partIndex, value: part };
    if (part.type !== 'text') return { kind: 'type', partIndex, value: part };
    if (typeof part.text !== 'string') return { kind: 'text', partIndex, value: part.text };
    texts.push(part.text);
  }
  return texts.join('\n');
}

function checkTextContent(
  message: JsonObject,
  index: number,
  issues: HistoryIssue[],
  rules: Rules,
): void {
  if (typeof message.content === 'string') return;
  const problem = textOfContent(message.content);
  if (typeof problem === 'string') return;
  const { mistyped } = rules.wording;
  const { kind, partIndex, value } = problem;
  const content = `messages[${index}].content`;
  const part = `${content}[${partIndex}]`;
  const partParam = `messages.[${index}].content.[${partIndex}]`;
  const type = kind === 'type' && isObject(value) ? value.type : undefined;
  let text: string;
  let param: string;
  if (kind === 'content') {
    // clusterzx/paperless-ai#748.
    text = mistyped(content, value, 'one of a string or array of objects');
    param = `messages.[${index}].content`;
  } else if (kind === 'part') {
    [text, param] = [mistyped(part, value, 'an object'), partParam];
  } else if (kind === 'text') {
    [text, param] = [mistyped(`${part}.text`, value, 'a string'), `${partParam}.text`];
  } else if (type === 'image_url') {
    // OpenAI's sentence: OpenHands/OpenHands#7700.
    text = `Invalid 'messages[${index}]'. Image URLs are only allowed for messages with role 'user', but this message with role '${String(message.role)}' contains an image URL.`;
    param = `messages.[${index}].content`;
  } else {
    // Ours, shaped like OpenAI's enum errors.
    text =
      typeof type === 'string'
        ? `Invalid value: '${type}'. Supported values are: 'text'.`
        : mistyped(`${part}.type`, type, 'a string');
    param = `${partParam}.type`;
  }
  issues.push({ code: 'invalid-content', messageIndex: index, message: text, param });
}

/** @throws {ToolHistoryError} `invalid-input` unless `messages` is an array. */
export function assertOpenAIChatMessages(
  messages: unknown,
): asserts messages is readonly unknown[] {
  if (!Array.isArray(messages))
    throw new ToolHistoryError(
      'invalid-input',
      `Expected the Chat Completions messages array, but got ${describeType(messages)}. Pass body.messages, not the whole request body.`,
    );
}

/** @throws {ToolHistoryError} `invalid-input` when `messages[index]` is not an object. */
export function openAIChatMessageAt(messages: readonly unknown[], index: number): JsonObject {
  const message: unknown = messages[index];
  if (!isObject(message))
    throw new ToolHistoryError(
      'invalid-input',
      `messages[${index}] is ${describeType(message)}, not a message object. Every entry of a Chat Completions messages array must be an object with a role.`,
    );
  return message;
}
