import { lostMedia, type JsonValue, type MediaPart, type ResultPart } from '../../core/history.js';
import { isObject, type JsonObject } from '../../core/input-guards.js';
import type { ResultPieces } from '../anthropic/write-blocks.js';
import { readPieces } from '../anthropic/read-blocks.js';
import type { BedrockToolResultContentBlock } from './bedrock-types.js';

// `toolResult.content` blocks <-> result pieces: `text`, `json`, and `image` / `document` whose
// source is base64 `bytes` (a string on the JSON wire) or an `s3Location`
// (https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolResultContentBlock.html).

const IMAGE_FORMATS = new Set(['png', 'jpeg', 'gif', 'webp']);
const DOCUMENT_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  csv: 'text/csv',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  html: 'text/html',
  txt: 'text/plain',
  md: 'text/markdown',
};
const DOCUMENT_FORMATS = new Map(
  Object.entries(DOCUMENT_TYPES).map(([key, value]) => [value, key]),
);

function mediaOf(kind: 'image' | 'document', value: unknown): MediaPart | undefined {
  if (!isObject(value) || typeof value.format !== 'string' || !isObject(value.source))
    return undefined;
  const { format, source, name, ...rest } = value;
  const mediaType = kind === 'image' ? `image/${format}` : DOCUMENT_TYPES[format];
  if (mediaType === undefined || Object.keys(rest).length > 0) return undefined;
  if (kind === 'document' && typeof name !== 'string') return undefined;
  const part = { type: kind, mediaType, ...(typeof name === 'string' ? { filename: name } : {}) };
  const location = source.s3Location;
  if (typeof source.bytes === 'string' && Object.keys(source).length === 1)
    return { ...part, data: source.bytes };
  if (isObject(location) && typeof location.uri === 'string' && Object.keys(source).length === 1) {
    const { uri, ...owner } = location;
    return {
      ...part,
      url: uri,
      ...(Object.keys(owner).length === 0 ? {} : { providerData: { bedrock: owner } }),
    };
  }
  return undefined;
}

/**
 * The pieces of a `toolResult.content` that holds an image or a document, or `undefined` when it
 * holds none, or a block the pieces cannot hold (raw `bytes`, video: it is then kept whole).
 */
export function readBedrockParts(content: readonly JsonObject[]): ResultPart[] | undefined {
  return readPieces(content, (block): ResultPart | undefined => {
    const [key, ...others] = Object.keys(block);
    if (others.length > 0) return undefined;
    if (key === 'text' && typeof block.text === 'string') return { type: 'text', text: block.text };
    if (key === 'json' && isObject(block.json))
      return { type: 'json', value: block.json as JsonValue };
    return key === 'image' || key === 'document' ? mediaOf(key, block[key]) : undefined;
  });
}

/** `toolResult.content` for `parts`; a piece Bedrock cannot take is left out and named to `drop`. */
export function writeBedrockParts(
  parts: readonly ResultPart[],
  { own, drop }: ResultPieces,
): BedrockToolResultContentBlock[] {
  const blocks: BedrockToolResultContentBlock[] = [];
  parts.forEach((part, position) => {
    if (part.type === 'text') blocks.push({ text: part.text });
    else if (part.type === 'json')
      blocks.push(
        isObject(part.value) ? { json: part.value } : { text: JSON.stringify(part.value) },
      );
    else {
      const subtype =
        part.mediaType?.startsWith('image/') === true ? part.mediaType.slice(6) : undefined;
      const format = part.type === 'image' ? subtype : DOCUMENT_FORMATS.get(part.mediaType ?? '');
      const source =
        part.data !== undefined
          ? { bytes: part.data }
          : part.url?.startsWith('s3://') === true
            ? { s3Location: { ...own(part), uri: part.url } }
            : undefined;
      if (
        source === undefined ||
        format === undefined ||
        (part.type === 'image' && !IMAGE_FORMATS.has(format))
      ) {
        drop(
          `piece ${position} (${part.type}${part.mediaType === undefined ? '' : `, ${part.mediaType}`}): Bedrock takes PNG, JPEG, GIF or WebP images and PDF, CSV, Word, Excel, HTML, text or Markdown documents, as bytes or an s3:// location`,
        );
        return;
      }
      const name = documentName(part.filename, position);
      const inner = part.type === 'image' ? { format, source } : { format, name, source };
      blocks.push(part.type === 'image' ? { image: inner } : { document: inner });
      // Bedrock's document name is required and reduced to the characters it allows.
      const lost = lostMedia(part, mediaOf(part.type, inner));
      if (lost !== undefined) drop(lost);
    }
  });
  return blocks;
}

/** Bedrock's document names allow letters, digits, single spaces, hyphens, parentheses and brackets. */
function documentName(filename: string | undefined, position: number): string {
  const name = (filename ?? '')
    .replace(/[^a-zA-Z0-9\s\-()[\]]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
  return name === '' ? `document-${String(position)}` : name;
}

/** `toolResult.content` for a result without pieces: its text, or a JSON object as `json`. */
export function bedrockResultContent(content: JsonValue): BedrockToolResultContentBlock[] {
  if (typeof content === 'string') return content === '' ? [] : [{ text: content }];
  return isObject(content) ? [{ json: content }] : [{ text: JSON.stringify(content) }];
}
