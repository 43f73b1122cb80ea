import type { CallIdGenerator } from '../core/call-id.js';
import { MESSAGE_FORMATS, type MessageFormat } from '../core/format.js';
import { ToolHistoryError } from '../errors/tool-history-error.js';
import type { HistoryMessage } from '../core/history.js';
import { fromAiwrapper } from '../formats/aiwrapper/from-aiwrapper.js';
import { toAiwrapper, type AiwrapperConversionResult } from '../formats/aiwrapper/to-aiwrapper.js';
import { fromAnthropic } from '../formats/anthropic/from-anthropic.js';
import { toAnthropic, type AnthropicConversionResult } from '../formats/anthropic/to-anthropic.js';
import { fromGemini } from '../formats/gemini/from-gemini.js';
import { toGemini, type GeminiConversionResult } from '../formats/gemini/to-gemini.js';
import { fromMistral } from '../formats/mistral/from-mistral.js';
import type { MistralMessage } from '../formats/mistral/mistral-types.js';
import { toMistral } from '../formats/mistral/to-mistral.js';
import { fromOpenAIChat } from '../formats/openai-chat/from-openai-chat.js';
import type { OpenAIChatMessage } from '../formats/openai-chat/openai-chat-types.js';
import { toOpenAIChat } from '../formats/openai-chat/to-openai-chat.js';
import { fromOpenAIResponses } from '../formats/openai-responses/from-openai-responses.js';
import type { OpenAIResponsesInputItem } from '../formats/openai-responses/openai-responses-types.js';
import { toOpenAIResponses } from '../formats/openai-responses/to-openai-responses.js';
import { fromVercel } from '../formats/vercel/from-vercel.js';
import { toVercel } from '../formats/vercel/to-vercel.js';
import type { VercelModelMessage } from '../formats/vercel/vercel-types.js';
import type { ConversionResult } from '../core/conversion-result.js';

/** What {@link convertHistory} returns for each target format. */
export interface ConvertedHistory {
  readonly 'openai-chat': ConversionResult<OpenAIChatMessage[]>;
  readonly 'openai-responses': ConversionResult<OpenAIResponsesInputItem[]>;
  readonly anthropic: AnthropicConversionResult;
  readonly gemini: GeminiConversionResult;
  readonly mistral: ConversionResult<MistralMessage[]>;
  readonly aiwrapper: AiwrapperConversionResult;
  readonly vercel: ConversionResult<VercelModelMessage[]>;
}

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
 * the messages: to carry them over, call `fromAnthropic` (or `fromGemini`, `fromAiwrapper`) with
 * them and the matching `to*` yourself. When the target keeps the system prompt outside, the
 * result carries it (`system`, `systemInstruction`, `instructions`).
 *
 * @throws {ToolHistoryError} `invalid-input` when `messages` does not have the `from` shape;
 *   `unsupported-format` for a format name this package does not know.
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

/** Options of {@link fromFormat}. */
export interface FromFormatOptions {
  /**
   * Makes ids for Gemini calls and responses that have none.
   * @defaultValue random 9-character alphanumeric ids
   */
  readonly generateId?: CallIdGenerator | undefined;
}

/**
 * Reads `messages` of any format into the neutral model with that format's `from*` converter.
 *
 * @throws {ToolHistoryError} `invalid-input` when `messages` does not have the format's shape;
 *   `unsupported-format` for a format name this package does not know.
 */
export function fromFormat(
  messages: readonly unknown[],
  from: MessageFormat,
  options: FromFormatOptions = {},
): ConversionResult<HistoryMessage[]> {
  switch (from) {
    case 'openai-chat':
      return fromOpenAIChat(messages);
    case 'openai-responses':
      return fromOpenAIResponses(messages);
    case 'anthropic':
      return fromAnthropic(messages);
    case 'gemini':
      return fromGemini(messages, { generateId: options.generateId });
    case 'mistral':
      return fromMistral(messages);
    case 'aiwrapper':
      return fromAiwrapper(messages);
    case 'vercel':
      return fromVercel(messages);
    default:
      throw unsupportedFormat(from);
  }
}

/**
 * Writes a neutral history in any format with that format's `to*` converter.
 *
 * @throws {ToolHistoryError} `unsupported-format` for a format name this package does not know.
 */
export function toFormat<To extends MessageFormat>(
  history: readonly HistoryMessage[],
  to: To,
): ConvertedHistory[To] {
  const writers: {
    readonly [F in MessageFormat]: (history: readonly HistoryMessage[]) => ConvertedHistory[F];
  } = {
    'openai-chat': toOpenAIChat,
    'openai-responses': toOpenAIResponses,
    anthropic: toAnthropic,
    gemini: (messages) => toGemini(messages),
    mistral: toMistral,
    aiwrapper: toAiwrapper,
    vercel: toVercel,
  };
  if (!Object.hasOwn(writers, to)) throw unsupportedFormat(to);
  return writers[to](history);
}

function unsupportedFormat(format: unknown): ToolHistoryError {
  return new ToolHistoryError(
    'unsupported-format',
    `Unknown message format ${JSON.stringify(format)}. Use one of: ${MESSAGE_FORMATS.join(', ')}.`,
  );
}
