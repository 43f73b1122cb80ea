/**
 * Minimal hand-written Mistral chat wire types. Mistral's `messages` follow the Chat Completions
 * shape; the differences that matter for tool history are that `tool` messages carry the tool
 * `name`, and that call ids must be exactly 9 characters of `[a-zA-Z0-9]` (the converters keep
 * ids as they are; rewriting them is the repair pass's job).
 */
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
