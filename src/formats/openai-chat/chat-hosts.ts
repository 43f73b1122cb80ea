// The hosts that speak Chat Completions, each with its id limit, wording and extra rules; where a
// host has no sentence of its own, OpenAI's stands.
import type { HistoryIssue } from '../../errors/history-issue.js';
import {
  describeType as describeJsonType,
  isObject,
  type JsonObject,
} from '../../core/input-guards.js';
import { BASE_PROFILE, NON_EMPTY_CALL_ID, type RuleContext } from '../../core/format.js';
import type { ShapeFix, ShapeRepair, ChatHost, ChatWording } from '../shared/chat-host.js';

/** OpenAI's sentences for the Chat Completions rules, each with its source; ours say so. */
const OPENAI_CHAT_WORDING: ChatWording = {
  // param messages.[3].role (typo "preceeding" included): miurla/morphic#136, smarter-sh/smarter#264.
  orphanResult: () =>
    "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
  // dapr/dapr-agents#145.
  unknownCallId: (id) =>
    `Invalid parameter: 'tool_call_id' of '${id}' not found in 'tool_calls' of previous message.`,
  // param messages.[8].tool_call_id: agno-agi/agno#5116 (Azure OpenAI).
  duplicateResult: (id, first, index) =>
    `Invalid parameter: Duplicate value for 'tool_call_id' of '${id}', in messages[${first}] and messages[${index}].`,
  // param messages.[6].role: router-for-me/CLIProxyAPI#2798; ids joined by ", ".
  missingResults: (ids) =>
    `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${ids.join(', ')}`,
  // param messages.[3].tool_call_id: langchain-ai/langchain#22600.
  missingToolCallId: () =>
    "Missing parameter 'tool_call_id': messages with role 'tool' must have a 'tool_call_id'.",
  // code empty_array: openai/openai-python#2061.
  emptyToolCalls: (path) =>
    `Invalid '${path}': empty array. Expected an array with minimum length 1, but got an empty array instead.`,
  // code empty_string: continuedev/continue#9784.
  emptyString: (path) =>
    `Invalid '${path}': empty string. Expected a string with minimum length 1, but got an empty string instead.`,
  // code invalid_type: aaif-goose/goose-mobile#20.
  mistyped: (path, value, expected) =>
    value === undefined
      ? `Missing required parameter: '${path}'.`
      : `Invalid type for '${path}': expected ${expected}, but got ${describeType(value)} instead.`,
  // openai/openai-cookbook#503; checked against the live API in vercel/ai#14950.
  nullContent: () => "Invalid value for 'content': expected a string, got null.",
};

/** The longest `tool_calls[].id` OpenAI accepts (vercel/ai#8132). */
export const OPENAI_CHAT_MAX_CALL_ID_LENGTH = 40;

/** OpenAI itself. */
export const OPENAI_CHAT_HOST: ChatHost = {
  maxCallIdLength: OPENAI_CHAT_MAX_CALL_ID_LENGTH,
  wording: OPENAI_CHAT_WORDING,
};

/**
 * DeepSeek: its own ids (`call_0_<uuid>`, 43 characters), its own pairing sentences, and in
 * thinking mode the `reasoning_content` of the current turn's tool-call turns sent back.
 */
export const DEEPSEEK_HOST: ChatHost = {
  maxCallIdLength: undefined,
  profile: { ...BASE_PROFILE, name: 'DeepSeek', callIds: NON_EMPTY_CALL_ID },
  wording: {
    ...OPENAI_CHAT_WORDING,
    // param null, code invalid_request_error: FoundationAgents/OpenManus#23.
    orphanResult: () =>
      "Messages with role 'tool' must be a response to a preceding message with 'tool_calls'",
    // gptme/gptme#3421 (relayed by OpenRouter as `raw`).
    missingResults: () =>
      "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. (insufficient tool messages following tool_calls message)",
  },
  checks: [checkReasoning],
  repairShape: addMissingReasoning,
};

/** Groq: OpenAI's rules (its schema since 2025, 0xPlaygrounds/rig#1137), schema errors in Groq's shape. */
export const GROQ_HOST: ChatHost = {
  maxCallIdLength: OPENAI_CHAT_MAX_CALL_ID_LENGTH,
  wording: {
    ...OPENAI_CHAT_WORDING,
    // hackclub/ai#22.
    missingToolCallId: (index) =>
      `'messages.${index}' : for 'role:tool' the following must be satisfied[('messages.${index}.tool_call_id' : property 'tool_call_id' is missing)]`,
    // tidyverse/ellmer#162.
    nullContent: (index) =>
      `'messages.${index}' : for 'role:assistant' the following must be satisfied[('messages.${index}.content' : value must be a string)]`,
  },
};

// DashScope prefixes its sentences with the status and its own code, and quotes with double quotes.
const QWEN_PREFIX = '<400> InternalError.Algo.InvalidParameter: ';

/** Qwen on DashScope (OpenAI-compatible mode): OpenAI's rules, in DashScope's wording. */
export const QWEN_HOST: ChatHost = {
  maxCallIdLength: OPENAI_CHAT_MAX_CALL_ID_LENGTH,
  wording: {
    ...OPENAI_CHAT_WORDING,
    // QwenLM/qwen-code#2360 (typo "preceeding" included).
    orphanResult: () =>
      `${QWEN_PREFIX}messages with role "tool" must be a response to a preceeding message with "tool_calls".`,
    // alibaba/spring-ai-alibaba#914: names the message that closed the turn, not the ids.
    missingResults: (_ids, closedAt) =>
      `${QWEN_PREFIX}An assistant message with "tool_calls" must be followed by tool messages responding to each "tool_call_id". The following tool_call_ids did not have response messages: message[${closedAt}].role`,
  },
};

/** DeepSeek's thinking mode (https://api-docs.deepseek.com/guides/thinking_mode). */
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
  // deepseek-ai/DeepSeek-V3#1053.
  for (const [index, toolCallIds] of turnsWithoutReasoning(messages)) {
    const message = `Missing \`reasoning_content\` field in the assistant message at message index ${index}. For more information, please refer to https://api-docs.deepseek.com/guides/thinking_mode#tool-calls`;
    issues.push({ code: 'missing-reasoning', messageIndex: index, toolCallIds, message });
  }
}

/** Gives each such turn `reasoning_content: ''`: DeepSeek checks only that the field is there (continuedev/continue#11290). */
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

/** OpenAI's names for JSON types: numbers are "an integer" or "a decimal number". */
export function describeType(value: unknown): string {
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a decimal number';
  return typeof value === 'bigint' ? 'an integer' : describeJsonType(value);
}
