import { toValidationResult } from '../../errors/history-issue.js';
import type { HistoryIssue, ValidationResult } from '../../errors/history-issue.js';
import { InvalidHistoryError } from '../../errors/invalid-history-error.js';
import { ToolHistoryError } from '../../errors/tool-history-error.js';
import type { HistoryInspection, InspectionUse } from '../../core/history-inspection.js';
import { isObject, type JsonObject } from '../../core/input-guards.js';
import { NO_RULE_CONTEXT, type RuleContext } from '../../core/rule-context.js';
import { ToolTurnTable, siteName } from '../../core/tool-turn-table.js';
import { ArmedCalls } from '../../core/armed-calls.js';
import type { ChatHost } from '../shared/chat-host.js';
import { textContentIssue, textOfContent } from './openai-chat-text-content.js';
import { checkToolMessage, closeTurn, openTurn, type OpenTurn } from './openai-chat-turns.js';
import {
  describeType,
  fieldParam,
  OPENAI_CHAT_HOST,
  resolveChatHost,
  type ResolvedChatHost,
} from './openai-chat-wording.js';
export { OPENAI_CHAT_MAX_TOOL_CALL_ID_LENGTH } from './openai-chat-call-checks.js';

/**
 * Validates an OpenAI Chat Completions `messages` array for tool-call history the way OpenAI's
 * API does, and returns every issue found (OpenAI itself stops at the first).
 *
 * Each issue's `message` is OpenAI's own wording (typo "preceeding" included) and `param` is
 * OpenAI's param string, so {@link openAIErrorBodyFor} can rebuild the 400 body OpenAI sends.
 * The rules, as OpenAI applies them (inferred from its error replies, cited in the source):
 *
 * - after an assistant message with `tool_calls`, `tool` messages answer those ids; once every id
 *   is answered (or when there is no such turn) a `tool` message with another id is an orphan;
 * - a `tool` message naming an id the turn did not call is an unknown id; one answering an id a
 *   second time in the same run of `tool` messages is a duplicate naming both messages;
 * - the first message that is not a `tool` message closes the turn: ids still unanswered are
 *   missing. The end of the array closes it too (OpenAI then names `param: 'messages'`);
 * - `tool_calls: []` is refused, ids longer than 40 characters are refused, `function.name` must
 *   not be empty, `function.arguments` must be a string, an assistant message without calls
 *   must not have `content: null`, and the content of a `tool`, `system` or `developer` message
 *   is a string or an array of text parts (as the reader requires).
 *
 * `host` swaps in another host's id limit, wording and extra rules (DeepSeek, Groq, Qwen: see
 * `CHAT_HOSTS` in the registry); `validateHistory`'s `provider` option picks it.
 * Ids may repeat across turns (Kimi's `exec_0` style); results may come in any order.
 * Issues are listed in the order a walk through the array meets them (a missing result is met
 * where its turn closes, though its `messageIndex` is the assistant message). Runs in one pass,
 * linear in the number of messages and calls; the input is never modified.
 *
 * @throws {ToolHistoryError} with code `'invalid-input'` when `messages` is not an array or an
 *   entry is not an object: that is misuse, not a history problem.
 *
 * @example
 * const result = validateOpenAIChat(body.messages);
 * if (!result.ok) console.error(result.issues[0].message);
 */
export function validateOpenAIChat(
  messages: readonly unknown[],
  host: ChatHost = OPENAI_CHAT_HOST,
): ValidationResult {
  return inspectOpenAIChat(messages, NO_RULE_CONTEXT, host).result;
}

/**
 * {@link validateOpenAIChat}, with the turn table it read (for repair), under `host`'s rules and
 * wording (OpenAI's by default) and the rule context (DeepSeek's thinking mode reads it).
 */
