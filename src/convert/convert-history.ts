import type { ConversionResult } from '../core/conversion-result.js';
import type { MessageFormat } from '../core/format.js';
import type { HistoryMessage } from '../core/history.js';
import {
  adapterFor,
  type ReadFormatOptions,
  type WriteFormatOptions,
  type WrittenHistory,
} from '../formats/index.js';

/** What {@link convertHistory} returns for each target format. */
export type ConvertedHistory = WrittenHistory;

/** Options of {@link convertHistory}. */
export interface ConvertHistoryOptions<To extends MessageFormat> {
  /** The format `messages` are in. */
  readonly from: MessageFormat;
  /** The format to convert to. */
  readonly to: To;
}

/**
 * Converts a history from one message format to another through the neutral model:
 * `from*` then `to*`, with the warnings of both steps.
 *
 * Anthropic's `system`, Gemini's `systemInstruction` and aiwrapper's `instructions` live outside
 * the messages: to carry them over, call {@link fromFormat} with them (`system`,
 * `systemInstruction`, `instructions`) and {@link toFormat} yourself. When the target keeps the system prompt outside, the
 * result carries it (`system`, `systemInstruction`, `instructions`).
 *
 * @throws {ToolHistoryError} `invalid-input` when `messages` does not have the `from` shape.
 * @throws {UnsupportedFormatError} for a format name this package does not know.
 * @example
 * const { messages, warnings } = convertHistory(body.messages, { from: 'openai-chat', to: 'anthropic' });
 */
export function convertHistory<To extends MessageFormat>(
  messages: readonly unknown[],
  options: ConvertHistoryOptions<To>,
): ConvertedHistory[To] {
  const source = fromFormat(messages, options.from);
  const target = toFormat(source.messages, options.to);
  return { ...target, warnings: [...source.warnings, ...target.warnings] };
}

/**
 * Options of {@link fromFormat}: `generateId` (Gemini ids), and the system prompt a format keeps
 * outside its messages (Anthropic `system`, Gemini `systemInstruction`, aiwrapper `instructions`).
 */
export type FromFormatOptions = ReadFormatOptions;

/** Options of {@link toFormat}: Gemini's `missingThoughtSignature`. */
export type ToFormatOptions = WriteFormatOptions;

/**
 * Reads `messages` of any format into the neutral model with that format's `from*` converter.
 *
 * @throws {ToolHistoryError} `invalid-input` when `messages` does not have the format's shape.
 * @throws {UnsupportedFormatError} for a format name this package does not know.
 */
export function fromFormat(
  messages: readonly unknown[],
  from: MessageFormat,
  options: FromFormatOptions = {},
): ConversionResult<HistoryMessage[]> {
  return adapterFor(from).read(messages, options);
}

/**
 * Writes a neutral history in any format with that format's `to*` converter.
 *
 * @throws {UnsupportedFormatError} for a format name this package does not know.
 */
export function toFormat<To extends MessageFormat>(
  history: readonly HistoryMessage[],
  to: To,
  options: ToFormatOptions = {},
): ConvertedHistory[To] {
  return adapterFor(to).write(history, options);
}
