import { argumentsObject, fragments, randomId } from '../shared/scripted-reply.js';
import type { ResolvedReply } from '../shared/scripted-reply.js';
import { requiresThoughtSignatures } from './thought-signature.js';

/** What every chunk of one Gemini reply shares. */
export interface GeminiEnvelope {
  /** `responseId`, e.g. `9h0kaKH5Ht3Xz7IPzPe6kAk`. */
  readonly id: string;
  /** `modelVersion`: the model named in the path. */
  readonly model: string;
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A fresh Gemini `responseId`: 22 URL-safe base64 characters. */
export function newGeminiResponseId(): string {
  return randomId('', 22, BASE64URL);
}

/**
 * A `GenerateContentResponse` with the whole reply: `candidates[0].content.parts` holds a `text`
 * part (when there is text) and one `functionCall` part per call, with `args` as an object; for a
 * Gemini 3 model the first call part carries a `thoughtSignature`.
 * `finishReason` is `STOP` for function calls too, as Gemini sends it.
 */
export function toGeminiResponse(
  reply: ResolvedReply,
  envelope: GeminiEnvelope,
): Record<string, unknown> {
  const text = reply.text ?? (reply.toolCalls.length === 0 ? '' : undefined);
  const parts: Record<string, unknown>[] = text === undefined ? [] : [{ text }];
  reply.toolCalls.forEach((call, position) =>
    parts.push(functionCallPart(call, position === 0 ? signatureFor(envelope) : undefined)),
  );
  return chunk(parts, envelope, true);
}

/**
 * The `GenerateContentResponse` chunks Gemini streams for a reply: text in several chunks, each
 * function call whole in a chunk of its own (Gemini never splits `args`), `finishReason` on the
 * last chunk.
 */
export function toGeminiChunks(
  reply: ResolvedReply,
  envelope: GeminiEnvelope,
): Record<string, unknown>[] {
  const partsPerChunk: Record<string, unknown>[][] = [];
  const text = reply.text ?? (reply.toolCalls.length === 0 ? '' : undefined);
  if (text !== undefined) {
    const pieces = fragments(text);
    for (const piece of pieces.length === 0 ? [''] : pieces) partsPerChunk.push([{ text: piece }]);
  }
  reply.toolCalls.forEach((call, position) =>
    partsPerChunk.push([
      functionCallPart(call, position === 0 ? signatureFor(envelope) : undefined),
    ]),
  );
  return partsPerChunk.map((parts, index) =>
    chunk(parts, envelope, index === partsPerChunk.length - 1),
  );
}

function functionCallPart(
  call: ResolvedReply['toolCalls'][number],
  thoughtSignature: string | undefined,
): Record<string, unknown> {
  // The Gemini Developer API sends no call ids; a scripted id is passed on as `functionCall.id`
  // (the field Vertex AI and newer models fill) so scripts can test clients that read it.
  const functionCall: Record<string, unknown> = { name: call.name, args: argumentsObject(call) };
  if (call.idGiven) functionCall.id = call.id;
  return thoughtSignature === undefined ? { functionCall } : { functionCall, thoughtSignature };
}

/**
 * Gemini 3 signs the first call part of every reply with calls (and refuses the next request
 * without it, see `requiresThoughtSignatures`); the local server sends an opaque base64 stand-in.
 */
function signatureFor(envelope: GeminiEnvelope): string | undefined {
  return requiresThoughtSignatures(envelope.model)
    ? `c3RyaWN0LXNlcnZlcjo${randomId('', 24, BASE64URL)}`
    : undefined;
}

function chunk(
  parts: readonly Record<string, unknown>[],
  envelope: GeminiEnvelope,
  last: boolean,
): Record<string, unknown> {
  const candidate: Record<string, unknown> = { content: { parts, role: 'model' } };
  if (last) candidate.finishReason = 'STOP';
  candidate.index = 0;
  return {
    candidates: [candidate],
    usageMetadata: { promptTokenCount: 0, candidatesTokenCount: 0, totalTokenCount: 0 },
    modelVersion: envelope.model,
    responseId: envelope.id,
  };
}
