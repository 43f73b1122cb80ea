// Minimal hand-written Chat Completions wire types; index signatures keep untouched fields. Arrays
// are mutable and optionals omit `undefined`, so output is assignable to the `openai` SDK's types.

/** One entry of `tool_calls`: a function call (`arguments` is JSON text) or a custom call (free-form `input`). */
export type OpenAIChatToolCall =
  | {
      readonly id: string;
      readonly type: 'function';
      readonly function: { readonly name: string; readonly arguments: string };
    }
  | {
      readonly id: string;
      readonly type: 'custom';
      readonly custom: { readonly name: string; readonly input: string };
    };

/** A text content part. */
export interface OpenAIChatTextPart {
  readonly type: 'text';
  readonly text: string;
}

/** Any part of a user message's `content`. */
export type OpenAIChatUserContentPart =
  | OpenAIChatTextPart
  | {
      readonly type: 'image_url';
      readonly image_url: { readonly url: string; readonly detail?: 'auto' | 'low' | 'high' };
    }
  | {
      readonly type: 'input_audio';
      readonly input_audio: { readonly data: string; readonly format: 'wav' | 'mp3' };
    }
  | {
      readonly type: 'file';
      readonly file: {
        readonly file_data?: string;
        readonly file_id?: string;
        readonly filename?: string;
      };
    };

/** An `assistant` message, with or without tool calls. */
export interface OpenAIChatAssistantMessage {
  readonly role: 'assistant';
  readonly content?:
    string | (OpenAIChatTextPart | { readonly type: 'refusal'; readonly refusal: string })[] | null;
  readonly tool_calls?: OpenAIChatToolCall[];
  readonly function_call?: { readonly name: string; readonly arguments: string };
  readonly [key: string]: unknown;
}

/** A `tool` message: the result of one call (with its `name` on Mistral). */
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

type SystemAndUserMessage =
  | {
      readonly role: 'system' | 'developer';
      readonly content: string | OpenAIChatTextPart[];
      readonly [key: string]: unknown;
    }
  | {
      readonly role: 'user';
      readonly content: string | OpenAIChatUserContentPart[];
      readonly [key: string]: unknown;
    };

/** Any Chat Completions message. */
export type OpenAIChatMessage =
  | SystemAndUserMessage
  | OpenAIChatAssistantMessage
  | OpenAIChatToolMessage
  | OpenAIChatFunctionMessage;

/** Any Mistral chat message: the Chat Completions shape, with `name` on `tool` messages. */
export type MistralMessage =
  | SystemAndUserMessage
  | OpenAIChatAssistantMessage
  | (OpenAIChatToolMessage & { readonly name: string });
