// Gemini 3 multimodal function responses: `functionResponse.parts` holds media (`inlineData`,
// `fileData`) beside the JSON `response` (https://ai.google.dev/gemini-api/docs/function-calling#multimodal).
import type { ConversionWarning, MediaPart, ResultPart, ToolHistory } from '../../core/history.js';
import { isObject, type JsonObject } from '../../core/input-guards.js';
import { deepEqual } from '../../core/json-text.js';
import { extrasOf } from '../shared/conversion-context.js';
import { camelCaseGeminiPart } from './gemini-rules.js';
import { readPieces } from '../anthropic/read-blocks.js';

const MEDIA_KEYS = new Set(['inlineData', 'fileData']);
const BLOB_KEYS = new Set(['mimeType', 'mime_type', 'data', 'displayName', 'display_name']);
const FILE_KEYS = new Set([
  'mimeType',
  'mime_type',
  'fileUri',
  'file_uri',
  'displayName',
  'display_name',
]);

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
  const value = (inline ?? file) as JsonObject;
  if (extrasOf(value, isObject(inline) ? BLOB_KEYS : FILE_KEYS) !== undefined) return undefined;
  const mediaType = value.mimeType ?? value.mime_type;
  const source = isObject(inline) ? (value.data ?? '') : (value.fileUri ?? value.file_uri);
  const filename = value.displayName ?? value.display_name;
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

/** A `functionResponse.parts` item for each piece Gemini holds there: media with data or a URL. */
export function writeGeminiResultMedia(parts: readonly ResultPart[]): JsonObject[] {
  const written: JsonObject[] = [];
  for (const part of parts) {
    if (part.type === 'text' || part.type === 'json') continue;
    const mime = part.mediaType === undefined ? {} : { mimeType: part.mediaType };
    const name = part.filename === undefined ? {} : { displayName: part.filename };
    const extras = part.providerData?.gemini;
    if (part.data !== undefined)
      written.push({ ...extras, inlineData: { ...mime, data: part.data, ...name } });
    else if (part.url !== undefined)
      written.push({ ...extras, fileData: { ...mime, fileUri: part.url, ...name } });
  }
  return written;
}

/**
 * What {@link writeGeminiResultMedia} and the response leave out of each result with pieces: a
 * media piece with only a provider's file id, a JSON piece beside text, another format's extras.
 */
export function geminiResultLosses(history: ToolHistory): ConversionWarning[] {
  const warnings: ConversionWarning[] = [];
  history.forEach((message, messageIndex) => {
    if (message.role !== 'tool') return;
    for (const { parts, content, callId } of message.results) {
      for (const part of parts ?? []) {
        const what =
          part.type === 'json'
            ? deepEqual(part.value, content)
              ? undefined
              : 'a JSON piece beside text (the response holds the text)'
            : part.type === 'text' || part.data !== undefined || part.url !== undefined
              ? undefined
              : `a ${part.type} known only by file id "${part.fileId ?? ''}"`;
        if (what !== undefined)
          warnings.push({
            code: 'dropped-content',
            messageIndex,
            callId,
            message: `Gemini functionResponse.parts take inline data or a file URI; ${what} was left out.`,
          });
        const others = part.type === 'json' ? [] : Object.keys(part.providerData ?? {});
        for (const format of others.filter((key) => key !== 'gemini'))
          warnings.push({
            code: 'dropped-provider-data',
            messageIndex,
            callId,
            message: `gemini cannot carry ${format} extras of a result's ${part.type}; they were left out.`,
          });
      }
    }
  });
  return warnings;
}
