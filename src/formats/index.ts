// The registry: format name -> adapter, stream format -> stream adapter. Engines ask it for an
// adapter and never test a format's name. A new provider is a folder and a line in each table.
import { MESSAGE_FORMATS, type MessageFormat, type ProviderProfile } from '../core/format.js';
import type { ConversionResult } from '../core/history.js';
import { UnsupportedFormatError } from '../errors/tool-history-error.js';
import { AIWRAPPER_ADAPTER } from './aiwrapper/aiwrapper-adapter.js';
import type { AiwrapperConversionResult } from './aiwrapper/to-aiwrapper.js';
import { ANTHROPIC_ADAPTER } from './anthropic/anthropic-adapter.js';
import { ANTHROPIC_STREAM } from './anthropic/anthropic-stream.js';
import type { AnthropicConversionResult } from './anthropic/to-anthropic.js';
import { BEDROCK_ADAPTER } from './bedrock/bedrock-adapter.js';
import { BEDROCK_STREAM } from './bedrock/bedrock-stream.js';
import type { BedrockConversionResult } from './bedrock/to-bedrock.js';
import { GEMINI_ADAPTER } from './gemini/gemini-adapter.js';
import { GEMINI_STREAM } from './gemini/gemini-stream.js';
import type { GeminiConversionResult } from './gemini/to-gemini.js';
import { MISTRAL_ADAPTER } from './mistral/mistral-adapter.js';
import type { MistralMessage } from './openai-chat/openai-chat-types.js';
import { OLLAMA_STREAM } from './ollama/ollama-stream.js';
import { openAIChatAdapter } from './openai-chat/openai-chat-adapter.js';
import { DEEPSEEK_HOST, GROQ_HOST, OPENAI_CHAT_HOST, QWEN_HOST } from './openai-chat/chat-hosts.js';
import type { ChatHost } from './shared/chat-host.js';
import { OPENAI_CHAT_STREAM } from './openai-chat/openai-chat-stream.js';
import type { OpenAIChatMessage } from './openai-chat/openai-chat-types.js';
import { OPENAI_RESPONSES_ADAPTER } from './openai-responses/openai-responses-adapter.js';
import { OPENAI_RESPONSES_STREAM } from './openai-responses/openai-responses-stream.js';
import type { OpenAIResponsesInputItem } from './openai-responses/openai-responses-types.js';
import type { FormatAdapter, StreamAdapter } from './shared/format-adapter.js';
import { VERCEL_ADAPTER } from './vercel/vercel-adapter.js';
import type { VercelModelMessage } from './vercel/vercel-types.js';
import { VERCEL_UI_ADAPTER } from './vercel-ui/vercel-ui-adapter.js';
import type { VercelUIMessage } from './vercel-ui/vercel-ui-types.js';

export type { ReadFormatOptions, WriteFormatOptions } from './shared/format-adapter.js';

/** The hosts that speak Chat Completions with their own rules and wording, by `provider` name. */
export const CHAT_HOSTS: Readonly<Record<ChatHostName, ChatHost>> = {
  openai: OPENAI_CHAT_HOST,
  deepseek: DEEPSEEK_HOST,
  groq: GROQ_HOST,
  qwen: QWEN_HOST,
};

/** The names of the hosts in {@link CHAT_HOSTS}. */
export const CHAT_HOST_NAMES = ['openai', 'deepseek', 'groq', 'qwen'] as const;
/** The name of a host that speaks Chat Completions. */
export type ChatHostName = (typeof CHAT_HOST_NAMES)[number];

/** True when `value` names a host of {@link CHAT_HOSTS}. */
export function isChatHostName(value: unknown): value is ChatHostName {
  return typeof value === 'string' && Object.hasOwn(CHAT_HOSTS, value);
}

/** What each format's writer returns. */
export interface WrittenHistory {
  readonly 'openai-chat': ConversionResult<OpenAIChatMessage[]>;
  readonly 'openai-responses': ConversionResult<OpenAIResponsesInputItem[]>;
  readonly anthropic: AnthropicConversionResult;
  readonly gemini: GeminiConversionResult;
  readonly mistral: ConversionResult<MistralMessage[]>;
  readonly bedrock: BedrockConversionResult;
  readonly aiwrapper: AiwrapperConversionResult;
  readonly vercel: ConversionResult<VercelModelMessage[]>;
  readonly 'vercel-ui': ConversionResult<VercelUIMessage[]>;
}

/** The adapter of each message format. */
export const FORMAT_ADAPTERS: {
  readonly [F in MessageFormat]: FormatAdapter<F, WrittenHistory[F]>;
} = {
  'openai-chat': openAIChatAdapter(CHAT_HOSTS),
  'openai-responses': OPENAI_RESPONSES_ADAPTER,
  anthropic: ANTHROPIC_ADAPTER,
  gemini: GEMINI_ADAPTER,
  mistral: MISTRAL_ADAPTER,
  bedrock: BEDROCK_ADAPTER,
  aiwrapper: AIWRAPPER_ADAPTER,
  vercel: VERCEL_ADAPTER,
  'vercel-ui': VERCEL_UI_ADAPTER,
};

/** The adapter of `format`. @throws {UnsupportedFormatError} for a format this package does not know. */
export function adapterFor<F extends MessageFormat>(
  format: F,
): FormatAdapter<F, WrittenHistory[F]> {
  // Checked at run time too: JavaScript callers may pass any name.
  if (!isMessageFormat(format)) throw new UnsupportedFormatError(format, MESSAGE_FORMATS);
  return FORMAT_ADAPTERS[format];
}

/** True when `value` names a message format this package knows. */
export function isMessageFormat(value: unknown): value is MessageFormat {
  return typeof value === 'string' && Object.hasOwn(FORMAT_ADAPTERS, value);
}

/** The rules of each format, read off its adapter. */
export const PROVIDER_PROFILES: Readonly<Record<MessageFormat, ProviderProfile>> =
  Object.fromEntries(
    MESSAGE_FORMATS.map((format) => [format, FORMAT_ADAPTERS[format].profile]),
  ) as Record<MessageFormat, ProviderProfile>;

/** The stream formats an accumulator understands. */
export const STREAM_FORMATS = [
  'openai-chat',
  'openai-responses',
  'anthropic',
  'gemini',
  'ollama',
  'bedrock',
] as const;

/**
 * A provider's stream format; `openai-chat` also covers OpenAI-compatible servers, `ollama` is the
 * native `/api/chat`, `bedrock` is ConverseStream events as the AWS SDKs decode them (JSON lines).
 */
export type StreamFormat = (typeof STREAM_FORMATS)[number];

/** The adapter (framing and handler factory) of each stream format. */
export const STREAM_ADAPTERS: Readonly<Record<StreamFormat, StreamAdapter>> = {
  'openai-chat': OPENAI_CHAT_STREAM,
  'openai-responses': OPENAI_RESPONSES_STREAM,
  anthropic: ANTHROPIC_STREAM,
  gemini: GEMINI_STREAM,
  ollama: OLLAMA_STREAM,
  bedrock: BEDROCK_STREAM,
};

/** The adapter of stream format `format`. @throws {UnsupportedFormatError} for an unknown one. */
export function streamAdapterFor(format: unknown): StreamAdapter {
  if (typeof format !== 'string' || !Object.hasOwn(STREAM_ADAPTERS, format))
    throw new UnsupportedFormatError(format, STREAM_FORMATS);
  return STREAM_ADAPTERS[format as StreamFormat];
}
