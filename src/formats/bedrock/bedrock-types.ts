// Minimal Converse wire types (API_runtime_Message in the Bedrock API reference); a block sets one
// member (`{ text }`, `{ toolUse }`, …), and other blocks pass through.

/** A block passed through untouched (`image`, `reasoningContent`, `cachePoint`, …). */
type OtherBlock = Readonly<Record<string, unknown>>;

/** One block of a `toolResult`'s `content`: text, a JSON object (no other JSON value), or other. */
export type BedrockToolResultContentBlock =
  { readonly text: string } | { readonly json: unknown } | OtherBlock;

/** One content block: text, a `toolUse` call, a `toolResult`, or another passed through. */
export type BedrockContentBlock =
  | { readonly text: string }
  | { readonly toolUse: Readonly<{ toolUseId: string; name: string; input: unknown }> & OtherBlock }
  | {
      readonly toolResult: Readonly<{
        toolUseId: string;
        content: BedrockToolResultContentBlock[];
        status?: 'success' | 'error';
      }> &
        OtherBlock;
    }
  | OtherBlock;

/** A message of the Converse `messages` array; `content` is always an array of blocks. */
export interface BedrockMessage {
  readonly role: 'user' | 'assistant';
  readonly content: BedrockContentBlock[];
}

/** A block of the request's top-level `system` array. */
export type BedrockSystemBlock = { readonly text: string } | OtherBlock;
