import type { ConversionResult, HistoryMessage } from '../core/history.js';
import type { MessageFormat } from '../core/format.js';
import {
  adapterFor,
  type ReadFormatOptions,
  type WriteFormatOptions,
  type WrittenHistory,
} from '../formats/index.js';

/** What {@link convertHistory} returns for each target format. */
export type ConvertedHistory = WrittenHistory;

/** Options of {@link convertHistory}. */
export interface ConvertHistoryOptions<To extends MessageFormat> extends ReadFormatOptions {
  /** The format `messages` are in. */
  readonly from: MessageFormat;
  /** The format to convert to. */
  readonly to: To;
  /** Gemini target: what a call without a thought signature gets. @defaultValue 'skip-validator' */
  readonly missingThoughtSignature?: 'skip-validator' | 'omit' | undefined;
}

/**
 * Converts a history between message formats, with the warnings of reading and writing; a system
 * prompt kept outside the messages goes in and out as the option of the same name.
 * @throws {ToolHistoryError} `invalid-input` when `messages` does not have the `from` shape.
 * @throws {UnsupportedFormatError} for a format name this package does not know.
 * @example
 * const { messages, system } = convertHistory(body.messages, { from: 'openai-chat', to: 'anthropic' });
 */
export function convertHistory<To extends MessageFormat>(
  messages: readonly unknown[],
  options: ConvertHistoryOptions<To>,
): ConvertedHistory[To] {
  const source = fromFormat(messages, options.from, options);
  const target = toFormat(source.messages, options.to, {
    missingThoughtSignature: options.missingThoughtSignature,
  });
  return { ...target, warnings: [...source.warnings, ...target.warnings] };
}

/** Reads `messages` of `from` into the neutral model (internal: engines and the CLI). */
export function fromFormat(
  messages: readonly unknown[],
  from: MessageFormat,
  options: ReadFormatOptions = {},
): ConversionResult<HistoryMessage[]> {
  return adapterFor(from).read(messages, options);
}

/** Writes a neutral history as `to` (internal: engines). */
export function toFormat<To extends MessageFormat>(
  history: readonly HistoryMessage[],
  to: To,
  options: WriteFormatOptions = {},
): ConvertedHistory[To] {
  return adapterFor(to).write(history, options);
}
