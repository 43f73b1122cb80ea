import { assertWritableJson } from '../../core/json-text.js';
import { extrasOf, appendAll } from '../shared/conversion-context.js';
import type {
  HistoryMessage,
  JsonValue,
  OpaquePart,
  TextPart,
  ToolCallPart,
  ToolResult,
  ConversionResult,
} from '../../core/history.js';
import { parseArgumentsText, parseArgumentsValue } from '../shared/arguments-text.js';
import { invalidField, isObject, objectAt, type JsonObject } from '../../core/input-guards.js';
import {
  assertVercelMessages,
  VERCEL_MESSAGE_SHAPE,
  vercelPartsOf,
  vercelStringAt,
  vercelToolCallIdOf,
} from './validate-vercel.js';

const MESSAGE_KEYS = new Set(['role', 'content']);
const TEXT_KEYS = new Set(['type', 'text']);
const CALL_KEYS = new Set(['type', 'toolCallId', 'toolName', 'input']);
const RESULT_KEYS = new Set(['type', 'toolCallId', 'toolName', 'output']);

/**
 * Reads Vercel AI SDK (v5/v6) `ModelMessage`s into a neutral history; never warns.
 * @throws {ToolHistoryError} `invalid-input` naming the index and field of a malformed message.
 */
export function fromVercel(messages: readonly unknown[]): ConversionResult<HistoryMessage[]> {
  assertVercelMessages(messages);
  const history: HistoryMessage[] = [];
  for (let index = 0; index < messages.length; index++) {
    const message = objectAt(messages, index, 'messages', VERCEL_MESSAGE_SHAPE);
    // Checks the role and the parts; a string content is none, read here as one text part.
    const checked = vercelPartsOf(message, index);
    const extras = extrasOf(message, MESSAGE_KEYS);
    const providerData = extras === undefined ? {} : { providerData: { vercel: extras } };
    const parts = checked ?? [{ type: 'text', text: message.content }];
    switch (message.role) {
      case 'system':
        history.push({
          role: 'system',
          text: vercelStringAt(message.content, `messages[${index}].content`),
          sourceIndex: index,
          ...providerData,
        });
        break;
      case 'user':
        history.push({
          role: 'user',
          parts: parts.map((part) => readPart(part)),
          sourceIndex: index,
          ...providerData,
        });
        break;
      case 'assistant':
        history.push({
          role: 'assistant',
          parts: parts.map((part, partIndex) =>
            part.type === 'tool-call' ? readCall(part, index, partIndex) : readPart(part),
          ),
          sourceIndex: index,
          ...providerData,
        });
        break;
      default:
        readTool(parts, message, index, history);
    }
  }
  return { messages: history, warnings: [] };
}

/** Reads a tool message, whose `parts` {@link vercelPartsOf} checked. */
function readTool(
  parts: readonly JsonObject[],
  message: JsonObject,
  index: number,
  history: HistoryMessage[],
): void {
  const results: ToolResult[] = [];
  const others: JsonObject[] = [];
  parts.forEach((part, partIndex) => {
    if (part.type === 'tool-result') results.push(readResult(part, index, partIndex));
    else others.push(part);
  });
  const extras = extrasOf(message, MESSAGE_KEYS);
  const last = history.at(-1);
  const previous = last?.role === 'tool' ? last : undefined;
  const storedParts = previous?.providerData?.vercel?.parts;
  const allOthers = [...(Array.isArray(storedParts) ? (storedParts as unknown[]) : []), ...others];
  const data =
    allOthers.length > 0 || extras !== undefined
      ? {
          ...previous?.providerData?.vercel,
          ...extras,
          ...(allOthers.length > 0 ? { parts: allOthers } : {}),
        }
      : previous?.providerData?.vercel;
  if (previous) appendAll(previous.results, results);
  const next = {
    role: 'tool' as const,
    results: previous?.results ?? results,
    sourceIndex: previous?.sourceIndex ?? index,
    ...(data === undefined ? {} : { providerData: { vercel: data } }),
  };
  if (previous) history[history.length - 1] = next;
  else history.push(next);
}

/** The text the AI SDK's providers send for an `execution-denied` output without a reason. */
const DENIED_TEXT = 'Tool execution denied.';

function readResult(part: JsonObject, index: number, partIndex: number): ToolResult {
  const path = `messages[${index}].content[${partIndex}]`;
  const output = part.output;
  if (!isObject(output)) throw invalidField(`${path}.output`, output, 'an output object');
  const extras = extrasOf(part, RESULT_KEYS);
  const base = {
    callId: vercelToolCallIdOf(part, index, partIndex),
    name: vercelStringAt(part.toolName, `${path}.toolName`),
    sourceIndex: index,
  };
  const data = extras === undefined ? {} : { providerData: { vercel: extras } };
  switch (output.type) {
    case 'text':
    case 'error-text':
      return {
        ...base,
        content: vercelStringAt(output.value, `${path}.output.value`),
        isError: output.type === 'error-text',
        ...data,
      };
    case 'json':
    case 'error-json':
      assertWritableJson(output.value, `${path}.output.value`);
      return {
        ...base,
        content: (output.value ?? null) as JsonValue,
        isError: output.type === 'error-json',
        ...data,
      };
    case 'execution-denied':
      // As the AI SDK's providers send it: the reason or their default sentence, no error flag
      // (vercel/ai packages/openai/src/chat/convert-to-openai-chat-messages.ts). The output stays
      // whole in providerData, so it converts back verbatim.
      return {
        ...base,
        content: typeof output.reason === 'string' ? output.reason : DENIED_TEXT,
        isError: false,
        providerData: { vercel: { ...extras, output } },
      };
    default: {
      // `content` (text and media): its text here, the output whole in providerData.
      const text = Array.isArray(output.value)
        ? output.value
            .map((item: unknown) =>
              isObject(item) && typeof item.text === 'string' ? item.text : '',
            )
            .join('')
        : '';
      return {
        ...base,
        content: text,
        isError: false,
        providerData: { vercel: { ...extras, output } },
      };
    }
  }
}

function readCall(part: JsonObject, index: number, partIndex: number): ToolCallPart {
  const extras = extrasOf(part, CALL_KEYS);
  return {
    type: 'tool-call',
    callId: vercelToolCallIdOf(part, index, partIndex),
    name: vercelStringAt(part.toolName, `messages[${index}].content[${partIndex}].toolName`),
    ...(typeof part.input === 'string'
      ? parseArgumentsText(part.input)
      : parseArgumentsValue(part.input ?? {}, `messages[${index}].content[${partIndex}].input`)),
    ...(extras === undefined ? {} : { providerData: { vercel: extras } }),
  };
}

function readPart(part: JsonObject): TextPart | OpaquePart {
  if (part.type !== 'text' || typeof part.text !== 'string')
    return { type: 'opaque', format: 'vercel', value: part };
  const extras = extrasOf(part, TEXT_KEYS);
  return extras === undefined
    ? { type: 'text', text: part.text }
    : { type: 'text', text: part.text, providerData: { vercel: extras } };
}
