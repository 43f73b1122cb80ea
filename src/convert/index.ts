// Conversions between message formats through the provider-neutral history model.
// The lead wires these into src/index.ts.

// Neutral model
export { toolCallsOf } from '../core/history.js';
export type {
  ToolHistory,
  HistoryMessage,
  SystemMessage,
  UserMessage,
  AssistantMessage,
  ToolResultsMessage,
  TextPart,
  OpaquePart,
  ToolCallPart,
  ToolResult,
  JsonValue,
  ProviderData,
} from '../core/history.js';
export { toTurnEntries } from '../core/to-turn-entries.js';

// Results and warnings
export type {
  ConversionResult,
  ConversionWarning,
  ConversionWarningCode,
} from '../core/conversion-result.js';

// Any format to any format
export { convertHistory, fromFormat, toFormat } from './convert-history.js';
export type {
  ConvertHistoryOptions,
  ConvertedHistory,
  FromFormatOptions,
} from './convert-history.js';

// OpenAI Chat Completions
export { fromOpenAIChat } from '../formats/openai-chat/from-openai-chat.js';
export { toOpenAIChat } from '../formats/openai-chat/to-openai-chat.js';
export type {
  OpenAIChatTextPart,
  OpenAIChatRefusalPart,
  OpenAIChatImagePart,
  OpenAIChatAudioPart,
  OpenAIChatFilePart,
  OpenAIChatUserContentPart,
} from '../formats/openai-chat/openai-chat-types.js';

// OpenAI Responses
export { fromOpenAIResponses } from '../formats/openai-responses/from-openai-responses.js';
export { toOpenAIResponses } from '../formats/openai-responses/to-openai-responses.js';
export type {
  OpenAIResponsesInputItem,
  OpenAIResponsesMessageItem,
  OpenAIResponsesFunctionCallItem,
  OpenAIResponsesFunctionCallOutputItem,
  OpenAIResponsesOtherItem,
  OpenAIResponsesReasoningItem,
  OpenAIResponsesInputContent,
  OpenAIResponsesInputText,
  OpenAIResponsesInputImage,
  OpenAIResponsesInputFile,
} from '../formats/openai-responses/openai-responses-types.js';

// Anthropic
export { fromAnthropic } from '../formats/anthropic/from-anthropic.js';
export type { FromAnthropicOptions } from '../formats/anthropic/from-anthropic.js';
export { toAnthropic } from '../formats/anthropic/to-anthropic.js';
export type { AnthropicConversionResult } from '../formats/anthropic/to-anthropic.js';
export type {
  AnthropicMessage,
  AnthropicUserMessage,
  AnthropicAssistantMessage,
  AnthropicContentBlock,
  AnthropicTextBlock,
  AnthropicToolUseBlock,
  AnthropicToolResultBlock,
  AnthropicToolResultContentBlock,
  AnthropicImageBlock,
  AnthropicThinkingBlock,
  AnthropicRedactedThinkingBlock,
  AnthropicOtherBlock,
} from '../formats/anthropic/anthropic-types.js';

// Gemini
export { fromGemini } from '../formats/gemini/from-gemini.js';
export type { FromGeminiOptions } from '../formats/gemini/from-gemini.js';
export { toGemini } from '../formats/gemini/to-gemini.js';
export type { ToGeminiOptions, GeminiConversionResult } from '../formats/gemini/to-gemini.js';
export { SKIP_THOUGHT_SIGNATURE } from '../formats/gemini/thought-signature.js';
export type {
  GeminiContent,
  GeminiPart,
  GeminiFunctionCall,
  GeminiFunctionResponse,
  GeminiSystemInstruction,
} from '../formats/gemini/gemini-types.js';

// Mistral
export { fromMistral } from '../formats/mistral/from-mistral.js';
export { toMistral } from '../formats/mistral/to-mistral.js';
export type {
  MistralMessage,
  MistralSystemMessage,
  MistralUserMessage,
  MistralAssistantMessage,
  MistralToolMessage,
} from '../formats/mistral/mistral-types.js';

// Vercel AI SDK
export { fromVercel } from '../formats/vercel/from-vercel.js';
export { toVercel } from '../formats/vercel/to-vercel.js';
export type {
  VercelModelMessage,
  VercelSystemMessage,
  VercelUserMessage,
  VercelAssistantMessage,
  VercelToolMessage,
  VercelTextPart,
  VercelToolCallPart,
  VercelToolResultPart,
  VercelToolResultOutput,
  VercelReasoningPart,
  VercelFilePart,
  VercelOtherPart,
  VercelJsonValue,
} from '../formats/vercel/vercel-types.js';

// aiwrapper (structural shapes; nothing here imports aiwrapper)
export { fromAiwrapper } from '../formats/aiwrapper/from-aiwrapper.js';
export type { FromAiwrapperOptions } from '../formats/aiwrapper/from-aiwrapper.js';
export { toAiwrapper } from '../formats/aiwrapper/to-aiwrapper.js';
export type { AiwrapperConversionResult } from '../formats/aiwrapper/to-aiwrapper.js';
export type {
  AiwrapperMessage,
  AiwrapperItem,
  AiwrapperToolItem,
  AiwrapperToolResultItem,
  AiwrapperOtherItem,
} from '../formats/aiwrapper/aiwrapper-types.js';
