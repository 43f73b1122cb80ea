import { dataUrlOf, parseDataUrl, type MediaPart, type ResultPart } from '../../core/history.js';
import { isObject, type JsonObject } from '../../core/input-guards.js';
import { extrasOf, providerDataOf } from '../shared/conversion-context.js';
import type { OpenAIResponsesOutputContent } from './openai-responses-types.js';

// A `function_call_output` / `custom_tool_call_output` `output` array (input_text, input_image,
// input_file) as result parts, and back.
// https://platform.openai.com/docs/api-reference/responses/create#responses_create-input-input_item_list-item-function_tool_call_output-output

const TEXT_KEYS = new Set(['type', 'text']);
const IMAGE_KEYS = new Set(['type', 'image_url', 'file_id']);
const FILE_KEYS = new Set(['type', 'file_data', 'file_id', 'file_url', 'filename']);

/**
 * The parts of an output array that holds an image or a file; `undefined` when it holds neither
 * or a piece this model cannot say (the array is then kept whole by the reader).
 */
export function readResultParts(output: readonly unknown[]): ResultPart[] | undefined {
  const parts: ResultPart[] = [];
  let media = false;
  for (const piece of output) {
    const part = isObject(piece) ? readPiece(piece) : undefined;
    if (part === undefined) return undefined;
    media ||= part.type !== 'text';
    parts.push(part);
  }
  return media ? parts : undefined;
}

/** One output piece as a result part; `undefined` for a piece it cannot read. */
export function readPiece(piece: JsonObject): ResultPart | undefined {
  const own = (keys: ReadonlySet<string>): MediaPart['providerData'] =>
    providerDataOf('openai-responses', extrasOf(piece, keys));
  const string = (key: string): string | undefined =>
    typeof piece[key] === 'string' ? piece[key] : undefined;
  switch (piece.type) {
    case 'input_text': {
      const text = string('text');
      return text === undefined ? undefined : withData({ type: 'text', text }, own(TEXT_KEYS));
    }
    case 'input_image':
      return media('image', string('image_url'), string('file_id'), undefined, own(IMAGE_KEYS));
    case 'input_file': {
      const fileData = string('file_data');
      const fileUrl = string('file_url');
      // Both, or a `file_data` that is not a data URL: the array is kept whole.
      if (fileData !== undefined && (fileUrl !== undefined || parseDataUrl(fileData) === undefined))
        return undefined;
      if (fileUrl !== undefined && parseDataUrl(fileUrl) !== undefined) return undefined;
      const url = fileData ?? fileUrl;
      return media('document', url, string('file_id'), string('filename'), own(FILE_KEYS));
    }
    default:
      return undefined;
  }
}

function media(
  type: MediaPart['type'],
  url: string | undefined,
  fileId: string | undefined,
  filename: string | undefined,
  providerData: MediaPart['providerData'],
): MediaPart {
  const source = url === undefined ? {} : (parseDataUrl(url) ?? { url });
  const ids = fileId === undefined ? {} : { fileId };
  const name = filename === undefined ? {} : { filename };
  return withData({ type, ...source, ...ids, ...name }, providerData);
}

function withData<T extends ResultPart>(part: T, providerData: MediaPart['providerData']): T {
  return providerData === undefined ? part : { ...part, providerData };
}

/** Result parts as an output array; a JSON piece is sent as its text. */
export function writeResultParts(
  parts: readonly ResultPart[],
  own: (part: ResultPart) => Readonly<Record<string, unknown>> | undefined,
): OpenAIResponsesOutputContent[] {
  return parts.map((part): OpenAIResponsesOutputContent => {
    if (part.type === 'json') return { type: 'input_text', text: JSON.stringify(part.value) };
    const extras = own(part);
    if (part.type === 'text') return { ...extras, type: 'input_text', text: part.text };
    const dataUrl = dataUrlOf(part) ?? part.url;
    const fileId = part.fileId === undefined ? {} : { file_id: part.fileId };
    if (part.type === 'image') {
      const image = dataUrl === undefined ? {} : { image_url: dataUrl };
      return { ...extras, type: 'input_image', ...fileId, ...image };
    }
    const source =
      part.data !== undefined
        ? { file_data: dataUrl ?? '' }
        : part.url === undefined
          ? {}
          : { file_url: part.url };
    const name = part.filename === undefined ? {} : { filename: part.filename };
    return { ...extras, type: 'input_file', ...fileId, ...source, ...name };
  });
}
