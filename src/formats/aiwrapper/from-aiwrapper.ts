import { assertWritableJson } from '../../core/json-text.js';
import type {
  HistoryMessage,
  JsonValue,
  OpaquePart,
  TextPart,
  ToolCallPart,
  ToolResult,
} from '../../core/history.js';
import type { ConversionResult } from '../../core/conversion-result.js';
import { parseArgumentsValue } from '../shared/arguments-text.js';
import {
  invalidInput,
  isRecord,
  requireArray,
  requireRecord,
  requireString,
  type WireRecord,
} from '../shared/wire-guards.js';
import { ArrayAppender, replaceLast } from '../shared/array-appender.js';

const FORMAT = 'aiwrapper';

/** Options of {@link fromAiwrapper}. */
export interface FromAiwrapperOptions {
  /**
   * The collection's `instructions`; when given, they become the history's first message.
   * @defaultValue no system message
   */
  readonly instructions?: string | undefined;
}

/**
 * Converts aiwrapper `LangMessage`s (plain `{ role, items, meta? }` objects, or a `LangMessages`
 * collection) to a neutral history, without importing aiwrapper.
 *
 * `tool` items become calls and the items of a `tool-results` message results (`isError:
 * false`: aiwrapper has no error flag). A message's `meta` goes to `providerData.aiwrapper`;
 * items other than text and tool items (images, reasoning) stay opaque. Never warns.
 *
 * @throws {ToolHistoryError} `invalid-input` when `messages` is not an array or a message or item
 *   does not have the aiwrapper shape (the error names the index and the field).
 * @example
 * const { messages: history } = fromAiwrapper(langMessages, { instructions: langMessages.instructions });
 */
export function fromAiwrapper(
  messages: readonly unknown[],
  options: FromAiwrapperOptions = {},
): ConversionResult<HistoryMessage[]> {
  requireArray(messages, FORMAT);
  const history: HistoryMessage[] = [];
  const appender = new ArrayAppender();
  if (options.instructions !== undefined)
    history.push({ role: 'system', text: options.instructions });
  for (let index = 0; index < messages.length; index++) {
    const path = `messages[${index}]`;
    const message = requireRecord(messages[index], FORMAT, path);
    if (!Array.isArray(message.items))
      throw invalidInput(FORMAT, `${path}.items`, 'an array', message.items);
    const items = message.items.map((item: unknown, itemIndex) =>
      requireRecord(item, FORMAT, `${path}.items[${itemIndex}]`),
    );
    const data = isRecord(message.meta)
      ? { providerData: { aiwrapper: { meta: message.meta } } }
      : {};
    switch (message.role) {
      case 'user':
        history.push({ role: 'user', parts: items.map(readPart), sourceIndex: index, ...data });
        break;
      case 'assistant':
        history.push({
          role: 'assistant',
          parts: items.map((item, itemIndex) =>
            item.type === 'tool' ? readCall(item, `${path}.items[${itemIndex}]`) : readPart(item),
          ),
          sourceIndex: index,
          ...data,
        });
        break;
      case 'tool-results': {
        const results = items.map((item, itemIndex) =>
          readResult(item, index, `${path}.items[${itemIndex}]`),
        );
        const last = history.at(-1);
        if (last?.role === 'tool' && Object.keys(data).length === 0)
          replaceLast(history, last, 'results', appender.append(last.results, results));
        else history.push({ role: 'tool', results, sourceIndex: index, ...data });
        break;
      }
      default:
        throw invalidInput(
          FORMAT,
          `${path}.role`,
          "'user', 'assistant' or 'tool-results'",
          message.role,
        );
    }
  }
  return { messages: history, warnings: [] };
}

function readPart(item: WireRecord): TextPart | OpaquePart {
  return item.type === 'text' && typeof item.text === 'string'
    ? { type: 'text', text: item.text }
    : { type: 'opaque', format: 'aiwrapper', value: item };
}

function readCall(item: WireRecord, path: string): ToolCallPart {
  return {
    type: 'tool-call',
    callId: requireString(item.callId, FORMAT, `${path}.callId`),
    name: requireString(item.name, FORMAT, `${path}.name`),
    ...parseArgumentsValue(item.arguments ?? {}, `${path}.arguments`),
  };
}

function readResult(item: WireRecord, index: number, path: string): ToolResult {
  if (item.type !== 'tool-result')
    throw invalidInput(FORMAT, `${path}.type`, "'tool-result'", item.type);
  assertWritableJson(item.result, `${path}.result`);
  return {
    callId: requireString(item.callId, FORMAT, `${path}.callId`),
    name: requireString(item.name, FORMAT, `${path}.name`),
    // aiwrapper results are whatever the tool returned; `undefined` has no JSON form.
    content: (item.result ?? null) as JsonValue,
    isError: false,
    sourceIndex: index,
  };
}
