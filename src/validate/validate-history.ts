import { MESSAGE_FORMATS, type MessageFormat } from '../core/format.js';
import type { ValidationResult } from '../errors/history-issue.js';
import { InvalidHistoryError } from '../errors/invalid-history-error.js';
import { ToolHistoryError } from '../errors/tool-history-error.js';
import { UnsupportedFormatError } from '../errors/unsupported-format-error.js';
import { inspectHistory } from './inspect-history.js';
import { describeType, isObject } from '../core/input-guards.js';
import { ruleContextOf } from './rule-context-of.js';
import { rulesFormatFor, type ProviderName } from './provider-rules.js';

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
}

const FORMATS: ReadonlySet<unknown> = new Set(MESSAGE_FORMATS);

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
  const format = rulesFormatFor(formatOf(options), options.provider);
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

function formatOf(options: unknown): MessageFormat {
  if (!isObject(options)) {
    throw new ToolHistoryError(
      'invalid-input',
      `validateHistory needs an options object with a format, e.g. { format: 'openai-chat' }, but got ${describeType(options)}.`,
    );
  }
  const format = options.format;
  if (!FORMATS.has(format)) throw new UnsupportedFormatError(format, MESSAGE_FORMATS);
  return format as MessageFormat;
}
