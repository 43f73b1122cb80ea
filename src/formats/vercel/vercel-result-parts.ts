// A tool result's `content` output (AI SDK v5/v6: text, media, file and image pieces) as result
// parts, and back.
import { lostMedia, type MediaPart, type ResultPart } from '../../core/history.js';
import { readMediaPieces, textPiece } from '../shared/conversion-context.js';
import type { VercelContentPiece } from './vercel-types.js';

type ContentPiece = Readonly<Record<string, unknown>>;

const string = (piece: ContentPiece, key: string): string | undefined =>
  typeof piece[key] === 'string' ? piece[key] : undefined;

/** The parts of a `content` output's value; `undefined` when it holds no image or file it can read. */
export function readContentParts(value: unknown): ResultPart[] | undefined {
  return readMediaPieces(value, (piece) => textPiece(piece) ?? readMedia(piece));
}

function readMedia(piece: ContentPiece): MediaPart | undefined {
  const data = string(piece, 'data');
  const mediaType = string(piece, 'mediaType');
  const url = string(piece, 'url');
  const fileId = string(piece, 'fileId');
  const filename = string(piece, 'filename');
  switch (piece.type) {
    case 'media':
      return data === undefined || mediaType === undefined
        ? undefined
        : { type: mediaType.startsWith('image/') ? 'image' : 'document', mediaType, data };
    case 'image-data':
      return data === undefined || mediaType === undefined
        ? undefined
        : { type: 'image', mediaType, data };
    case 'image-url':
      return url === undefined ? undefined : { type: 'image', url };
    case 'image-file-id':
      return fileId === undefined ? undefined : { type: 'image', fileId };
    case 'file-data':
      return data === undefined || mediaType === undefined
        ? undefined
        : { type: 'document', mediaType, data, ...(filename !== undefined && { filename }) };
    case 'file-url':
      return url === undefined
        ? undefined
        : { type: 'document', url, ...(mediaType !== undefined && { mediaType }) };
    case 'file-id':
      return fileId === undefined ? undefined : { type: 'document', fileId };
    default:
      return undefined;
  }
}

/**
 * Result parts as a `content` output's value (a JSON piece as its text), and what of each medium
 * the output cannot hold (what reading the written piece back does not give).
 */
export function writeContentParts(parts: readonly ResultPart[]): {
  readonly value: VercelContentPiece[];
  readonly dropped: readonly string[];
} {
  const value: VercelContentPiece[] = [];
  const dropped: string[] = [];
  for (const part of parts) {
    if (part.type === 'text') value.push({ type: 'text', text: part.text });
    else if (part.type === 'json') value.push({ type: 'text', text: JSON.stringify(part.value) });
    else {
      const piece = writeMedia(part);
      if (piece !== undefined) value.push(piece);
      const lost = lostMedia(part, piece === undefined ? undefined : readMedia(piece));
      if (lost !== undefined) dropped.push(lost);
    }
  }
  return { value, dropped };
}

function writeMedia(part: MediaPart): VercelContentPiece | undefined {
  const { mediaType, data, url, fileId, filename } = part;
  if (part.type === 'image') {
    if (data !== undefined) return { type: 'image-data', data, mediaType: mediaType ?? '' };
    if (url !== undefined) return { type: 'image-url', url };
    return fileId === undefined ? undefined : { type: 'image-file-id', fileId };
  }
  if (data !== undefined)
    return {
      type: 'file-data',
      data,
      mediaType: mediaType ?? '',
      ...(filename !== undefined && { filename }),
    };
  if (url !== undefined)
    return { type: 'file-url', url, ...(mediaType !== undefined && { mediaType }) };
  return fileId === undefined ? undefined : { type: 'file-id', fileId };
}
