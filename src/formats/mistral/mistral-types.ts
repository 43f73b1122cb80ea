// Mistral's `messages` follow the Chat Completions shape, but `tool` messages carry the tool `name`.
import type {
  OpenAIChatAssistantMessage,
  OpenAIChatSystemMessage,
  OpenAIChatToolMessage,
  OpenAIChatUserMessage,
} from '../openai-chat/openai-chat-types.js';

/** A Mistral `system` message. */
export type MistralSystemMessage = OpenAIChatSystemMessage;
/** A Mistral `user` message. */
export type MistralUserMessage = OpenAIChatUserMessage;
/** A Mistral `assistant` message, with or without `tool_calls`. */
export type MistralAssistantMessage = OpenAIChatAssistantMessage;

/** A Mistral `tool` message: one result, naming its tool. */
export interface MistralToolMessage extends OpenAIChatToolMessage {
  readonly name: string;
}

/** Any Mistral chat message. */
export type MistralMessage =
  MistralSystemMessage | MistralUserMessage | MistralAssistantMessage | MistralToolMessage;
