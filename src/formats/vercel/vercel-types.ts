// Minimal Vercel AI SDK (v5/v6) `ModelMessage` types; other fields pass through the index
// signatures. Arrays are mutable so what we emit is assignable to `ai`'s (type tests check it).

/** A JSON value as the AI SDK types it (mutable arrays, `undefined` allowed in objects). */
export type VercelJsonValue =
  | null
  | string
  | number
  | boolean
  | VercelJsonValue[]
  | { [key: string]: VercelJsonValue | undefined };

/** A `text` part. */
export interface VercelTextPart {
  readonly type: 'text';
  readonly text: string;
  readonly [key: string]: unknown;
}

/** A `tool-call` part of an assistant message. */
export interface VercelToolCallPart {
  readonly type: 'tool-call';
  readonly toolCallId: string;
  readonly toolName: string;
  /** The arguments (the raw text when the model's JSON was invalid). */
  readonly input: unknown;
  /** The provider ran the tool itself; its result sits in the assistant message. */
  readonly providerExecuted?: boolean;
  readonly [key: string]: unknown;
}

/** The `output` of a tool result. Other output types (`content`, `execution-denied`) are passed through. */
export type VercelToolResultOutput =
  | { readonly type: 'text' | 'error-text'; readonly value: string }
  | { readonly type: 'json' | 'error-json'; readonly value: VercelJsonValue }
  /** Text, image and file pieces. */
  | { readonly type: 'content'; readonly value: VercelContentPiece[] };

/** One piece of a `content` tool output (AI SDK v6; `media` is v5's). */
export type VercelContentPiece =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'media' | 'image-data'; readonly data: string; readonly mediaType: string }
  | { readonly type: 'image-url'; readonly url: string }
  | { readonly type: 'image-file-id' | 'file-id'; readonly fileId: string }
  | {
      readonly type: 'file-data';
      readonly data: string;
      readonly mediaType: string;
      readonly filename?: string;
    }
  | { readonly type: 'file-url'; readonly url: string; readonly mediaType?: string };

/** A `tool-result` part of a tool message (or, provider-executed, of an assistant message). */
export interface VercelToolResultPart {
  readonly type: 'tool-result';
  readonly toolCallId: string;
  readonly toolName: string;
  readonly output: VercelToolResultOutput;
  readonly [key: string]: unknown;
}

/** A v6 `tool-approval-response` part of a tool message: the user's answer to an approval request. */
export interface VercelToolApprovalResponsePart {
  readonly type: 'tool-approval-response';
  readonly approvalId: string;
  readonly approved: boolean;
  readonly reason?: string;
  readonly [key: string]: unknown;
}

interface VercelFilePart {
  readonly type: 'file';
  readonly data: string;
  readonly mediaType: string;
  readonly [key: string]: unknown;
}

/** A part passed through verbatim (`file`, `image`, `reasoning`, approvals; typed as two of them). */
export type VercelOtherPart =
  | { readonly type: 'reasoning'; readonly text: string; readonly [key: string]: unknown }
  | VercelFilePart;

/** A `user` message. */
export interface VercelUserMessage {
  readonly role: 'user';
  readonly content: string | (VercelTextPart | VercelFilePart)[];
  readonly [key: string]: unknown;
}

/** An `assistant` message; calls travel here as `tool-call` parts. */
export interface VercelAssistantMessage {
  readonly role: 'assistant';
  readonly content:
    string | (VercelTextPart | VercelToolCallPart | VercelToolResultPart | VercelOtherPart)[];
  readonly [key: string]: unknown;
}

/** A `tool` message: `tool-result` parts and (v6) `tool-approval-response` parts. */
export interface VercelToolMessage {
  readonly role: 'tool';
  readonly content: (VercelToolResultPart | VercelToolApprovalResponsePart)[];
  readonly [key: string]: unknown;
}

/** Any `ModelMessage`. */
export type VercelModelMessage =
  | { readonly role: 'system'; readonly content: string; readonly [key: string]: unknown }
  | VercelUserMessage
  | VercelAssistantMessage
  | VercelToolMessage;
