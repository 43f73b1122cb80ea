// Minimal Converse wire types (API_runtime_Message in the Bedrock API reference); a block sets one
// member (`{ text }`, `{ toolUse }`, …), and other blocks pass through.

/** A `text` block. */
export interface BedrockTextBlock {
  readonly text: string;
}

/** A `toolUse` block of an assistant message: one call. */
export interface BedrockToolUseBlock {
  readonly toolUse: {
    readonly toolUseId: string;
    readonly name: string;
    readonly input: unknown;
    readonly [key: string]: unknown;
  };
}

/** One block of a `toolResult`'s `content`. */
export type BedrockToolResultContentBlock =
  | { readonly text: string }
  /** A JSON object (Bedrock refuses other JSON values here). */
  | { readonly json: unknown }
  | Readonly<Record<string, unknown>>;

/** A `toolResult` block of a user message: the result of one call. */
export interface BedrockToolResultBlock {
  readonly toolResult: {
    readonly toolUseId: string;
    readonly content: BedrockToolResultContentBlock[];
    readonly status?: 'success' | 'error';
    readonly [key: string]: unknown;
  };
}

/** A block passed through untouched (`image`, `reasoningContent`, `cachePoint`, …). */
export type BedrockOtherBlock = Readonly<Record<string, unknown>>;

/** One content block. */
export type BedrockContentBlock =
  BedrockTextBlock | BedrockToolUseBlock | BedrockToolResultBlock | BedrockOtherBlock;

/** A message of the Converse `messages` array; `content` is always an array of blocks. */
export interface BedrockMessage {
  readonly role: 'user' | 'assistant';
  readonly content: BedrockContentBlock[];
}

/** A block of the request's top-level `system` array. */
export type BedrockSystemBlock = BedrockTextBlock | BedrockOtherBlock;
