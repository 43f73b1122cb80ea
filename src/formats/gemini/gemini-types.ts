// Minimal `generateContent` wire types, checked by type tests against `@google/genai`'s `Content`.

/** The call inside a `functionCall` part; ids are optional. */
export interface GeminiFunctionCall {
  readonly name: string;
  readonly args?: Record<string, unknown>;
  readonly id?: string;
}

/** Media beside a function response (Gemini 3): inline bytes or a file URI. */
export interface GeminiFunctionResponsePart {
  readonly inlineData?: {
    readonly mimeType?: string;
    readonly data: string;
    readonly displayName?: string;
  };
  readonly fileData?: {
    readonly mimeType?: string;
    readonly fileUri: string;
    readonly displayName?: string;
  };
}

/** The result inside a `functionResponse` part. */
export interface GeminiFunctionResponse {
  readonly name: string;
  readonly response: Record<string, unknown>;
  readonly id?: string;
  readonly parts?: GeminiFunctionResponsePart[];
}

/** One part of a content; other kinds pass through. */
export interface GeminiPart {
  readonly text?: string;
  readonly functionCall?: GeminiFunctionCall;
  readonly functionResponse?: GeminiFunctionResponse;
  readonly thoughtSignature?: string;
  readonly [key: string]: unknown;
}

/** One turn of `contents`. */
export interface GeminiContent {
  readonly role?: 'user' | 'model';
  readonly parts: GeminiPart[];
  readonly [key: string]: unknown;
}

/** The request's `systemInstruction`. */
export interface GeminiSystemInstruction {
  readonly parts: GeminiPart[];
}
