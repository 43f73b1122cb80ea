// Minimal Messages wire types; type tests check them against the SDK's.

/** A content block of `type` with `fields`; other fields pass through. */
type Block<Type extends string, Fields> = Readonly<Fields & { type: Type; [key: string]: unknown }>;

/** A media block's source: base64 data of one of `MediaType`, a URL or a Files API id. */
type Source<MediaType extends string> = Readonly<
  | { type: 'base64'; data: string; media_type: MediaType }
  | { type: 'url'; url: string }
  | { type: 'file'; file_id: string }
>;

type TextBlock = Block<'text', { text: string }>;
type ImageBlock = Block<
  'image',
  { source: Source<'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp'> }
>;

/** A block of a `tool_result`'s `content` array: text, an image or a document (PDF or file). */
export type AnthropicToolResultContentBlock =
  TextBlock | ImageBlock | Block<'document', { source: Source<'application/pdf'> }>;

/** A `tool_result` block of a user message: the result of one call. */
export type AnthropicToolResultBlock = Block<
  'tool_result',
  { tool_use_id: string; content?: string | AnthropicToolResultContentBlock[]; is_error?: boolean }
>;

/**
 * One content block: text, a `tool_use` call, a `tool_result`; any other passes through (an
 * image and the thinking blocks stand for them all, to match the SDK's union).
 */
export type AnthropicContentBlock =
  | TextBlock
  | Block<'tool_use', { id: string; name: string; input: unknown }>
  | AnthropicToolResultBlock
  | ImageBlock
  | { readonly type: 'thinking'; readonly thinking: string; readonly signature: string }
  | { readonly type: 'redacted_thinking'; readonly data: string };

/**
 * A message of the `messages` array (the system prompt is a separate request field): calls travel
 * in `assistant` messages as `tool_use` blocks, results in `user` messages as `tool_result` blocks.
 */
export interface AnthropicMessage {
  readonly role: 'user' | 'assistant';
  readonly content: string | AnthropicContentBlock[];
  readonly [key: string]: unknown;
}
