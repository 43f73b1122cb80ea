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

/** Thinking mode: `thinking: true`, or the reasoner model (https://api-docs.deepseek.com/guides/thinking_mode). */
function thinkingOn(context: RuleContext): boolean {
  return context.thinking === true || context.model === 'deepseek-reasoner';
}

/** The tool-call turns after the last user message that lack `reasoning_content`, with their call ids. */
function turnsWithoutReasoning(messages: readonly unknown[]): [number, string[]][] {
  const found: [number, string[]][] = [];
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    if (!isObject(message)) continue;
    if (message.role === 'user') break;
    const calls = message.tool_calls;
    if (message.role !== 'assistant' || !Array.isArray(calls) || calls.length === 0) continue;
    if (typeof message.reasoning_content === 'string') continue;
    const ids = calls.flatMap((call) =>
      isObject(call) && typeof call.id === 'string' ? [call.id] : [],
    );
    found.unshift([index, ids]);
  }
  return found;
}

function checkReasoning(
  messages: readonly JsonObject[],
  context: RuleContext,
  issues: HistoryIssue[],
): void {
  if (!thinkingOn(context)) return;
  // deepseek-ai/DeepSeek-V3#1053, continuedev/continue#11285.
  for (const [index, toolCallIds] of turnsWithoutReasoning(messages)) {
    const message = `Missing \`reasoning_content\` field in the assistant message at message index ${index}. For more information, please refer to https://api-docs.deepseek.com/guides/thinking_mode#tool-calls`;
    issues.push({ code: 'missing-reasoning', messageIndex: index, toolCallIds, message });
  }
}

/**
 * Gives each such turn `reasoning_content: ''`: the reasoning is gone, and DeepSeek checks only
 * that the field is there (the fix clients ship, e.g. continuedev/continue#11290).
 */
function addMissingReasoning(messages: readonly unknown[], context: RuleContext): ShapeRepair {
  const turns = thinkingOn(context) ? turnsWithoutReasoning(messages) : [];
  if (turns.length === 0) return { messages, fixes: [] };
  const out = messages.slice();
  const fixes: ShapeFix[] = turns.map(([index, callIds]) => {
    out[index] = { ...(messages[index] as JsonObject), reasoning_content: '' };
    const message = `Gave the tool-call turn at messages[${index}] an empty reasoning_content: DeepSeek's thinking mode needs the field on the current turn's tool-call turns, and the reasoning was not kept.`;
    return { kind: 'added-reasoning', messageIndex: index, callId: callIds[0] ?? '', message };
  });
  return { messages: out, fixes };
}
