// Gemini 3 multimodal function responses: `functionResponse.parts` holds media (`inlineData`,
// `fileData`) beside the JSON `response` (https://ai.google.dev/gemini-api/docs/function-calling#multimodal).
import type { MediaPart, ToolResult } from '../../core/history.js';
import { isObject, type JsonObject } from '../../core/input-guards.js';
import { deepEqual } from '../../core/json-text.js';
import { extrasOf } from '../shared/conversion-context.js';
import { camelCaseGeminiPart } from './gemini-rules.js';
import { readPieces } from '../anthropic/read-blocks.js';
import type { ResultPieces } from '../anthropic/write-blocks.js';

const MEDIA_KEYS = new Set(['inlineData', 'fileData']);
const BLOB_KEYS = new Set(['mimeType', 'data', 'displayName']);
const FILE_KEYS = new Set(['mimeType', 'fileUri', 'displayName']);

/**
 * The media of `functionResponse.parts` as neutral pieces, or `undefined` when an item is not
 * an `inlineData` / `fileData` part this reader knows whole (then `parts` stays an extra, as read).
 */
export function readGeminiResultMedia(parts: unknown): MediaPart[] | undefined {
  if (!Array.isArray(parts)) return undefined;
  return readPieces(parts as readonly unknown[], (item) =>
    isObject(item) ? readMedia(camelCaseGeminiPart(item)) : undefined,
  );
}

function readMedia(part: JsonObject): MediaPart | undefined {
  const inline = part.inlineData;
  const file = part.fileData;
  if (isObject(inline) === isObject(file)) return undefined;
  const value = camelCaseGeminiPart((inline ?? file) as JsonObject);
  if (extrasOf(value, isObject(inline) ? BLOB_KEYS : FILE_KEYS) !== undefined) return undefined;
  const { mimeType: mediaType, displayName: filename } = value;
  const source = isObject(inline) ? (value.data ?? '') : value.fileUri;
  if (typeof source !== 'string') return undefined;
  if (mediaType !== undefined && typeof mediaType !== 'string') return undefined;
  if (filename !== undefined && typeof filename !== 'string') return undefined;
  const extras = extrasOf(part, MEDIA_KEYS);
  return {
    type: mediaType?.startsWith('image/') === true ? 'image' : 'document',
    ...(mediaType === undefined ? {} : { mediaType }),
    ...(isObject(inline) ? { data: source } : { url: source }),
    ...(filename === undefined ? {} : { filename }),
    ...(extras === undefined ? {} : { providerData: { gemini: extras } }),
  };
}

/**
 * A `functionResponse.parts` item for each media piece with data or a URL; a piece Gemini cannot
 * hold there (a provider's file id, a JSON piece beside text) is left out and named to `drop`.
 */
export function writeGeminiResultMedia(
  result: Pick<ToolResult, 'parts' | 'content'>,
  { own, drop }: ResultPieces,
): JsonObject[] {
  const written: JsonObject[] = [];
  for (const part of result.parts ?? []) {
    if (part.type === 'text') continue;
    if (part.type === 'json') {
      if (!deepEqual(part.value, result.content))
        drop('a JSON piece beside text (the response holds the text)');
      continue;
    }
    const mime = part.mediaType === undefined ? {} : { mimeType: part.mediaType };
    const name = part.filename === undefined ? {} : { displayName: part.filename };
    const extras = own(part);
    if (part.data !== undefined)
      written.push({ ...extras, inlineData: { ...mime, data: part.data, ...name } });
    else if (part.url !== undefined)
      written.push({ ...extras, fileData: { ...mime, fileUri: part.url, ...name } });
    else drop(`a ${part.type} known only by file id "${part.fileId ?? ''}"`);
  }
  return written;
}