export function inspectOpenAIChat(
  messages: readonly unknown[],
  context: RuleContext = NO_RULE_CONTEXT,
  host: ChatHost = OPENAI_CHAT_HOST,
  use: InspectionUse = 'validate',
): HistoryInspection {
  assertOpenAIChatMessages(messages);
  const rules = resolveChatHost(host, use);
  const issues: HistoryIssue[] = [];
  const table = new ToolTurnTable(messages.length);
  let turn: OpenTurn | undefined;
  const armed = new ArmedCalls<number>();

  for (let index = 0; index < messages.length; index++) {
    const message = openAIChatMessageAt(messages, index);
    if (message.role === 'tool') {
      checkToolMessage(message, index, turn, issues, rules);
      if (typeof message.content !== 'string') checkTextContent(message, index, issues, rules);
      table.begin(index, 'results');
      table.add(siteName(message.tool_call_id), -1, siteName(message.name));
      continue;
    }
    // Any other message (user, system, developer, assistant, an unknown role or none) ends the
    // run of tool messages that answers the open turn.
    if (turn !== undefined && turn.pending > 0)
      closeTurn(turn, index, fieldParam(rules, index, 'role'), issues, rules);
    if (turn !== undefined) armed.other();
    turn = undefined;
    if (message.role === 'assistant') {
      turn = openTurn(message, index, issues, table, rules, armed);
      checkContent(message, index, issues, rules);
    } else if (
      (message.role === 'system' || message.role === 'developer') &&
      typeof message.content !== 'string'
    )
      checkTextContent(message, index, issues, rules);
    // One turn per message: a message that opened no call turn holds neither calls nor results.
    if (table.count === index) table.other(index);
  }
  // The LangChain INVALID_TOOL_RESULTS page shows OpenAI refusing a history that ends before
  // every call is answered, with `param: 'messages'` (no index):
  // https://github.com/langchain-ai/langchain/blob/67e87c79238bf73c18b5b0c6be09dd3e798fcae1/docs/docs/troubleshooting/errors/INVALID_TOOL_RESULTS.ipynb
  closeTurn(turn, messages.length, 'messages', issues, rules);
  if (host.checks !== undefined && messages.length > 0) {
    const objects = messages as readonly JsonObject[];
    for (const check of host.checks) check(objects, context, issues);
  }
  return { result: toValidationResult(issues), table };
}

/** `content: null` is refused on an assistant message that has no calls. */
function checkContent(
  message: JsonObject,
  index: number,
  issues: HistoryIssue[],
  rules: ResolvedChatHost,
): void {
  if (message.content !== null) return;
  const calls = message.tool_calls;
  if (Array.isArray(calls) && calls.length > 0) return;
  // No reply with its param was found; ours names the field as OpenAI's schema errors do.
  issues.push({
    code: 'invalid-content',
    messageIndex: index,
    message: rules.wording.nullContent(index),
    param: `messages.[${index}].content`,
  });
}

/**
 * The content of a `tool`, `system` or `developer` message is a string or an array of text parts;
 * the reader refuses anything else, so the validator reports it.
 */
function checkTextContent(
  message: JsonObject,
  index: number,
  issues: HistoryIssue[],
  rules: ResolvedChatHost,
): void {
  const text = textOfContent(message.content);
  if (typeof text !== 'string')
    issues.push(textContentIssue(text, index, String(message.role), rules));
}

/**
 * Throws when {@link validateOpenAIChat} finds any issue; shares its implementation.
 *
 * @throws {InvalidHistoryError} listing every issue, when the history has any.
 * @throws {ToolHistoryError} with code `'invalid-input'` on the same misuse as {@link validateOpenAIChat}.
 */
export function assertValidOpenAIChat(messages: readonly unknown[]): void {
  const result = validateOpenAIChat(messages);
  if (!result.ok) throw new InvalidHistoryError(result.issues);
}

// The Chat Completions guards the reader (from-openai-chat.ts, through OPENAI_CHAT_DIALECT) shares
// with this validator, so both refuse a malformed array or message in these words. Everything else
// the validator reports as issues in OpenAI's words (a missing `tool_call_id`, a mistyped id), as
// OpenAI does, where the reader, which cannot build a history from them, throws.

/**
 * Checks that `messages` is a Chat Completions `messages` array.
 *
 * @throws {ToolHistoryError} `invalid-input` naming what was passed instead.
 */
export function assertOpenAIChatMessages(
  messages: unknown,
): asserts messages is readonly unknown[] {
  if (!Array.isArray(messages)) {
    throw new ToolHistoryError(
      'invalid-input',
      `Expected the Chat Completions messages array, but got ${describeType(messages)}. Pass body.messages, not the whole request body.`,
    );
  }
}

/**
 * `messages[index]` when it is an object.
 *
 * @throws {ToolHistoryError} `invalid-input` naming the index.
 */
export function openAIChatMessageAt(messages: readonly unknown[], index: number): JsonObject {
  const message: unknown = messages[index];
  if (!isObject(message)) {
    throw new ToolHistoryError(
      'invalid-input',
      `messages[${index}] is ${describeType(message)}, not a message object. Every entry of a Chat Completions messages array must be an object with a role.`,
    );
  }
  return message;
}
