import type { MessageFormat } from '../core/format.js';
import { adapterFor, type ReadFormatOptions, type WrittenHistory } from '../formats/index.js';

/** Options of {@link convertHistory}. */
export interface ConvertHistoryOptions<To extends MessageFormat> extends ReadFormatOptions {
  /** The format `messages` are in. */
  readonly from: MessageFormat;
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
): WrittenHistory[To] {
  const source = adapterFor(options.from).read(messages, options);
  const target = adapterFor(options.to).write(source.messages, {
    missingThoughtSignature: options.missingThoughtSignature,
  });
  return { ...target, warnings: [...source.warnings, ...target.warnings] };
}
