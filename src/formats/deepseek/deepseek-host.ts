import type { HistoryIssue } from '../../errors/history-issue.js';
import { isObject, type JsonObject } from '../../core/input-guards.js';
import { BASE_PROFILE, NON_EMPTY_CALL_ID } from '../../core/provider-profile.js';
import type { RuleContext } from '../../core/rule-context.js';
import type { ShapeFix, ShapeRepair } from '../shared/shape-fix.js';
import type { ChatHost } from '../shared/chat-host.js';

/**
 * DeepSeek's Chat Completions (`api.deepseek.com`): its own ids (`call_0_<uuid>`, 43 characters,
 * which OpenAI's 40-character limit would refuse), `content: ""` on tool-call turns
 * (https://github.com/agentjido/req_llm/issues/966), its own sentences for the pairing rules,
 * and in thinking mode the `reasoning_content` of the current turn's tool-call turns sent back.
 */
export const DEEPSEEK_HOST: ChatHost = {
  name: 'deepseek',
  label: 'DeepSeek',
  maxCallIdLength: undefined,
  profile: { ...BASE_PROFILE, name: 'DeepSeek', callIds: NON_EMPTY_CALL_ID },
  wording: {
    // param null, code invalid_request_error: https://github.com/FoundationAgents/OpenManus/issues/23,
    // https://github.com/qwersyk/Newelle/issues/425.
    orphanResult: () =>
      "Messages with role 'tool' must be a response to a preceding message with 'tool_calls'",
    // https://github.com/gptme/gptme/issues/3421 (relayed by OpenRouter as `raw`).
    missingResults: () =>
      "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. (insufficient tool messages following tool_calls message)",
  },
  checks: [checkReasoning],
  repairShape: addMissingReasoning,
};

/**
 * Thinking mode is on: `thinking: true`, or the reasoner model (whose thinking cannot be turned
 * off). https://api-docs.deepseek.com/guides/thinking_mode
 */
function thinkingOn(context: RuleContext): boolean {
  return context.thinking === true || context.model === 'deepseek-reasoner';
}

/**
 * The assistant tool-call turns of the current turn (after the last user message) that lack
 * `reasoning_content`, in order.
 */
function turnsWithoutReasoning(messages: readonly unknown[]): number[] {
  let start = messages.length;
  while (start > 0 && !(isObject(messages[start - 1]) && roleOf(messages[start - 1]) === 'user'))
    start--;
  const found: number[] = [];
  for (let index = start; index < messages.length; index++) {
    const message = messages[index];
    if (!isObject(message) || message.role !== 'assistant') continue;
    const calls = message.tool_calls;
    if (Array.isArray(calls) && calls.length > 0 && typeof message.reasoning_content !== 'string')
      found.push(index);
  }
  return found;
}

/** The string ids of a message's calls, in call order. */
function callIdsOf(message: unknown): string[] {
  const calls = isObject(message) && Array.isArray(message.tool_calls) ? message.tool_calls : [];
  const ids: string[] = [];
  for (const call of calls) if (isObject(call) && typeof call.id === 'string') ids.push(call.id);
  return ids;
}

function roleOf(message: unknown): unknown {
  return isObject(message) ? message.role : undefined;
}

function checkReasoning(
  messages: readonly JsonObject[],
  context: RuleContext,
  issues: HistoryIssue[],
): void {
  if (!thinkingOn(context)) return;
  for (const index of turnsWithoutReasoning(messages)) {
    // param null, code invalid_request_error: https://github.com/deepseek-ai/DeepSeek-V3/issues/1053,
    // https://github.com/continuedev/continue/issues/11285.
    issues.push({
      code: 'missing-reasoning',
      messageIndex: index,
      toolCallIds: callIdsOf(messages[index]),
      message: `Missing \`reasoning_content\` field in the assistant message at message index ${index}. For more information, please refer to https://api-docs.deepseek.com/guides/thinking_mode#tool-calls`,
    });
  }
}

/**
 * Gives each such turn `reasoning_content: ''`: the reasoning itself is gone, and DeepSeek checks
 * that the field is there (the fix clients ship, e.g. https://github.com/continuedev/continue/pull/11290).
 */
function addMissingReasoning(messages: readonly unknown[], context: RuleContext): ShapeRepair {
  if (!thinkingOn(context)) return { messages, fixes: [] };
  const indexes = turnsWithoutReasoning(messages);
  if (indexes.length === 0) return { messages, fixes: [] };
  const out = messages.slice();
  const fixes: ShapeFix[] = [];
  for (const index of indexes) {
    const message = messages[index] as JsonObject;
    out[index] = { ...message, reasoning_content: '' };
    fixes.push({
      kind: 'added-reasoning',
      messageIndex: index,
      callId: callIdsOf(message)[0] ?? '',
      message: `Gave the tool-call turn at messages[${index}] an empty reasoning_content: DeepSeek's thinking mode needs the field on the current turn's tool-call turns, and the reasoning was not kept.`,
    });
  }
  return { messages: out, fixes };
}
