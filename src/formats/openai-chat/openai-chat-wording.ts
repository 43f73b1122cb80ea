import { wordsIssues, type InspectionUse } from '../../core/history-inspection.js';
import type { ChatHost, ChatWording } from '../shared/chat-host.js';

/** OpenAI's sentences for the Chat Completions rules, each with its source; ours say so. */
const OPENAI_CHAT_WORDING: ChatWording = {
  // param messages.[3].role (typo "preceeding" included): miurla/morphic#136, smarter-sh/smarter#264.
  orphanResult: () =>
    "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
  // dapr/dapr-agents#145 (also quoted in cline's transformToolCallId).
  unknownCallId: (id) =>
    `Invalid parameter: 'tool_call_id' of '${id}' not found in 'tool_calls' of previous message.`,
  // param messages.[8].tool_call_id: agno-agi/agno#5116, fatwang2/search2ai#30 (Azure OpenAI).
  duplicateResult: (id, first, index) =>
    `Invalid parameter: Duplicate value for 'tool_call_id' of '${id}', in messages[${first}] and messages[${index}].`,
  // param messages.[6].role: router-for-me/CLIProxyAPI#2798, sdcb/chats#132; ids joined by ", ".
  missingResults: (ids) =>
    `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${ids.join(', ')}`,
  // param messages.[3].tool_call_id: langchain-ai/langchain#22600, run-llama/multi-agent-concierge#16.
  missingToolCallId: () =>
    "Missing parameter 'tool_call_id': messages with role 'tool' must have a 'tool_call_id'.",
  // code empty_array: openai/openai-python#2061, home-assistant/core#118577.
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

/** The longest `tool_calls[].id` OpenAI accepts (vercel/ai#8132, BerriAI/litellm#17343). */
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
  readonly wording: ChatWording;
  readonly maxCallIdLength: number | undefined;
  /** Whether issues name their `param` (not for repair: {@link InspectionUse}). */
  readonly params: boolean;
}

/** `host` with OpenAI's sentences and limits where it has none of its own, for `use`. */
export function resolveChatHost(host: ChatHost, use: InspectionUse = 'validate'): ResolvedChatHost {
  return {
    wording: { ...OPENAI_CHAT_WORDING, ...host.wording },
    maxCallIdLength:
      'maxCallIdLength' in host ? host.maxCallIdLength : OPENAI_CHAT_MAX_CALL_ID_LENGTH,
    params: wordsIssues(use),
  };
}

/** OpenAI's param for a field of message `index` (`messages.[3].role`), or none for repair. */
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
