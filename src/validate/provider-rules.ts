import { MESSAGE_FORMATS, type MessageFormat } from '../core/format.js';
import { ToolHistoryError } from '../errors/tool-history-error.js';
import { UnsupportedFormatError } from '../errors/unsupported-format-error.js';
import {
  CHAT_HOST_NAMES,
  FORMAT_ADAPTERS,
  isChatHostName,
  isMessageFormat,
  type ChatHostName,
} from '../formats/index.js';

/** A provider whose rules a history is checked by: a format's own, or a Chat Completions host. */
export type ProviderName = MessageFormat | ChatHostName;

/**
 * The format whose validator checks messages in `format` for `provider`: the format itself when
 * no provider is named, the provider's format when it reads the same wire shape (Mistral rules on
 * Chat Completions messages; a Chat Completions host such as `'deepseek'`, whose own rules the
 * validator then takes from the rule context).
 *
 * @throws {UnsupportedFormatError} when `provider` names neither a format nor a host.
 * @throws {ToolHistoryError} `invalid-input` when `provider` reads another message shape.
 */
export function rulesFormatFor(format: MessageFormat, provider: unknown): MessageFormat {
  if (provider === undefined || provider === format) return format;
  const rules = providerFormat(provider);
  const name = provider as ProviderName;
  if (FORMAT_ADAPTERS[format].wireShape === FORMAT_ADAPTERS[rules].wireShape) return rules;
  throw new ToolHistoryError(
    'invalid-input',
    `The ${name} rules check ${rules} messages, but these are ${format}; convert them first (convertHistory), or repair them for ${name} with repairHistory.`,
  );
}

/** The format a provider name speaks. */
function providerFormat(provider: unknown): MessageFormat {
  if (isChatHostName(provider)) return 'openai-chat';
  if (isMessageFormat(provider)) return provider;
  throw new UnsupportedFormatError(provider, [...MESSAGE_FORMATS, ...CHAT_HOST_NAMES]);
}
