import { extrasOf } from '../shared/extras-of.js';
import type {
  AssistantMessage,
  HistoryMessage,
  OpaquePart,
  TextPart,
  ToolCallPart,
  ToolResult,
} from '../../core/history.js';
import type { ConversionResult } from '../../core/conversion-result.js';
import { parseArgumentsText, parseArgumentsValue } from '../shared/arguments-text.js';
import { CallNames } from '../shared/call-names.js';
import { providerDataOf } from '../shared/conversion-context.js';
import { invalidField, isObject, type JsonObject } from '../../core/input-guards.js';
import { appendAll } from '../shared/array-appender.js';
import {
  assertOpenAIChatMessages,
  openAIChatMessageAt,
  textOfContent,
} from './validate-openai-chat.js';

/** What differs between the formats of the Chat Completions shape (OpenAI Chat, Mistral). */
export interface ChatDialect {
  readonly format: 'openai-chat' | 'mistral';
  /** Name used in warnings. */
  readonly formatName: string;
  /** True when `tool` messages carry the tool's `name` (Mistral). */
  readonly resultName: boolean;
  /** The validator's guards, so the reader refuses a malformed array or message in its words. */
  readonly assertMessages: (messages: unknown) => asserts messages is readonly unknown[];
  readonly messageAt: (messages: readonly unknown[], index: number) => JsonObject;
}

/** The OpenAI Chat Completions dialect. */
export const OPENAI_CHAT_DIALECT: ChatDialect = {
  format: 'openai-chat',
  formatName: 'OpenAI Chat',
  resultName: false,
  assertMessages: assertOpenAIChatMessages,
  messageAt: openAIChatMessageAt,
};

const SYSTEM_KEYS = new Set(['role', 'content']);
const USER_KEYS = new Set(['role', 'content']);
const ASSISTANT_KEYS = new Set(['role', 'content', 'tool_calls']);
const CALL_KEYS = new Set(['id', 'type', 'function']);
const TEXT_PART_KEYS = new Set(['type', 'text']);
const RESULT_KEYS = new Set(['role', 'tool_call_id', 'content']);
const NAMED_RESULT_KEYS = new Set([...RESULT_KEYS, 'name']);

/**
 * Reads an OpenAI Chat Completions `messages` array into a neutral history; never warns.
 *
 * @throws {ToolHistoryError} `invalid-input` naming the index and field of a malformed message.
 */
export function fromOpenAIChat(messages: readonly unknown[]): ConversionResult<HistoryMessage[]> {
  return readChatMessages(messages, OPENAI_CHAT_DIALECT);
}

/** Reads a Chat Completions-shaped array in the given dialect (shared with Mistral). */
export function readChatMessages(
  messages: readonly unknown[],
  dialect: ChatDialect,
): ConversionResult<HistoryMessage[]> {
  dialect.assertMessages(messages);
  const history: HistoryMessage[] = [];
  const names = new CallNames('turn');
  for (let index = 0; index < messages.length; index++) {
    const path = `messages[${index}]`;
    const message = dialect.messageAt(messages, index);
    switch (message.role) {
      case 'system':
      case 'developer': {
        names.other();
        const extras = extrasOf(message, SYSTEM_KEYS);
        const data = message.role === 'developer' ? { ...extras, role: 'developer' } : extras;
        history.push(
          withData(
            {
              role: 'system',
              text: readText(message.content, `${path}.content`),
              sourceIndex: index,
            },
            dialect,
            data,
          ),
        );
        break;
      }
      case 'user':
        names.other();
        history.push(
          withData(
            {
              role: 'user',
              parts: readParts(message.content, dialect, `${path}.content`),
              sourceIndex: index,
            },
            dialect,
            extrasOf(message, USER_KEYS),
          ),
        );
        break;
      case 'assistant':
        history.push(readAssistant(message, index, dialect, names));
        break;
      case 'tool': {
        const result = readResult(message, index, dialect, names);
        const last = history.at(-1);
        if (last?.role === 'tool') appendAll(last.results, [result]);
        else history.push({ role: 'tool', results: [result], sourceIndex: index });
        break;
      }
      default:
        throw invalidField(
          `${path}.role`,
          message.role,
          "'system', 'developer', 'user', 'assistant' or 'tool'",
        );
    }
  }
  return { messages: history, warnings: [] };
}

