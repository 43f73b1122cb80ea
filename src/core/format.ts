import type { PairingScope } from './pair-tool-turns.js';

/** The provider wire formats whose rules this package knows. */
export const PROVIDER_FORMATS = [
  'openai-chat',
  'openai-responses',
  'anthropic',
  'gemini',
  'mistral',
  'bedrock',
] as const;
/** A provider wire format. */
export type ProviderFormat = (typeof PROVIDER_FORMATS)[number];

/** Every message format this package reads and writes: the providers', aiwrapper's and Vercel's. */
export const MESSAGE_FORMATS: readonly [
  ...typeof PROVIDER_FORMATS,
  'aiwrapper',
  'vercel',
  'vercel-ui',
] = [...PROVIDER_FORMATS, 'aiwrapper', 'vercel', 'vercel-ui'];
/** Any message format this package reads and writes. */
export type MessageFormat = (typeof MESSAGE_FORMATS)[number];

/** What a provider's rules depend on beyond the messages; empty means the provider's defaults. */
export interface RuleContext {
  /** The model the request goes to (Gemini 3 needs thought signatures; Gemini 2.5 does not). */
  readonly model?: string | undefined;
  /** Anthropic extended thinking or DeepSeek thinking mode is on. @defaultValue false */
  readonly thinking?: boolean | undefined;
  /** The host whose rules and wording apply, for a wire format several hosts speak. */
  readonly host?: string | undefined;
  /** Responses `store`: with `false`, items the server would look up by id are refused. @defaultValue true */
  readonly store?: boolean | undefined;
}

/** The empty context: every provider's defaults. */
export const NO_RULE_CONTEXT: RuleContext = Object.freeze({});

/** Which call ids a provider accepts; `description` is for fix messages. */
export interface CallIdRule {
  readonly description: string;
  readonly accepts: (id: string) => boolean;
}

/** The rules of one provider that the repair pass enforces. */
export interface ProviderProfile {
  /** The format these rules belong to, for messages. */
  readonly name: string;
  readonly scope: PairingScope;
  /** Every profile refuses the empty id. */
  readonly callIds: CallIdRule;
  /** Whether a call id may repeat in later turns (`'turn'`) or must be unique in the history. */
  readonly uniqueCallIds: 'turn' | 'conversation';
  /** Anthropic: no text after the `tool_use` blocks of an assistant turn (moved before them). */
  readonly textBeforeCalls: boolean;
  /** Gemini: a result carries the name of the call it answers (results are renamed). */
  readonly resultNamesMatchCalls: boolean;
  /** Gemini: a call turn comes right after a user or results turn, never first. */
  readonly callTurnAfterUser: boolean;
  /** Anthropic, Bedrock: a request whose history holds calls or results must declare tools. */
  readonly toolsWithToolHistory: boolean;
  /** Mistral: an assistant message comes between tool results and a following user message. */
  readonly assistantAfterResults: boolean;
  /** Gemini, Mistral: two assistant messages in a row are refused. */
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
