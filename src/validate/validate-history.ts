import type { HistoryInspection, InspectionUse } from '../core/history-inspection.js';
import {
  MESSAGE_FORMATS,
  type MessageFormat,
  NO_RULE_CONTEXT,
  type RuleContext,
} from '../core/format.js';
import { describeType, isObject } from '../core/input-guards.js';
import type { ValidationResult } from '../errors/history-issue.js';
import {
  InvalidHistoryError,
  ToolHistoryError,
  UnsupportedFormatError,
} from '../errors/tool-history-error.js';
import {
  adapterFor,
  CHAT_HOST_NAMES,
  FORMAT_ADAPTERS,
  isChatHostName,
  isMessageFormat,
  type ChatHostName,
} from '../formats/index.js';

/** Options of {@link validateHistory} and {@link assertValidHistory}. */
export interface ValidateHistoryOptions {
  /** The format `messages` is in, which also picks the provider's rules. */
  readonly format: MessageFormat;
  /** The provider whose rules and wording apply, when not the format's own (`'deepseek'`, `'mistral'` on Chat…). */
  readonly provider?: ProviderName | undefined;
  /** The model the request goes to, for model-specific rules (Gemini 3's thought signatures). */
  readonly model?: string | undefined;
  /** Extended thinking (Anthropic) or thinking mode (DeepSeek) is on for the request. */
  readonly thinking?: boolean | undefined;
  /** The request's Responses `store`: `false` refuses items only stored ones could stand for. @defaultValue true */
  readonly store?: boolean | undefined;
}

/**
 * Checks a tool-call history against the provider's rules and returns every issue, each with a
 * code, indexes into the format's array and the provider's own wording where known.
 * @throws {UnsupportedFormatError} when `options.format` or `options.provider` is unknown.
 * @throws {ToolHistoryError} `invalid-input` when a message does not have the format's shape.
 * @example
 * const result = validateHistory(body.messages, { format: 'anthropic' });
 * if (!result.ok) for (const issue of result.issues) console.warn(issue.code, issue.messageIndex, issue.message);
 */
export function validateHistory(
  messages: readonly unknown[],
  options: ValidateHistoryOptions,
): ValidationResult {
  const format = rulesFormatFor(formatOf(options, 'validateHistory'), options.provider);
  return inspectHistory(messages, format, ruleContextOf(options)).result;
}

/**
 * Throws when {@link validateHistory} finds any issue.
 * @throws {InvalidHistoryError} holding every issue.
 * @throws {UnsupportedFormatError} and {@link ToolHistoryError} on the same misuse as {@link validateHistory}.
 * @example
 * assertValidHistory(body.contents, { format: 'gemini' });
 */
export function assertValidHistory(
  messages: readonly unknown[],
  options: ValidateHistoryOptions,
): void {
  const result = validateHistory(messages, options);
  if (!result.ok) throw new InvalidHistoryError(result.issues);
}

/** The `format` of public options, checked. */
export function formatOf(options: unknown, caller: string): MessageFormat {
  if (!isObject(options)) {
    throw new ToolHistoryError(
      'invalid-input',
      `${caller} needs an options object with a format, e.g. { format: 'openai-chat' }, but got ${describeType(options)}.`,
    );
  }
  if (!isMessageFormat(options.format))
    throw new UnsupportedFormatError(options.format, MESSAGE_FORMATS);
  return options.format;
}

/** A provider whose rules a history is checked by: a format's own, or a Chat Completions host. */
export type ProviderName = MessageFormat | ChatHostName;

/**
 * The format whose validator checks messages in `format` for `provider`: the provider's when it
 * reads the same wire shape (Mistral on Chat; a host such as `'deepseek'`, via the rule context).
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
    `The ${name} rules check ${rules} messages, but these are ${format}; convert them to ${rules} first, or repair them for ${name}.`,
  );
}

/** The format a provider name speaks. */
function providerFormat(provider: unknown): MessageFormat {
  if (isChatHostName(provider)) return 'openai-chat';
  if (isMessageFormat(provider)) return provider;
  throw new UnsupportedFormatError(provider, [...MESSAGE_FORMATS, ...CHAT_HOST_NAMES]);
}

/** The rule context fields of validate and repair options, checked at the boundary. */
export interface RuleContextOptions {
  readonly model?: string | undefined;
  readonly thinking?: boolean | undefined;
  readonly store?: boolean | undefined;
  /** A host name (`'deepseek'`) becomes the context's `host`; anything else is not read here. */
  readonly provider?: unknown;
}

/**
 * Reads `model`, `thinking` and a host named by `provider` off public options.
 * @throws {ToolHistoryError} `invalid-input` when `model` is not a string or `thinking` not a boolean.
 */
export function ruleContextOf(options: RuleContextOptions): RuleContext {
  const { model, thinking, provider, store } = options;
  const host = isChatHostName(provider) && provider !== 'openai' ? provider : undefined;
  if (model === undefined && thinking === undefined && host === undefined && store === undefined)
    return NO_RULE_CONTEXT;
  if (model !== undefined && typeof model !== 'string')
    throw new ToolHistoryError(
      'invalid-input',
      `The model option must be a string (e.g. 'gemini-3-pro-preview'), but got ${describeType(model)}.`,
    );
  if (thinking !== undefined && typeof thinking !== 'boolean')
    throw new ToolHistoryError(
      'invalid-input',
      `The thinking option must be a boolean, but got ${describeType(thinking)}.`,
    );
  if (store !== undefined && typeof store !== 'boolean')
    throw new ToolHistoryError(
      'invalid-input',
      `The store option must be a boolean (the request's Responses \`store\`), but got ${describeType(store)}.`,
    );
  return store === undefined ? { model, thinking, host } : { model, thinking, host, store };
}

/** Runs the validator of `format`, returning its result and the turn table it read (see {@link InspectionUse}). */
export function inspectHistory(
  messages: readonly unknown[],
  format: MessageFormat,
  context: RuleContext = NO_RULE_CONTEXT,
  use: InspectionUse = 'validate',
): HistoryInspection {
  return adapterFor(format).inspect(messages, context, use);
}
