// Minimal Bedrock Converse wire types, from the API reference
// (https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Message.html). A content
// block is a union with one member set (`{ text }`, `{ toolUse }`, …); other blocks pass through.

/** A `text` block. */
export interface BedrockTextBlock {
  readonly text: string;
}

/** A `toolUse` block of an assistant message: one call. */
export interface BedrockToolUseBlock {
  readonly toolUse: {
    /** 1 to 64 characters of `[a-zA-Z0-9_-]`. */
    readonly toolUseId: string;
    readonly name: string;
    /** The arguments, as a JSON object (a Smithy document, not a string). */
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
