import type { MessageFormat } from '../core/format.js';
import { ToolHistoryError } from '../errors/tool-history-error.js';
import { FORMAT_ADAPTERS } from '../formats/index.js';

/**
 * The rules to check a conversation in `format` by: `provider` when given, else the format's own.
 *
 * @throws {ToolHistoryError} `invalid-input` when `provider` expects another message shape.
 */
export function rulesFor(
  format: MessageFormat,
  provider: MessageFormat | undefined,
): MessageFormat {
  if (provider === undefined || provider === format) return format;
  if (sameShape(format, provider)) return provider;
  throw new ToolHistoryError(
    'invalid-input',
    `--provider ${provider} checks ${provider} messages, but this conversation is ${format}; convert it first (convert --to ${provider}), or pass --format if the detection is wrong`,
  );
}

/**
 * The rules to check what `fix` left of a conversation in `format` repaired for `provider`: the
 * repaired messages stay in `format`, so `provider`'s own validator only applies when it reads
 * the same shape; otherwise the format's own rules (the repair met `provider`'s already).
 */
export function leftoverRulesFor(
  format: MessageFormat,
  provider: MessageFormat | undefined,
): MessageFormat {
  return provider !== undefined && sameShape(format, provider) ? provider : format;
}

/** True when the two formats share one message shape (the adapters' `wireShape`), so one can be checked by the other's rules. */
function sameShape(format: MessageFormat, provider: MessageFormat): boolean {
  return FORMAT_ADAPTERS[format].wireShape === FORMAT_ADAPTERS[provider].wireShape;
}
