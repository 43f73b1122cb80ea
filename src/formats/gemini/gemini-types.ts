// Minimal `generateContent` wire types, checked by type tests against `@google/genai`'s `Content`.

/** Media beside a function response (Gemini 3): inline bytes or a file URI. */
type ResponseMedia<Key extends string> = Readonly<
  Record<Key, string> & { mimeType?: string; displayName?: string }
>;

/** One part of a content: text, a call (ids optional), a response; other kinds pass through. */
export interface GeminiPart {
  readonly text?: string;
  readonly functionCall?: Readonly<{ name: string; args?: Record<string, unknown>; id?: string }>;
  readonly functionResponse?: Readonly<{
    name: string;
    response: Record<string, unknown>;
    id?: string;
    parts?: { inlineData?: ResponseMedia<'data'>; fileData?: ResponseMedia<'fileUri'> }[];
  }>;
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
