/**
 * Minimal hand-written OpenAI Chat Completions wire types: only what tool-call history needs.
 * Fields we do not touch are kept through the index signatures, so nothing a user sent is lost.
 */

/** One entry of an assistant message's `tool_calls`. */
export interface OpenAIChatToolCall {
  readonly id: string;
  readonly type: 'function';
  readonly function: {
    readonly name: string;
    /** A JSON string, as on the wire. */
    readonly arguments: string;
  };
}

/** A `system` or `developer` message. */
export interface OpenAIChatSystemMessage {
  readonly role: 'system' | 'developer';
  readonly content: string | readonly unknown[];
  readonly [key: string]: unknown;
}

/** A `user` message. */
export interface OpenAIChatUserMessage {
  readonly role: 'user';
  readonly content: string | readonly unknown[];
  readonly [key: string]: unknown;
}

/** An `assistant` message, with or without tool calls. */
export interface OpenAIChatAssistantMessage {
  readonly role: 'assistant';
  readonly content?: string | readonly unknown[] | null | undefined;
  readonly tool_calls?: readonly OpenAIChatToolCall[] | undefined;
  readonly [key: string]: unknown;
}

/** A `tool` message: the result of one call. */
export interface OpenAIChatToolMessage {
  readonly role: 'tool';
  readonly tool_call_id: string;
  readonly content: string | readonly unknown[];
  readonly [key: string]: unknown;
}

/** Any Chat Completions message. */
export type OpenAIChatMessage =
  | OpenAIChatSystemMessage
  | OpenAIChatUserMessage
  | OpenAIChatAssistantMessage
  | OpenAIChatToolMessage;
