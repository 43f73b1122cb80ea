// Minimal Messages wire types; type tests check them against the SDK's.

/** A `text` block. */
export interface AnthropicTextBlock {
  readonly type: 'text';
  readonly text: string;
  readonly [key: string]: unknown;
}

/** A `tool_use` block of an assistant message: one call. */
export interface AnthropicToolUseBlock {
  readonly type: 'tool_use';
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
  readonly [key: string]: unknown;
}

/** A `tool_result` block of a user message: the result of one call. */
export interface AnthropicToolResultBlock {
  readonly type: 'tool_result';
  readonly tool_use_id: string;
  readonly content?: string | AnthropicToolResultContentBlock[];
  readonly is_error?: boolean;
  readonly [key: string]: unknown;
}

/** A media block's source: base64 data of one of `MediaType`, a URL or a Files API id. */
type AnthropicSource<MediaType extends string> =
  | { readonly type: 'base64'; readonly data: string; readonly media_type: MediaType }
  | { readonly type: 'url'; readonly url: string }
  | { readonly type: 'file'; readonly file_id: string };

/** An `image` block. */
export interface AnthropicImageBlock {
  readonly type: 'image';
  readonly source: AnthropicSource<'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp'>;
  readonly [key: string]: unknown;
}

/** A `document` block: a PDF (base64 or URL) or a file id. */
export interface AnthropicDocumentBlock {
  readonly type: 'document';
  readonly source: AnthropicSource<'application/pdf'>;
  readonly [key: string]: unknown;
}

/** A `thinking` block of an assistant message. */
export interface AnthropicThinkingBlock {
  readonly type: 'thinking';
  readonly thinking: string;
  readonly signature: string;
}

/** A `redacted_thinking` block of an assistant message. */
export interface AnthropicRedactedThinkingBlock {
  readonly type: 'redacted_thinking';
  readonly data: string;
}

/** A block of a `tool_result`'s `content` array. */
export type AnthropicToolResultContentBlock =
  AnthropicTextBlock | AnthropicImageBlock | AnthropicDocumentBlock;

/** Blocks passed through untouched; the common ones stand for all, to match the SDK's union. */
export type AnthropicOtherBlock =
  AnthropicImageBlock | AnthropicThinkingBlock | AnthropicRedactedThinkingBlock;

/** One content block. */
export type AnthropicContentBlock =
  AnthropicTextBlock | AnthropicToolUseBlock | AnthropicToolResultBlock | AnthropicOtherBlock;

/**
 * A message of the `messages` array (the system prompt is a separate request field): calls travel
 * in `assistant` messages as `tool_use` blocks, results in `user` messages as `tool_result` blocks.
 */
export interface AnthropicMessage {
  readonly role: 'user' | 'assistant';
  readonly content: string | AnthropicContentBlock[];
  readonly [key: string]: unknown;
}
