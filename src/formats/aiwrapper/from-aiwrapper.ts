import { assertWritableJson } from '../../core/json-text.js';
import { contentPiece } from '../../core/history.js';
import type {
  HistoryMessage,
  JsonValue,
  OpaquePart,
  TextPart,
  ToolCallPart,
  ToolResult,
  ToolResultsMessage,
  MediaPart,
  ConversionResult,
} from '../../core/history.js';
import { parseArgumentsValue } from '../shared/arguments-text.js';
import {
  assertArray,
  invalidField,
  isObject,
  objectAt,
  stringAt,
  type JsonObject,
} from '../../core/input-guards.js';
import { neutralCallId } from '../../core/neutral-issue.js';
import { appendAll, extrasOf } from '../shared/conversion-context.js';
import { AIWRAPPER_LAYOUT, aiwrapperItemsOf } from './validate-aiwrapper.js';

/**
 * Reads aiwrapper `LangMessage`s (plain objects or a `LangMessages`) into a neutral history;
 * `instructions`, when given, become its first message.
 * @throws {ToolHistoryError} `invalid-input` naming the index and field of a malformed message.
 */
export function fromAiwrapper(
  messages: readonly unknown[],
  options: { readonly instructions?: string | undefined } = {},
): ConversionResult<HistoryMessage[]> {
  assertArray(messages, AIWRAPPER_LAYOUT.arrayShape);
  const history: HistoryMessage[] = [];
  if (options.instructions !== undefined)
    history.push({ role: 'system', text: options.instructions });
  for (let index = 0; index < messages.length; index++) {
    const message = objectAt(messages, index, 'messages', AIWRAPPER_LAYOUT.messageShape);
    const items = aiwrapperItemsOf(message, index);
    const meta = isObject(message.meta)
      ? { providerData: { aiwrapper: { meta: message.meta } } }
      : {};
    const at = { sourceIndex: index, ...meta };
    const last = history.at(-1);
    // Result images as toAiwrapper writes them go back into their results, unless more results
    // follow: then the message parts them on the wire, and repair must see it.
    const next: unknown = messages[index + 1];
    if (
      message.role === 'user' &&
      last?.role === 'tool' &&
      meta.providerData === undefined &&
      !(isObject(next) && next.role === 'tool-results') &&
      readResultImages(items, last)
    )
      continue;
    if (message.role === 'user') history.push({ role: 'user', parts: items.map(readPart), ...at });
    else if (message.role === 'assistant') {
      const parts = items.map((item, itemIndex) =>
        item.type === 'tool' ? readCall(item, index, itemIndex) : readPart(item),
      );
      history.push({ role: 'assistant', parts, ...at });
    } else {
      // 'tool-results' (aiwrapperItemsOf checked the role): joins the results message before it.
      const results = items.map((item, itemIndex) => readResult(item, index, itemIndex));
      if (last?.role === 'tool' && !isObject(message.meta)) appendAll(last.results, results);
      else history.push({ role: 'tool', results, ...at });
    }
  }
  return { messages: history, warnings: [] };
}

const IMAGE_KEYS = new Set(['type', 'base64', 'url', 'mimeType', 'metadata']);

/**
 * Puts a user message of result images (as {@link toAiwrapper} writes them: each naming its call
 * in `metadata.toolCallId`) back into the results before it; false, changing nothing, otherwise.
 */
function readResultImages(items: readonly JsonObject[], last: ToolResultsMessage): boolean {
  const images = new Map<number, MediaPart[]>();
  for (const item of items) {
    const metadata = item.metadata;
    const at = isObject(metadata)
      ? last.results.findIndex((result) => result.callId === metadata.toolCallId)
      : -1;
    const source = typeof item.base64 === 'string' ? { data: item.base64 } : { url: item.url };
    if (
      item.type !== 'image' ||
      at === -1 ||
      Object.keys(metadata as JsonObject).length !== 1 ||
      extrasOf(item, IMAGE_KEYS) !== undefined ||
      typeof (source.data ?? source.url) !== 'string' ||
      (item.mimeType !== undefined && typeof item.mimeType !== 'string')
    )
      return false;
    const mediaType = typeof item.mimeType === 'string' ? { mediaType: item.mimeType } : {};
    const image = { type: 'image', ...mediaType, ...source } as MediaPart;
    images.set(at, [...(images.get(at) ?? []), image]);
  }
  if (images.size === 0) return false;
  const results = last.results as ToolResult[];
  for (const [at, media] of images) {
    const result = results[at];
    if (result === undefined) continue;
    results[at] = {
      ...result,
      parts: [...(result.parts ?? [contentPiece(result.content)]), ...media],
    };
  }
  return true;
}

function readPart(item: JsonObject): TextPart | OpaquePart {
  return item.type === 'text' && typeof item.text === 'string'
    ? { type: 'text', text: item.text }
    : { type: 'opaque', format: 'aiwrapper', value: item };
}

function readCall(item: JsonObject, index: number, itemIndex: number): ToolCallPart {
  return {
    type: 'tool-call',
    callId: neutralCallId(item, AIWRAPPER_LAYOUT, index, itemIndex),
    name: nameOf(item, index, itemIndex),
    ...parseArgumentsValue(
      item.arguments ?? {},
      `messages[${index}].items[${itemIndex}].arguments`,
    ),
  };
}

function readResult(item: JsonObject, index: number, itemIndex: number): ToolResult {
  if (item.type !== 'tool-result')
    throw invalidField(`messages[${index}].items[${itemIndex}].type`, item.type, "'tool-result'");
  assertWritableJson(item.result, `messages[${index}].items[${itemIndex}].result`);
  return {
    callId: neutralCallId(item, AIWRAPPER_LAYOUT, index, itemIndex),
    name: nameOf(item, index, itemIndex),
    // aiwrapper results are whatever the tool returned; `undefined` has no JSON form.
    content: (item.result ?? null) as JsonValue,
    isError: item.isError === true,
    sourceIndex: index,
  };
}

function nameOf(item: JsonObject, index: number, itemIndex: number): string {
  const name = item.name;
  return typeof name === 'string'
    ? name
    : stringAt(name, `messages[${index}].items[${itemIndex}].name`);
}
