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
  /**
   * The format `messages` is in, which also picks the provider's rules: `'openai-chat'`
   * (`messages`), `'openai-responses'` (`input`), `'anthropic'` (`messages`), `'gemini'`
   * (`contents`), `'mistral'` (`messages`), `'vercel'` (`ModelMessage[]`), `'aiwrapper'`
   * (`LangMessages`).
   */
  readonly format: MessageFormat;
  /**
   * The provider whose rules and wording apply, when not the format's own: a host that speaks
   * Chat Completions under its own rules (`'deepseek'`, `'groq'`, `'qwen'`; `'openai'` is the
   * default), or another format that reads the same messages (`'mistral'` for `'openai-chat'`).
   * @defaultValue the format's own provider
   */
  readonly provider?: ProviderName | undefined;
  /**
   * The model the request goes to, for rules that hold only for some models (Gemini 3's thought
   * signatures, DeepSeek's reasoner). Absent: the rules every model of the provider shares.
   */
  readonly model?: string | undefined;
  /**
   * Extended thinking (Anthropic) or thinking mode (DeepSeek) is on for the request.
   * @defaultValue false
   */
  readonly thinking?: boolean | undefined;
}

const FORMATS: ReadonlySet<unknown> = new Set(MESSAGE_FORMATS);

/**
 * Checks a tool-call history against the rules of `options.format` and returns every issue found.
 *
 * Each issue has a `code`, the `messageIndex` in the format's own array (plus `partIndex` where
 * calls and results live inside a message), the call id, and a `message` that quotes the
 * provider's own error where it is known. Odd but well-formed histories are reported, never thrown;
 * the check is one linear pass and never modifies `messages`.
 *
 * @throws {UnsupportedFormatError} when `options.format` is not a format this package knows, or
 *   `options.provider` neither a format nor a host.
 * @throws {ToolHistoryError} `invalid-input` when `options` is not an object, `messages` is not an
 *   array, a message has a shape the format does not have (the error names index and field), or
 *   `options.provider` reads another message shape.
 * @example
 * const result = validateHistory(body.messages, { format: 'anthropic' });
 * // A host that speaks Chat Completions under its own rules and wording:
 * validateHistory(body.messages, { format: 'openai-chat', provider: 'deepseek', thinking: true });
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
 * Throws when {@link validateHistory} finds any issue; shares its implementation.
 *
 * @throws {InvalidHistoryError} holding every issue, when the history has any.
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
