/** What a provider's rules depend on beyond the messages; empty means the provider's defaults. */
export interface RuleContext {
  /** The model the request goes to (Gemini 3 needs thought signatures; Gemini 2.5 does not). */
  readonly model?: string | undefined;
  /** Anthropic extended thinking or DeepSeek thinking mode is on. @defaultValue false */
  readonly thinking?: boolean | undefined;
  /** The host whose rules and wording apply, for a wire format several hosts speak. */
  readonly host?: string | undefined;
}

/** The empty context: every provider's defaults. */
export const NO_RULE_CONTEXT: RuleContext = Object.freeze({});
