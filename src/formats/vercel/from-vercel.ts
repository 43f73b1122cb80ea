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
import { parseArgumentsText, parseArgumentsValue } from '../shared/arguments-text.js';
import {
  extrasOf,
  invalidInput,
  isRecord,
  requireArray,
  requireRecord,
  requireString,
  type WireRecord,
} from '../shared/wire-guards.js';
import { ArrayAppender } from '../shared/array-appender.js';

const FORMAT = 'Vercel AI SDK';
const MESSAGE_KEYS = new Set(['role', 'content']);
const TEXT_KEYS = new Set(['type', 'text']);
const CALL_KEYS = new Set(['type', 'toolCallId', 'toolName', 'input']);
const RESULT_KEYS = new Set(['type', 'toolCallId', 'toolName', 'output']);

/**
 * Converts Vercel AI SDK (v5/v6) `ModelMessage`s to a neutral history.
 *
 * `tool-call` parts become calls (an `input` string, the AI SDK's form for invalid JSON, is kept
 * as `argumentsText`); `tool-result` parts of `tool` messages become results: `text` and `json`
 * outputs are the content, `error-text` and `error-json` the content with `isError: true`. Other
 * outputs (`content`, `execution-denied`) become their text, with the output kept whole in
 * `providerData.vercel` so it converts back verbatim. Other parts (files, reasoning,
 * provider-executed results) stay opaque; `providerOptions` and other extras go to
 * `providerData.vercel`. Never warns.
 *
 * @throws {ToolHistoryError} `invalid-input` when `messages` is not an array or a message or part
 *   does not have a `ModelMessage` shape (the error names the index and the field).
 * @example
 * const { messages: history } = fromVercel(modelMessages);
 */
export function fromVercel(messages: readonly unknown[]): ConversionResult<HistoryMessage[]> {
  requireArray(messages, FORMAT);
  const history: HistoryMessage[] = [];
  const appender = new ArrayAppender();
  for (let index = 0; index < messages.length; index++) {
    const path = `messages[${index}]`;
    const message = requireRecord(messages[index], FORMAT, path);
    const extras = extrasOf(message, MESSAGE_KEYS);
    const providerData = extras === undefined ? {} : { providerData: { vercel: extras } };
    switch (message.role) {
      case 'system':
        history.push({
          role: 'system',
          text: requireString(message.content, FORMAT, `${path}.content`),
          sourceIndex: index,
          ...providerData,
        });
        break;
      case 'user':
        history.push({
          role: 'user',
          parts: partsOf(message.content, `${path}.content`).map((part) => readPart(part)),
          sourceIndex: index,
          ...providerData,
        });
        break;
      case 'assistant':
        history.push({
          role: 'assistant',
          parts: partsOf(message.content, `${path}.content`).map((part, partIndex) =>
            part.type === 'tool-call'
              ? readCall(part, `${path}.content[${partIndex}]`)
              : readPart(part),
          ),
          sourceIndex: index,
          ...providerData,
        });
        break;
      case 'tool':
        readTool(message, index, history, appender);
        break;
      default:
        throw invalidInput(
          FORMAT,
          `${path}.role`,
          "'system', 'user', 'assistant' or 'tool'",
          message.role,
        );
    }
  }
  return { messages: history, warnings: [] };
}

function readTool(
  message: WireRecord,
  index: number,
  history: HistoryMessage[],
  appender: ArrayAppender,
): void {
  const path = `messages[${index}].content`;
  if (!Array.isArray(message.content))
    throw invalidInput(FORMAT, path, 'an array', message.content);
  const results: ToolResult[] = [];
  const others: WireRecord[] = [];
  message.content.forEach((raw: unknown, partIndex) => {
    const part = requireRecord(raw, FORMAT, `${path}[${partIndex}]`);
    if (part.type === 'tool-result') results.push(readResult(part, index, `${path}[${partIndex}]`));
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
  const merged = previous ? appender.append(previous.results, results) : results;
  const next = {
    role: 'tool' as const,
    results: merged,
    sourceIndex: previous?.sourceIndex ?? index,
    ...(data === undefined ? {} : { providerData: { vercel: data } }),
  };
  if (previous) history[history.length - 1] = next;
  else history.push(next);
}

function readResult(part: WireRecord, index: number, path: string): ToolResult {
  const output = requireRecord(part.output, FORMAT, `${path}.output`);
  const extras = extrasOf(part, RESULT_KEYS);
  const base = {
    callId: requireString(part.toolCallId, FORMAT, `${path}.toolCallId`),
    name: requireString(part.toolName, FORMAT, `${path}.toolName`),
    sourceIndex: index,
  };
  const data = extras === undefined ? {} : { providerData: { vercel: extras } };
  switch (output.type) {
    case 'text':
    case 'error-text':
      return {
        ...base,
        content: requireString(output.value, FORMAT, `${path}.output.value`),
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
    default: {
      // `content` (text and media) and `execution-denied`: their text here, the output whole in providerData.
      const text = Array.isArray(output.value)
        ? output.value
            .map((item: unknown) =>
              isRecord(item) && typeof item.text === 'string' ? item.text : '',
            )
            .join('')
        : typeof output.reason === 'string'
          ? output.reason
          : '';
      return {
        ...base,
        content: text,
        isError: output.type === 'execution-denied',
        providerData: { vercel: { ...extras, output } },
      };
    }
  }
}

function readCall(part: WireRecord, path: string): ToolCallPart {
  const extras = extrasOf(part, CALL_KEYS);
  return {
    type: 'tool-call',
    callId: requireString(part.toolCallId, FORMAT, `${path}.toolCallId`),
    name: requireString(part.toolName, FORMAT, `${path}.toolName`),
    ...(typeof part.input === 'string'
      ? parseArgumentsText(part.input)
      : parseArgumentsValue(part.input ?? {}, `${path}.input`)),
    ...(extras === undefined ? {} : { providerData: { vercel: extras } }),
  };
}

function readPart(part: WireRecord): TextPart | OpaquePart {
  if (part.type !== 'text' || typeof part.text !== 'string')
    return { type: 'opaque', format: 'vercel', value: part };
  const extras = extrasOf(part, TEXT_KEYS);
  return extras === undefined
    ? { type: 'text', text: part.text }
    : { type: 'text', text: part.text, providerData: { vercel: extras } };
}

function partsOf(content: unknown, path: string): WireRecord[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content))
    throw invalidInput(FORMAT, path, 'a string or an array of parts', content);
  return content.map((part: unknown, partIndex) =>
    requireRecord(part, FORMAT, `${path}[${partIndex}]`),
  );
}
