import { wordsIssues, type InspectionUse } from '../../core/history-inspection.js';
import type { ChatHost, ChatWording } from '../shared/chat-host.js';

/**
 * OpenAI's sentences for the Chat Completions rules. Each is quoted from a real reply, with its
 * source next to it (and in docs/providers.md); the few we wrote ourselves say so.
 */
const OPENAI_CHAT_WORDING: ChatWording = {
  // "Invalid parameter: messages with role 'tool' must be a response to a preceeding message
  // with 'tool_calls'." param messages.[3].role, code null (typo "preceeding" included):
  // https://github.com/miurla/morphic/issues/136, https://github.com/smarter-sh/smarter/issues/264.
  orphanResult: () =>
    "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
  // https://github.com/dapr/dapr-agents/issues/145 (also quoted in cline's transformToolCallId).
  unknownCallId: (id) =>
    `Invalid parameter: 'tool_call_id' of '${id}' not found in 'tool_calls' of previous message.`,
  // param messages.[8].tool_call_id, code null: https://github.com/agno-agi/agno/issues/5116,
  // https://github.com/fatwang2/search2ai/issues/30 (Azure OpenAI, messages[4] and messages[5]).
  duplicateResult: (id, first, index) =>
    `Invalid parameter: Duplicate value for 'tool_call_id' of '${id}', in messages[${first}] and messages[${index}].`,
  // param messages.[6].role, code null: https://github.com/router-for-me/CLIProxyAPI/issues/2798,
  // https://github.com/sdcb/chats/pull/132. Several ids are joined by ", ".
  missingResults: (ids) =>
    `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${ids.join(', ')}`,
  // param messages.[3].tool_call_id, code null: https://github.com/langchain-ai/langchain/issues/22600,
  // https://github.com/run-llama/multi-agent-concierge/pull/16.
  missingToolCallId: () =>
    "Missing parameter 'tool_call_id': messages with role 'tool' must have a 'tool_call_id'.",
  // code empty_array: https://github.com/openai/openai-python/issues/2061,
  // https://github.com/home-assistant/core/pull/118577.
  emptyToolCalls: (path) =>
    `Invalid '${path}': empty array. Expected an array with minimum length 1, but got an empty array instead.`,
  // code empty_string: "Invalid 'messages[67].tool_calls[0].function.name': empty string. Expected
  // a string with minimum length 1, but got an empty string instead."
  // https://github.com/continuedev/continue/issues/9784.
  emptyString: (path) =>
    `Invalid '${path}': empty string. Expected a string with minimum length 1, but got an empty string instead.`,
  // "Missing required parameter: 'messages[3].tool_calls[0].type'." and "Invalid type for
  // 'messages[2].tool_calls[0].function.arguments': expected a string, but got an object
  // instead." code invalid_type: https://github.com/aaif-goose/goose-mobile/pull/20.
  mistyped: (path, value, expected) =>
    value === undefined
      ? `Missing required parameter: '${path}'.`
      : `Invalid type for '${path}': expected ${expected}, but got ${describeType(value)} instead.`,
  // https://github.com/openai/openai-cookbook/issues/503; checked against the live API in
  // https://github.com/vercel/ai/issues/14950.
  nullContent: () => "Invalid value for 'content': expected a string, got null.",
};

/** The longest `tool_calls[].id` OpenAI accepts ("Expected a string with maximum length 40"). */
export const OPENAI_CHAT_MAX_CALL_ID_LENGTH = 40;

/** OpenAI itself: the Chat Completions rules as OpenAI applies them. */
export const OPENAI_CHAT_HOST: ChatHost = {
  name: 'openai',
  label: 'OpenAI',
  maxCallIdLength: OPENAI_CHAT_MAX_CALL_ID_LENGTH,
  wording: {},
};

/** A host's rules with OpenAI's filling what the host leaves out. */
export interface ResolvedChatHost {
  readonly host: ChatHost;
  readonly wording: ChatWording;
  readonly maxCallIdLength: number | undefined;
  /** Whether issues name their `param` (not for an inspection for repair: {@link InspectionUse}). */
  readonly params: boolean;
}

/** `host` with OpenAI's sentences and limits where it has none of its own, for `use`. */
export function resolveChatHost(host: ChatHost, use: InspectionUse = 'validate'): ResolvedChatHost {
  return {
    host,
    wording: { ...OPENAI_CHAT_WORDING, ...host.wording },
    maxCallIdLength:
      'maxCallIdLength' in host ? host.maxCallIdLength : OPENAI_CHAT_MAX_CALL_ID_LENGTH,
    params: wordsIssues(use),
  };
}

/**
 * OpenAI's param for a field of message `index` (`messages.[3].role`: OpenAI writes a dot before
 * the index in these), or none when the rules are for repair: one string per orphan result would
 * otherwise be made and kept for nothing.
 */
export function fieldParam(
  rules: ResolvedChatHost,
  index: number,
  field: 'role' | 'tool_call_id',
): string | undefined {
  return rules.params ? `messages.[${String(index)}].${field}` : undefined;
}

/** OpenAI's names for JSON types: "an integer", "a decimal number", "an object", "null", … */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a decimal number';
  if (typeof value === 'bigint') return 'an integer';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'undefined') return 'undefined';
  return `a ${typeof value}`;
}
