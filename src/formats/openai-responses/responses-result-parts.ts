import { dataUrlOf, parseDataUrl, type MediaPart, type ResultPart } from '../../core/history.js';
import type { JsonObject } from '../../core/input-guards.js';
import { extrasOf, withOwnData } from '../shared/conversion-context.js';
import type { OpenAIResponsesOutputContent } from './openai-responses-types.js';

// A `function_call_output` / `custom_tool_call_output` `output` array (input_text, input_image,
// input_file) as result parts, and back.
// https://platform.openai.com/docs/api-reference/responses/create#responses_create-input-input_item_list-item-function_tool_call_output-output

// The fields each piece type has; others stay as the part's extras.
const KNOWN_KEYS: ReadonlyMap<unknown, ReadonlySet<string>> = new Map([
  ['input_text', new Set(['type', 'text'])],
  ['input_image', new Set(['type', 'image_url', 'file_id'])],
  ['input_file', new Set(['type', 'file_data', 'file_id', 'file_url', 'filename'])],
]);

/** One output piece as a result part; `undefined` for a piece it cannot read. */
export function readPiece(piece: JsonObject): ResultPart | undefined {
  const string = (key: string): string | undefined =>
    typeof piece[key] === 'string' ? piece[key] : undefined;
  const [text, fileData, fileUrl, fileId] = ['text', 'file_data', 'file_url', 'file_id'].map(
    string,
  );
  let part: ResultPart | undefined;
  if (piece.type === 'input_text' && text !== undefined) part = { type: 'text', text };
  else if (piece.type === 'input_image') part = media('image', string('image_url'), fileId);
  else if (piece.type === 'input_file') {
    // Both, or a `file_data` that is not a data URL: the array is kept whole.
    if (fileData !== undefined && (fileUrl !== undefined || parseDataUrl(fileData) === undefined))
      return undefined;
    if (fileUrl !== undefined && parseDataUrl(fileUrl) !== undefined) return undefined;
    const filename = string('filename');
    const named = media('document', fileData ?? fileUrl, fileId);
    part = filename === undefined ? named : { ...named, filename };
  }
  const keys = KNOWN_KEYS.get(piece.type);
  return part && keys && withOwnData(part, 'openai-responses', extrasOf(piece, keys));
}

function media(type: MediaPart['type'], url?: string, fileId?: string): MediaPart {
  const source = url === undefined ? {} : (parseDataUrl(url) ?? { url });
  return fileId === undefined ? { type, ...source } : { type, ...source, fileId };
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
