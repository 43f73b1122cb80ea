import type { MessageFormat } from '../core/format.js';
import { ToolHistoryError } from '../errors/tool-history-error.js';
import { FORMAT_ADAPTERS, isChatHostName } from '../formats/index.js';
import type { ProviderName } from '../validate/provider-rules.js';

/** The rules to check a conversation by: the validateHistory options that pick them. */
export interface CheckRules {
  /** The format whose validator applies (the provider's own, when it reads the same messages). */
  readonly format: MessageFormat;
  /** A Chat Completions host (`deepseek`) whose rules and wording the validator takes. */
  readonly provider?: ProviderName | undefined;
  /** The model the request goes to (`--model`), for rules only some models have. */
  readonly model?: string | undefined;
  /** Extended thinking or thinking mode is on (`--thinking`). */
  readonly thinking?: boolean | undefined;
}

/** What the rules depend on beyond provider and format: `--model` and `--thinking`. */
export interface RuleFlags {
  readonly model?: string | undefined;
  readonly thinking?: boolean | undefined;
}

/** The name of the rules, for reports. */
export function rulesName(rules: CheckRules): string {
  return rules.provider ?? rules.format;
}

/**
 * The rules to check a conversation in `format` by: `provider` when given, else the format's own.
 *
 * @throws {ToolHistoryError} `invalid-input` when `provider` expects another message shape.
 */
export function rulesFor(
  format: MessageFormat,
  provider: ProviderName | undefined,
  flags: RuleFlags = {},
): CheckRules {
  const { model, thinking } = flags;
  if (provider === undefined || provider === format) return { format, model, thinking };
  const rules = isChatHostName(provider) ? 'openai-chat' : provider;
  if (sameShape(format, rules))
    return isChatHostName(provider)
      ? { format: rules, provider, model, thinking }
      : { format: rules, model, thinking };
  throw new ToolHistoryError(
    'invalid-input',
    `--provider ${provider} checks ${rules} messages, but this conversation is ${format}; convert it first (convert --to ${rules}), or pass --format if the detection is wrong`,
  );
}

/**
 * The rules to check what `fix` left of a conversation in `format` repaired for `provider`: the
 * repaired messages stay in `format`, so `provider`'s own validator only applies when it reads
 * the same shape; otherwise the format's own rules (the repair met `provider`'s already).
 */
export function leftoverRulesFor(
  format: MessageFormat,
  provider: ProviderName | undefined,
  flags: RuleFlags = {},
): CheckRules {
  const { model, thinking } = flags;
  if (provider === undefined) return { format, model, thinking };
  const rules = isChatHostName(provider) ? 'openai-chat' : provider;
  if (!sameShape(format, rules)) return { format, model, thinking };
  return isChatHostName(provider)
    ? { format: rules, provider, model, thinking }
    : { format: rules, model, thinking };
}

/** True when the two formats share one message shape (the adapters' `wireShape`), so one can be checked by the other's rules. */
function sameShape(format: MessageFormat, provider: MessageFormat): boolean {
  return FORMAT_ADAPTERS[format].wireShape === FORMAT_ADAPTERS[provider].wireShape;
}
