// The pieces of a tool result that carry images and documents (Chat `image_url` / `file`,
// Responses `input_image` / `input_file`, the AI SDK's `content` output), read and written
// through one table per format.
import type { MessageFormat } from '../../core/format.js';
import {
  dataUrlOf,
  lostMedia,
  parseDataUrl,
  type MediaPart,
  type ResultPart,
  type TextPart,
} from '../../core/history.js';
import { isObject, type JsonObject } from '../../core/input-guards.js';
import { extrasOf, withOwnData } from './conversion-context.js';

/**
 * The wire key of each medium field a piece type holds. `dataUrl`: the bytes as a `data:` URL;
 * `link`: a URL that is the bytes when it is a `data:` URL; `data` goes with `mediaType`.
 */
type PieceKeys = Partial<
  Record<'dataUrl' | 'link' | 'data' | 'mediaType' | 'url' | 'fileId' | 'filename', string>
>;

/** One piece type that carries an image or a document. */
export interface MediaPieceType {
  readonly type: string;
  /** `'any'`: an image when its media type is `image/*`, else a document (read only). */
  readonly holds: MediaPart['type'] | 'any';
  /** The object inside the piece that holds the fields (Chat `image_url`, `file`). */
  readonly inside?: string | undefined;
  readonly keys: PieceKeys;
}

/** A format's result pieces: its text piece type, and its media types in the writer's order. */
export interface MediaPieceTable {
  readonly format: MessageFormat;
  readonly text: string;
  readonly media: readonly MediaPieceType[];
}

/**
 * A tool result's array of pieces; `undefined` unless every piece reads and one is an image or a
 * document (text alone is the format's plain content). A piece's other fields are its extras.
 */
export function readMediaPieces(value: unknown, table: MediaPieceTable): ResultPart[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const parts: ResultPart[] = [];
  for (const piece of value as unknown[]) {
    const part = isObject(piece) ? readPiece(piece, table) : undefined;
    if (part === undefined) return undefined;
    parts.push(part);
  }
  return parts.some((part) => part.type !== 'text') ? parts : undefined;
}

function readPiece(piece: JsonObject, table: MediaPieceTable): ResultPart | undefined {
  if (piece.type === table.text) {
    if (typeof piece.text !== 'string') return undefined;
    const extras = extrasOf(piece, new Set(['type', 'text']));
    const part: TextPart = { type: 'text', text: piece.text };
    return withOwnData(part, table.format, extras);
  }
  const spec = table.media.find((entry) => entry.type === piece.type);
  const holder = spec?.inside === undefined ? piece : piece[spec.inside];
  if (spec === undefined || !isObject(holder)) return undefined;
  const fields: Partial<Record<keyof PieceKeys, string>> = {};
  for (const [field, key] of Object.entries(spec.keys) as [keyof PieceKeys, string][]) {
    const value = holder[key];
    if (typeof value === 'string') fields[field] = value;
    else if (value !== undefined && value !== null) return undefined;
  }
  const { dataUrl, link, data, mediaType, url, fileId, filename } = fields;
  const inline = dataUrl === undefined ? undefined : parseDataUrl(dataUrl);
  const linked = link === undefined ? undefined : (parseDataUrl(link) ?? { url: link });
  const source = inline ?? linked ?? (data === undefined ? undefined : { data });
  // What a part cannot say back as read: bytes that are not a data URL or have no media type, a
  // data URL as a plain URL, bytes and a URL at once, no source at all, fields inside it unknown.
  if (dataUrl !== undefined && inline === undefined) return undefined;
  if (data !== undefined && mediaType === undefined) return undefined;
  if (url !== undefined && (parseDataUrl(url) !== undefined || source !== undefined))
    return undefined;
  if (source === undefined && url === undefined && fileId === undefined) return undefined;
  const keys = new Set(Object.values(spec.keys));
  if (spec.inside !== undefined && extrasOf(holder, keys) !== undefined) return undefined;
  const type =
    spec.holds !== 'any' ? spec.holds : mediaType?.startsWith('image/') ? 'image' : 'document';
  const part: MediaPart = {
    type,
    ...(mediaType !== undefined && { mediaType }),
    ...source,
    ...(url !== undefined && { url }),
    ...(fileId !== undefined && { fileId }),
    ...(filename !== undefined && { filename }),
  };
  const known = spec.inside === undefined ? keys : new Set([spec.inside]);
  return withOwnData(part, table.format, extrasOf(piece, known.add('type')));
}

/**
 * Result parts as a format's pieces (a JSON part as its text), each with the extras `ownOf`
 * gives; and what of each medium the pieces do not hold, as phrases for a warning (a medium with
 * no piece type for its source is left out).
 */
export function writeMediaPieces(
  parts: readonly ResultPart[],
  table: MediaPieceTable,
  ownOf: (part: TextPart | MediaPart) => Readonly<Record<string, unknown>> | undefined = () =>
    undefined,
): { readonly pieces: JsonObject[]; readonly lost: readonly string[] } {
  const pieces: JsonObject[] = [];
  const lost: string[] = [];
  for (const part of parts) {
    if (part.type === 'json') pieces.push({ type: table.text, text: JSON.stringify(part.value) });
    else if (part.type === 'text')
      pieces.push({ ...ownOf(part), type: table.text, text: part.text });
    else {
      const piece = writePiece(part, table, ownOf(part));
      if (piece !== undefined) pieces.push(piece);
      const phrase = lostMedia(part, piece && readPiece(piece, table));
      if (phrase !== undefined) lost.push(phrase);
    }
  }
  return { pieces, lost };
}

function writePiece(
  part: MediaPart,
  table: MediaPieceTable,
  extras: Readonly<Record<string, unknown>> | undefined,
): JsonObject | undefined {
  // One source per piece: the bytes, else the URL, else the file id.
  const source = part.data !== undefined ? 'data' : part.url !== undefined ? 'url' : 'fileId';
  const spec = table.media.find(({ holds, keys }) => {
    if (holds !== part.type) return false;
    if (source === 'data') return (keys.dataUrl ?? keys.link ?? keys.data) !== undefined;
    return (source === 'url' ? (keys.url ?? keys.link) : keys.fileId) !== undefined;
  });
  if (spec === undefined) return undefined;
  const { dataUrl, link, data, mediaType, url, fileId, filename } = spec.keys;
  const inline = source === 'data' ? dataUrlOf(part) : undefined;
  const bytes = source === 'data' ? part.data : undefined;
  const written: [string | undefined, string | undefined][] = [
    [dataUrl, inline],
    [link, inline ?? part.url],
    [data, bytes],
    [mediaType, part.mediaType ?? (bytes === undefined ? undefined : '')],
    [url, source === 'url' ? part.url : undefined],
    [fileId, part.fileId],
    [filename, part.filename],
  ];
  const fields = Object.fromEntries(
    written.filter((entry): entry is [string, string] => entry.every((item) => item !== undefined)),
  );
  return spec.inside === undefined
    ? { ...extras, type: spec.type, ...fields }
    : { ...extras, type: spec.type, [spec.inside]: fields };
}
