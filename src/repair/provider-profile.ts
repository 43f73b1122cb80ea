/**
 * Provider profiles: the rules a repaired history has to meet, per format. The repair pass is one
 * algorithm parametrized by these rules; each rule cites where it comes from.
 */
import type { MessageFormat } from '../core/format.js';
import type { PairingScope } from '../core/pair-tool-turns.js';
import { ANTHROPIC_TOOL_USE_ID_PATTERN } from '../formats/anthropic/validate-anthropic.js';
import { MISTRAL_TOOL_CALL_ID_PATTERN } from '../formats/mistral/validate-mistral.js';
import { OPENAI_CHAT_MAX_TOOL_CALL_ID_LENGTH } from '../formats/openai-chat/validate-openai-chat.js';
import { OPENAI_RESPONSES_MAX_CALL_ID_LENGTH } from '../formats/openai-responses/validate-openai-responses.js';

/** Which call ids a provider accepts. */
export interface CallIdRule {
  /** What the rule asks, for fix messages (e.g. `exactly 9 characters of [a-zA-Z0-9]`). */
  readonly description: string;
  /** True when the provider accepts `id`. */
  readonly accepts: (id: string) => boolean;
}

/** The rules of one provider that {@link repairToolHistory} enforces. */
export interface ProviderProfile {
  /** The format these rules belong to, for messages. */
  readonly name: string;
  /**
   * Where a result may find its call: `turn` (in the call turn right before its run of results;
   * results elsewhere are moved there) or `conversation` (anywhere earlier; results stay put).
   */
  readonly scope: PairingScope;
  /** The ids the provider accepts. Every profile refuses the empty id. */
  readonly callIds: CallIdRule;
  /** Whether a call id may repeat in later turns (`'turn'`) or must be unique in the whole history. */
  readonly uniqueCallIds: 'turn' | 'conversation';
  /** Anthropic: no text after the `tool_use` blocks of an assistant turn (text is moved before them). */
  readonly textBeforeCalls: boolean;
  /** Gemini: a result carries the name of the call it answers (results are renamed). */
  readonly resultNamesMatchCalls: boolean;
  /**
   * Gemini: a call turn comes right after a user turn or a results turn, never first and never
   * right after another model turn. Synthesized calls then join the assistant message before them,
   * and orphans at the very start become text.
   */
  readonly callTurnAfterUser: boolean;
  /** Mistral: an assistant message comes between tool results and a following user message. */
  readonly assistantAfterResults: boolean;
  /**
   * Gemini, Mistral: two assistant messages in a row are refused, so a call synthesized right
   * after model text joins that message. Elsewhere it goes in a new assistant message (Anthropic
   * merges consecutive same-role messages; Chat and Responses take them as they are).
   */
  readonly alternatingRoles: boolean;
}

const base = {
  scope: 'turn',
  uniqueCallIds: 'turn',
  textBeforeCalls: false,
  resultNamesMatchCalls: false,
  callTurnAfterUser: false,
  assistantAfterResults: false,
  alternatingRoles: false,
} as const;

const nonEmpty: CallIdRule = { description: 'a non-empty string', accepts: (id) => id !== '' };

/**
 * The rules of each format.
 *
 * - `openai-chat`: ids of 1–40 characters ("Expected a string with maximum length 40"), unique
 *   within a turn; results directly after their turn.
 * - `openai-responses`: `call_id` of 1–64 characters, unique in the whole input; an output answers
 *   a call anywhere earlier.
 * - `anthropic`: `tool_use.id` matches `^[a-zA-Z0-9_-]+$` and is unique in the request; the
 *   results open the next user turn; no text after the `tool_use` blocks.
 * - `gemini`: call turns follow a user or response turn; responses name their call's function.
 * - `mistral`: ids of exactly 9 characters of `[a-zA-Z0-9]`; as many responses as calls; no
 *   `user` message right after a `tool` message ("Unexpected role 'user' after role 'tool'").
 * - `aiwrapper`, `vercel`: the rule every provider shares (results directly after their turn,
 *   each call answered once) and non-empty ids. Repair for a provider by passing its profile.
 */
export const PROVIDER_PROFILES: Readonly<Record<MessageFormat, ProviderProfile>> = {
  'openai-chat': {
    ...base,
    name: 'OpenAI Chat',
    callIds: {
      description: `1 to ${OPENAI_CHAT_MAX_TOOL_CALL_ID_LENGTH} characters`,
      accepts: (id) => id !== '' && id.length <= OPENAI_CHAT_MAX_TOOL_CALL_ID_LENGTH,
    },
  },
  'openai-responses': {
    ...base,
    name: 'OpenAI Responses',
    scope: 'conversation',
    uniqueCallIds: 'conversation',
    callIds: {
      description: `1 to ${OPENAI_RESPONSES_MAX_CALL_ID_LENGTH} characters`,
      accepts: (id) => id !== '' && id.length <= OPENAI_RESPONSES_MAX_CALL_ID_LENGTH,
    },
  },
  anthropic: {
    ...base,
    name: 'Anthropic',
    uniqueCallIds: 'conversation',
    textBeforeCalls: true,
    callIds: {
      description: 'matching ^[a-zA-Z0-9_-]+$',
      accepts: (id) => ANTHROPIC_TOOL_USE_ID_PATTERN.test(id),
    },
  },
  gemini: {
    ...base,
    name: 'Gemini',
    resultNamesMatchCalls: true,
    callTurnAfterUser: true,
    alternatingRoles: true,
    callIds: nonEmpty,
  },
  mistral: {
    ...base,
    name: 'Mistral',
    assistantAfterResults: true,
    alternatingRoles: true,
    callIds: {
      description: 'exactly 9 characters of [a-zA-Z0-9]',
      accepts: (id) => MISTRAL_TOOL_CALL_ID_PATTERN.test(id),
    },
  },
  aiwrapper: { ...base, name: 'aiwrapper', callIds: nonEmpty },
  vercel: { ...base, name: 'Vercel AI SDK', callIds: nonEmpty },
};

/** The profile of `format`. */
export function profileFor(format: MessageFormat): ProviderProfile {
  return PROVIDER_PROFILES[format];
}