function readAssistant(
  message: JsonObject,
  index: number,
  dialect: ChatDialect,
  names: CallNames,
): AssistantMessage {
  const path = `messages[${index}]`;
  const parts: (TextPart | ToolCallPart | OpaquePart)[] =
    message.content === null || message.content === undefined
      ? []
      : readParts(message.content, dialect, `${path}.content`);
  const toolCalls = message.tool_calls;
  if (toolCalls !== undefined && toolCalls !== null) {
    if (!Array.isArray(toolCalls))
      throw invalidField(`${path}.tool_calls`, toolCalls, 'an array of tool calls');
    if (toolCalls.length > 0) names.startTurn();
    else names.other();
    toolCalls.forEach((raw: unknown, callIndex) => {
      const call = readCall(raw, dialect, `${path}.tool_calls[${callIndex}]`);
      names.call(call.callId, call.name);
      parts.push(call);
    });
  } else {
    names.other();
  }
  return withData(
    { role: 'assistant', parts, sourceIndex: index },
    dialect,
    extrasOf(message, ASSISTANT_KEYS),
  );
}

function readCall(raw: unknown, dialect: ChatDialect, path: string): ToolCallPart {
  const call = objectField(raw, path);
  const fn = objectField(call.function, `${path}.function`);
  const name = stringField(fn.name, `${path}.function.name`);
  const parsed =
    typeof fn.arguments === 'string'
      ? parseArgumentsText(fn.arguments)
      : parseArgumentsValue(fn.arguments ?? {}, `${path}.function.arguments`);
  const extras = extrasOf(call, CALL_KEYS);
  return {
    type: 'tool-call',
    callId: stringField(call.id, `${path}.id`),
    name,
    ...parsed,
    ...(extras === undefined ? {} : { providerData: { [dialect.format]: extras } }),
  };
}

function readResult(
  message: JsonObject,
  index: number,
  dialect: ChatDialect,
  names: CallNames,
): ToolResult {
  const path = `messages[${index}]`;
  const callId = stringField(message.tool_call_id, `${path}.tool_call_id`);
  const ownName = typeof message.name === 'string' ? message.name : undefined;
  const callName = names.answer(callId);
  // Mistral tool messages carry the name, so it is read (and written) as the result's name;
  // OpenAI ones do not, so the call's name is used and a stray `name` field stays an extra.
  const name = dialect.resultName ? (ownName ?? callName ?? '') : (callName ?? ownName ?? '');
  const extras = extrasOf(message, dialect.resultName ? NAMED_RESULT_KEYS : RESULT_KEYS);
  return {
    callId,
    name,
    content: readText(message.content, `${path}.content`),
    isError: false,
    sourceIndex: index,
    ...(extras === undefined ? {} : { providerData: { [dialect.format]: extras } }),
  };
}

/** Content that must be text: a string, or an array of text parts (joined by newlines). */
function readText(content: unknown, path: string): string {
  // The validator reports the same problems (textContentIssue), so both refuse the same input.
  const text = textOfContent(content);
  if (typeof text === 'string') return text;
  const part = `${path}[${text.partIndex}]`;
  switch (text.kind) {
    case 'content':
      throw invalidField(path, content, 'a string or an array of text parts');
    case 'part':
    case 'type':
      throw invalidField(part, text.value, "a { type: 'text' } part");
    case 'text':
      throw invalidField(`${part}.text`, text.value, 'a string');
  }
}

/** User or assistant content: a string is one text part; in an array, text parts map and others stay opaque. */
function readParts(
  content: unknown,
  dialect: ChatDialect,
  path: string,
): (TextPart | OpaquePart)[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content))
    throw invalidField(path, content, 'a string or an array of content parts');
  return content.map((raw: unknown, partIndex): TextPart | OpaquePart => {
    const part = objectField(raw, `${path}[${partIndex}]`);
    if (part.type !== 'text') return { type: 'opaque', format: dialect.format, value: part };
    const text = stringField(part.text, `${path}[${partIndex}].text`);
    const extras = extrasOf(part, TEXT_PART_KEYS);
    return extras === undefined
      ? { type: 'text', text }
      : { type: 'text', text, providerData: { [dialect.format]: extras } };
  });
}

function withData<T extends HistoryMessage>(
  message: T,
  dialect: ChatDialect,
  extras: Readonly<Record<string, unknown>> | undefined,
): T {
  const providerData = providerDataOf(dialect.format, extras);
  return providerData === undefined ? message : { ...message, providerData };
}

function objectField(value: unknown, path: string): JsonObject {
  if (!isObject(value)) throw invalidField(path, value, 'an object');
  return value;
}

function stringField(value: unknown, path: string): string {
  if (typeof value !== 'string') throw invalidField(path, value, 'a string');
  return value;
}
