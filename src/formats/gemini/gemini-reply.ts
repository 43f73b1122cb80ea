import { argumentsObject, fragments, randomId } from '../shared/scripted-reply.js';
import type { ResolvedReply } from '../shared/scripted-reply.js';

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
 * part (when there is text) and one `functionCall` part per call, with `args` as an object.
 * `finishReason` is `STOP` for function calls too, as Gemini sends it.
 */
export function toGeminiResponse(
  reply: ResolvedReply,
  envelope: GeminiEnvelope,
): Record<string, unknown> {
  const text = reply.text ?? (reply.toolCalls.length === 0 ? '' : undefined);
  const parts: Record<string, unknown>[] = text === undefined ? [] : [{ text }];
  for (const call of reply.toolCalls) parts.push(functionCallPart(call));
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
  for (const call of reply.toolCalls) partsPerChunk.push([functionCallPart(call)]);
  return partsPerChunk.map((parts, index) =>
    chunk(parts, envelope, index === partsPerChunk.length - 1),
  );
}

function functionCallPart(call: ResolvedReply['toolCalls'][number]): Record<string, unknown> {
  // The Gemini Developer API sends no call ids; a scripted id is passed on as `functionCall.id`
  // (the field Vertex AI and newer models fill) so scripts can test clients that read it.
  const functionCall: Record<string, unknown> = { name: call.name, args: argumentsObject(call) };
  if (call.idGiven) functionCall.id = call.id;
  return { functionCall };
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
