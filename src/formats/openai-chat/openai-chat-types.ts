// Minimal hand-written Chat Completions wire types; index signatures keep untouched fields. Arrays
// are mutable and optionals omit `undefined`, so output is assignable to the `openai` SDK's types.

/** A function entry of `tool_calls`; `arguments` is a JSON string. */
interface OpenAIChatFunctionToolCall {
  readonly id: string;
  readonly type: 'function';
  readonly function: {
    readonly name: string;
    readonly arguments: string;
  };
}

/** A custom entry of `tool_calls`: free-form `input` text. */
interface OpenAIChatCustomToolCall {
  readonly id: string;
  readonly type: 'custom';
  readonly custom: {
    readonly name: string;
    readonly input: string;
  };
}

/** One entry of `tool_calls`. */
export type OpenAIChatToolCall = OpenAIChatFunctionToolCall | OpenAIChatCustomToolCall;

/** A text content part. */
export interface OpenAIChatTextPart {
  readonly type: 'text';
  readonly text: string;
}

/** An assistant refusal part. */
export interface OpenAIChatRefusalPart {
  readonly type: 'refusal';
  readonly refusal: string;
}

interface OpenAIChatImagePart {
  readonly type: 'image_url';
  readonly image_url: { readonly url: string; readonly detail?: 'auto' | 'low' | 'high' };
}

interface OpenAIChatAudioPart {
  readonly type: 'input_audio';
  readonly input_audio: { readonly data: string; readonly format: 'wav' | 'mp3' };
}

interface OpenAIChatFilePart {
  readonly type: 'file';
  readonly file: {
    readonly file_data?: string;
    readonly file_id?: string;
    readonly filename?: string;
  };
}

/** Any part of a user message's `content`. */
export type OpenAIChatUserContentPart =
  OpenAIChatTextPart | OpenAIChatImagePart | OpenAIChatAudioPart | OpenAIChatFilePart;

interface OpenAIChatSystemMessage {
  readonly role: 'system' | 'developer';
  readonly content: string | OpenAIChatTextPart[];
  readonly [key: string]: unknown;
}

interface OpenAIChatUserMessage {
  readonly role: 'user';
  readonly content: string | OpenAIChatUserContentPart[];
  readonly [key: string]: unknown;
}

/** An `assistant` message, with or without tool calls. */
export interface OpenAIChatAssistantMessage {
  readonly role: 'assistant';
  readonly content?: string | (OpenAIChatTextPart | OpenAIChatRefusalPart)[] | null;
  readonly tool_calls?: OpenAIChatToolCall[];
  readonly function_call?: { readonly name: string; readonly arguments: string };
  readonly [key: string]: unknown;
}

/** A `tool` message: the result of one call. */
export interface OpenAIChatToolMessage {
  readonly role: 'tool';
  readonly tool_call_id: string;
  readonly content: string | OpenAIChatTextPart[];
  readonly [key: string]: unknown;
}

/** A `function` message: the result of the deprecated `function_call` just before it. */
export interface OpenAIChatFunctionMessage {
  readonly role: 'function';
  readonly name: string;
  readonly content: string;
  readonly [key: string]: unknown;
}

/** Any Chat Completions message. */
export type OpenAIChatMessage =
  | OpenAIChatSystemMessage
  | OpenAIChatUserMessage
  | OpenAIChatAssistantMessage
  | OpenAIChatToolMessage
  | OpenAIChatFunctionMessage;

interface MistralToolMessage extends OpenAIChatToolMessage {
  readonly name: string;
}

/** Any Mistral chat message: the Chat Completions shape, with `name` on `tool` messages. */
export type MistralMessage =
  OpenAIChatSystemMessage | OpenAIChatUserMessage | OpenAIChatAssistantMessage | MistralToolMessage;
