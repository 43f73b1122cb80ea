import type { JsonObject } from '../../core/input-guards.js';
import { assertOpenAIChatMessages, openAIChatMessageAt } from './validate-openai-chat.js';

/**
 * What differs between the formats that share the Chat Completions message shape (OpenAI Chat,
 * Mistral): the format key, its display name, and whether `tool` messages carry the tool `name`.
 */
export interface ChatDialect {
  readonly format: 'openai-chat' | 'mistral';
  /** Name used in error messages. */
  readonly formatName: string;
  /** True when `tool` messages carry the tool's `name` (Mistral); false when they do not (OpenAI). */
  readonly resultName: boolean;
  /** The dialect's validator's guard for the `messages` array: the reader refuses in its words. */
  readonly assertMessages: (messages: unknown) => asserts messages is readonly unknown[];
  /** The dialect's validator's guard for one message: the reader refuses in its words. */
  readonly messageAt: (messages: readonly unknown[], index: number) => JsonObject;
}

/** The OpenAI Chat Completions dialect. */
export const OPENAI_CHAT_DIALECT: ChatDialect = {
  format: 'openai-chat',
  formatName: 'OpenAI Chat',
  resultName: false,
  assertMessages: assertOpenAIChatMessages,
  messageAt: openAIChatMessageAt,
};
