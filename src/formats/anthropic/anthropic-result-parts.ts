import { lostMedia, type MediaPart, type ResultPart } from '../../core/history.js';
import { isObject, type JsonObject } from '../../core/input-guards.js';
import { extrasOf } from '../shared/conversion-context.js';
import type { ResultPieces } from './write-blocks.js';
import { readPieces } from './read-blocks.js';
import type { AnthropicToolResultContentBlock } from './anthropic-types.js';

// `tool_result` content blocks <-> result pieces: `text`, and `image` / `document` with a
// `base64`, `url` or `file` source
// (https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use#handling-results-from-client-tools).

const TEXT_KEYS = new Set(['type', 'text']);
const MEDIA_KEYS = new Set(['type', 'source']);
const DOCUMENT_KEYS = new Set(['type', 'source', 'title']);
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/** The media piece of an `image` / `document` block, `undefined` for a source it does not map. */
function mediaOf(block: JsonObject): MediaPart | undefined {
  const { source, type } = block;
  if ((type !== 'image' && type !== 'document') || !isObject(source)) return undefined;
  const { title } = block;
  // A document's `title` is its file name.
  const named = type === 'document' && typeof title === 'string';
  const extras = extrasOf(block, named ? DOCUMENT_KEYS : MEDIA_KEYS);
  const part: Pick<MediaPart, 'type' | 'filename' | 'providerData'> = {
    type,
    ...(named && { filename: title }),
    ...(extras === undefined ? {} : { providerData: { anthropic: extras } }),
  };
  const keys = Object.keys(source).length;
  if (
    source.type === 'base64' &&
    typeof source.data === 'string' &&
    typeof source.media_type === 'string' &&
    keys === 3
  )
    return { ...part, mediaType: source.media_type, data: source.data };
  if (source.type === 'url' && typeof source.url === 'string' && keys === 2)
    return { ...part, url: source.url };
  if (source.type === 'file' && typeof source.file_id === 'string' && keys === 2)
    return { ...part, fileId: source.file_id };
  return undefined;
}

/**
 * The pieces of a `tool_result` content array that holds an image or a document, or `undefined`
 * when it holds none, or a block or source the pieces cannot hold (it is then kept whole).
 */
export function readAnthropicParts(content: readonly unknown[]): ResultPart[] | undefined {
  return readPieces(content, (block): ResultPart | undefined => {
    if (!isObject(block)) return undefined;
    if (block.type !== 'text' || typeof block.text !== 'string') return mediaOf(block);
    const extras = extrasOf(block, TEXT_KEYS);
    const providerData = extras === undefined ? {} : { providerData: { anthropic: extras } };
    return { type: 'text', text: block.text, ...providerData };
  });
}

/**
 * `tool_result` content blocks for `parts`; a JSON piece is written as its text, and a piece
 * Anthropic cannot take is left out and named to `drop`.
 */
export function writeAnthropicParts(
  parts: readonly ResultPart[],
  { own, drop }: ResultPieces,
): AnthropicToolResultContentBlock[] {
  const blocks: AnthropicToolResultContentBlock[] = [];
  parts.forEach((part, position) => {
    if (part.type === 'text' || part.type === 'json') {
      const text = part.type === 'text' ? part.text : JSON.stringify(part.value);
      blocks.push({ ...own(part), type: 'text', text });
      return;
    }
    const source =
      part.data !== undefined && part.mediaType !== undefined
        ? { type: 'base64', media_type: part.mediaType, data: part.data }
        : part.url !== undefined
          ? { type: 'url', url: part.url }
          : part.fileId === undefined
            ? undefined
            : { type: 'file', file_id: part.fileId };
    const base64 = source?.type === 'base64';
    const accepted =
      part.type === 'image'
        ? !base64 || IMAGE_TYPES.has(part.mediaType ?? '')
        : !base64 || part.mediaType === 'application/pdf';
    if (source === undefined || !accepted) {
      drop(
        `piece ${position} (${part.type}${part.mediaType === undefined ? '' : `, ${part.mediaType}`}): Anthropic takes base64 ${part.type === 'image' ? 'JPEG, PNG, GIF or WebP images' : 'PDF documents'}, URLs and file ids`,
      );
      return;
    }
    const title = part.type === 'document' &&
      part.filename !== undefined && { title: part.filename };
    const block = {
      ...own(part),
      type: part.type,
      source,
      ...title,
    } as AnthropicToolResultContentBlock;
    blocks.push(block);
    const lost = lostMedia(part, mediaOf(block));
    if (lost !== undefined) drop(lost);
  });
  return blocks;
}
