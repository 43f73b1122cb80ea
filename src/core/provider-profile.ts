/**
 * The rules a repaired history has to meet, per provider: the shape of one provider's profile.
 * Each format's profile lives in its folder (`formats/<provider>/<provider>-profile.ts`); the
 * registry (`formats/index.ts`) lists them.
 */
import type { PairingScope } from './pair-tool-turns.js';

/** Which call ids a provider accepts. */
export interface CallIdRule {
  /** What the rule asks, for fix messages (e.g. `exactly 9 characters of [a-zA-Z0-9]`). */
  readonly description: string;
  /** True when the provider accepts `id`. */
  readonly accepts: (id: string) => boolean;
}

/** The rules of one provider that the repair pass enforces. */
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
  /**
   * Anthropic, Bedrock: a request whose history holds calls or results must declare tools
   * (Bedrock: "The toolConfig field must be defined when using toolUse and toolResult content
   * blocks."; Anthropic: "Requests which include `tool_use` or `tool_result` blocks must define
   * tools."), so a request meant to get an answer without calls still declares them.
   */
  readonly toolsWithToolHistory: boolean;
  /** Mistral: an assistant message comes between tool results and a following user message. */
  readonly assistantAfterResults: boolean;
  /**
   * Gemini, Mistral: two assistant messages in a row are refused, so a call synthesized right
   * after model text joins that message. Elsewhere it goes in a new assistant message (Anthropic
   * merges consecutive same-role messages; Chat and Responses take them as they are).
   */
  readonly alternatingRoles: boolean;
}

/** The rules every provider shares: results directly after their turn, each call answered once. */
export const BASE_PROFILE: Omit<ProviderProfile, 'name' | 'callIds'> = {
  scope: 'turn',
  uniqueCallIds: 'turn',
  textBeforeCalls: false,
  resultNamesMatchCalls: false,
  callTurnAfterUser: false,
  toolsWithToolHistory: false,
  assistantAfterResults: false,
  alternatingRoles: false,
};

/** The id rule of formats that accept any id but the empty one. */
export const NON_EMPTY_CALL_ID: CallIdRule = {
  description: 'a non-empty string',
  accepts: (id) => id !== '',
};
