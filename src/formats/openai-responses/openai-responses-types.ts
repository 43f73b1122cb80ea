// Minimal hand-written Responses `input` item types; index signatures keep untouched fields. Arrays
// are mutable and optionals omit `undefined`, so output is assignable to the SDK's types.

/** A message item: `{ type: 'message', role, content }`, or the short form without `type`. */
export interface OpenAIResponsesMessageItem {
  readonly type?: 'message';
  readonly role: 'user' | 'assistant' | 'system' | 'developer';
  readonly content: string | OpenAIResponsesInputContent[];
  readonly [key: string]: unknown;
}

interface OpenAIResponsesInputText {
  readonly type: 'input_text';
  readonly text: string;
}

interface OpenAIResponsesInputImage {
  readonly type: 'input_image';
  readonly detail: 'low' | 'high' | 'auto' | 'original';
  readonly image_url?: string | null;
  readonly file_id?: string | null;
}

interface OpenAIResponsesInputFile {
  readonly type: 'input_file';
  readonly file_data?: string;
  readonly file_id?: string | null;
  readonly file_url?: string;
  readonly filename?: string;
}

/** A part of a message's `content` array or of a `function_call_output`'s `output` array. */
export type OpenAIResponsesInputContent =
  OpenAIResponsesInputText | OpenAIResponsesInputImage | OpenAIResponsesInputFile;

/** A part of a `function_call_output`'s or `custom_tool_call_output`'s `output` array. */
export type OpenAIResponsesOutputContent =
  | OpenAIResponsesInputText
  | (Omit<OpenAIResponsesInputImage, 'detail'> & {
      readonly detail?: OpenAIResponsesInputImage['detail'];
    })
  | OpenAIResponsesInputFile;

interface OpenAIResponsesReasoningItem {
  readonly type: 'reasoning';
  readonly id: string;
  readonly summary: { readonly type: 'summary_text'; readonly text: string }[];
  readonly encrypted_content?: string | null;
  readonly [key: string]: unknown;
}

interface OpenAIResponsesFunctionCallItem {
  readonly type: 'function_call';
  readonly call_id: string;
  readonly name: string;
  readonly arguments: string;
  readonly id?: string;
  readonly [key: string]: unknown;
}

/** A `custom_tool_call` item: a free-form call whose `input` is text. */
interface OpenAIResponsesCustomToolCallItem {
  readonly type: 'custom_tool_call';
  readonly call_id: string;
  readonly name: string;
  readonly input: string;
  readonly id?: string;
  readonly [key: string]: unknown;
}

/** A `function_call_output` item, or a `custom_tool_call_output`: the result of one call. */
export interface OpenAIResponsesCallOutputItem {
  readonly type: 'function_call_output' | 'custom_tool_call_output';
  readonly call_id: string;
  readonly output: string | OpenAIResponsesOutputContent[];
  readonly [key: string]: unknown;
}

/** Any item of the `input` array. */
export type OpenAIResponsesInputItem =
  | OpenAIResponsesMessageItem
  | OpenAIResponsesFunctionCallItem
  | OpenAIResponsesCustomToolCallItem
  | OpenAIResponsesCallOutputItem
  // Any item passed through verbatim; `reasoning` stands for all, to fit the SDK's closed union.
  | OpenAIResponsesReasoningItem;
