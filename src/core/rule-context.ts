/**
 * What a provider's rules depend on beyond the messages themselves: the model a request goes to,
 * whether thinking is on, and the host that serves a shared wire format. Validators read the
 * fields their provider has and ignore the rest; an empty context means the provider's defaults.
 */
export interface RuleContext {
  /**
   * The model the request goes to. Some rules hold only for some models: Gemini 3 needs the
   * thought signatures its calls came with (Gemini 2.5 does not); DeepSeek's reasoner needs the
   * `reasoning_content` of the current turn's tool-call turns sent back.
   */
  readonly model?: string | undefined;
  /**
   * Extended thinking (Anthropic) or thinking mode (DeepSeek) is on for the request: the turn
   * that holds the current calls must carry its reasoning back unmodified.
   * @defaultValue false
   */
  readonly thinking?: boolean | undefined;
  /**
   * The host whose rules and wording apply, for a wire format several hosts speak (e.g. an
   * OpenAI-compatible host for Chat Completions messages); the format's own provider when absent.
   */
  readonly host?: string | undefined;
}

/** The empty context: every provider's defaults. */
export const NO_RULE_CONTEXT: RuleContext = Object.freeze({});

/** True when `context` sets nothing, so results for the defaults may be reused. */
export function isDefaultRuleContext(context: RuleContext): boolean {
  return context.model === undefined && context.thinking !== true && context.host === undefined;
}
