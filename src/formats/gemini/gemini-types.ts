// Minimal Gemini `generateContent` wire types: what tool-call history needs, the rest kept through
// index signatures. Type tests check them against `@google/genai`'s `Content`.

/** The call inside a `functionCall` part. Gemini ids are optional (the Developer API may send one). */
export interface GeminiFunctionCall {
  readonly name: string;
  /** The arguments, as a JSON object. */
  readonly args?: Record<string, unknown>;
  readonly id?: string;
}

/** The result inside a `functionResponse` part; `name` matches the call's. */
export interface GeminiFunctionResponse {
  readonly name: string;
  readonly response: Record<string, unknown>;
  readonly id?: string;
}

/** One part of a content: text, a function call, a function response, or anything else (passed through). */
export interface GeminiPart {
  readonly text?: string;
  readonly functionCall?: GeminiFunctionCall;
  readonly functionResponse?: GeminiFunctionResponse;
  /** Gemini 3 thought signatures, to be sent back unchanged. */
  readonly thoughtSignature?: string;
  readonly [key: string]: unknown;
}

/** One turn of `contents`: `model` turns hold calls, `user` turns hold function responses. */
export interface GeminiContent {
  readonly role?: 'user' | 'model';
  readonly parts: GeminiPart[];
  readonly [key: string]: unknown;
}

/** The request's `systemInstruction`: the system prompt as text parts. */
export interface GeminiSystemInstruction {
  readonly parts: GeminiPart[];
}
