import type { MessageFormat } from '../core/format.js';
import { ToolHistoryError } from '../errors/tool-history-error.js';

/** Formats that share one message shape, so one can be checked by the other's rules. */
const SAME_SHAPE: readonly (readonly MessageFormat[])[] = [['openai-chat', 'mistral']];

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
  if (SAME_SHAPE.some((group) => group.includes(format) && group.includes(provider)))
    return provider;
  throw new ToolHistoryError(
    'invalid-input',
    `--provider ${provider} checks ${provider} messages, but this conversation is ${format}; convert it first (convert --to ${provider}), or pass --format if the detection is wrong`,
  );
}
