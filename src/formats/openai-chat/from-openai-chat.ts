import { extrasOf, CallNames, withOwnData, appendAll } from '../shared/conversion-context.js';
import type {
  AssistantMessage,
  HistoryMessage,
  OpaquePart,
  TextPart,
  ToolCallPart,
  ToolResult,
  ConversionResult,
} from '../../core/history.js';
import { contentOfParts } from '../../core/history.js';
import { CHAT_PIECES } from './chat-result-media.js';
import { readMediaPieces } from '../shared/media-pieces.js';
import { readCallPart } from '../shared/arguments-text.js';
import { invalidField, isObject, stringAt, type JsonObject } from '../../core/input-guards.js';
import {
  assertOpenAIChatMessages,
  LEGACY_CALL_ID,
  openAIChatMessageAt,
  textOfContent,
} from './validate-openai-chat.js';

/** What differs between the Chat Completions-shaped formats. */
export interface ChatDialect {
  readonly format: 'openai-chat' | 'mistral';
  /** Name used in warnings. */
  readonly formatName: string;
  /** `tool` messages carry the tool's `name` (Mistral); else the deprecated functions API is read. */
  readonly resultName: boolean;
}

/** OpenAI Chat Completions. */
export const OPENAI_CHAT_DIALECT: ChatDialect = {
  format: 'openai-chat',
  formatName: 'OpenAI Chat',
  resultName: false,
};

/** Mistral: `tool` messages carry the tool's `name`. */
export const MISTRAL_DIALECT: ChatDialect = {
  format: 'mistral',
  formatName: 'Mistral',
  resultName: true,
};

const MESSAGE_KEYS = new Set(['role', 'content']);
const ASSISTANT_KEYS = new Set(['role', 'content', 'tool_calls']);
const LEGACY_ASSISTANT_KEYS = new Set([...ASSISTANT_KEYS, 'function_call']);
const FUNCTION_KEYS = new Set(['name', 'arguments']);
const CALL_KEYS = new Set(['id', 'type', 'function']);
const CUSTOM_CALL_KEYS = new Set(['id', 'type', 'custom']);
const TEXT_PART_KEYS = new Set(['type', 'text']);
const RESULT_KEYS = new Set(['role', 'tool_call_id', 'content']);
const NAMED_RESULT_KEYS = new Set([...RESULT_KEYS, 'name']);

/** Reads Chat Completions `messages` into a neutral history; throws `invalid-input` on a malformed one. */
export function fromOpenAIChat(messages: readonly unknown[]): ConversionResult<HistoryMessage[]> {
  return readChatMessages(messages, OPENAI_CHAT_DIALECT);
}

/** Reads a Mistral `messages` array: {@link fromOpenAIChat} with the `tool` message's own `name`. */
export function fromMistral(messages: readonly unknown[]): ConversionResult<HistoryMessage[]> {
  return readChatMessages(messages, MISTRAL_DIALECT);
}

function readChatMessages(
  messages: readonly unknown[],
  dialect: ChatDialect,
): ConversionResult<HistoryMessage[]> {
  assertOpenAIChatMessages(messages);
  const history: HistoryMessage[] = [];
  const names = new CallNames('turn');
  // Ids of the open turn's custom calls, whose results are custom too.
  const custom = new Set<string>();
  const { format } = dialect;
  for (let index = 0; index < messages.length; index++) {
    const path = `messages[${index}]`;
    const message = openAIChatMessageAt(messages, index);
    const role = message.role;
    // The deprecated functions API (OpenAI only): a `function` message answers the
    // `function_call` just before it, under one made-up id.
    if (role === 'tool' || (role === 'function' && !dialect.resultName)) {
      const read = readResult(message, index, dialect, names);
      const result = custom.has(read.callId) ? { ...read, kind: 'custom' as const } : read;
      const last = history.at(-1);
      if (last?.role === 'tool') appendAll(last.results, [result]);
      else history.push({ role: 'tool', results: [result], sourceIndex: index });
      continue;
    }
    if (role === 'assistant') {
      const assistant = readAssistant(message, index, format, names);
      custom.clear();
      for (const part of assistant.parts)
        if (part.type === 'tool-call' && part.kind === 'custom') custom.add(part.callId);
      history.push(assistant);
      continue;
    }
    names.other();
    const extras = extrasOf(message, MESSAGE_KEYS);
    if (role === 'system' || role === 'developer') {
      const text = readText(message.content, `${path}.content`);
      const data = role === 'developer' ? { ...extras, role } : extras;
      history.push(withOwnData({ role: 'system', text, sourceIndex: index }, format, data));
    } else if (role === 'user') {
      const parts = readParts(message.content, format, `${path}.content`);
      history.push(withOwnData({ role: 'user', parts, sourceIndex: index }, format, extras));
    } else {
      const expected = "'system', 'developer', 'user', 'assistant', 'tool' or 'function'";
      throw invalidField(`${path}.role`, role, expected);
    }
  }
  return { messages: history, warnings: [] };
}

function readAssistant(
  message: JsonObject,
  index: number,
  format: ChatDialect['format'],
  names: CallNames,
): AssistantMessage {
  const path = `messages[${index}]`;
  const content = message.content;
  const parts: (TextPart | ToolCallPart | OpaquePart)[] =
    content === null || content === undefined ? [] : readParts(content, format, `${path}.content`);
  const toolCalls = message.tool_calls ?? [];
  if (!Array.isArray(toolCalls))
    throw invalidField(`${path}.tool_calls`, toolCalls, 'an array of tool calls');
  // Only OpenAI has the deprecated functions API; elsewhere `function_call` stays an extra.
  const legacy = format === 'openai-chat' ? message.function_call : undefined;
  if (legacy !== undefined && legacy !== null) {
    const extras = isObject(legacy) ? extrasOf(legacy, FUNCTION_KEYS) : undefined;
    parts.push(readFunction(legacy, LEGACY_CALL_ID, extras, format, `${path}.function_call`));
  }
  toolCalls.forEach((raw: unknown, callIndex) => {
    parts.push(readCall(raw, format, `${path}.tool_calls[${callIndex}]`));
  });
  const calls = parts.filter((part) => part.type === 'tool-call');
  if (calls.length > 0) names.startTurn();
  else names.other();
  for (const call of calls) names.arm(call.callId, call.name);
  const extras = extrasOf(
    message,
    format === 'openai-chat' ? LEGACY_ASSISTANT_KEYS : ASSISTANT_KEYS,
  );
  return withOwnData({ role: 'assistant', parts, sourceIndex: index }, format, extras);
}

function readCall(raw: unknown, format: ChatDialect['format'], path: string): ToolCallPart {
  const call = objectField(raw, path);
  if (call.type === 'custom') {
    // `custom: { name, input }`: free-form input, kept as the call's text.
    const custom = objectField(call.custom, `${path}.custom`);
    const name = stringAt(custom.name, `${path}.custom.name`);
    const input = stringAt(custom.input, `${path}.custom.input`);
    const callId = stringAt(call.id, `${path}.id`);
    const part = { type: 'tool-call', kind: 'custom', callId, name, arguments: {} } as const;
    const extras = extrasOf(call, CUSTOM_CALL_KEYS);
    return withOwnData({ ...part, argumentsText: input }, format, extras);
  }
  const callId = stringAt(call.id, `${path}.id`);
  return readFunction(call.function, callId, extrasOf(call, CALL_KEYS), format, `${path}.function`);
}

/** A `function: { name, arguments }` (or a legacy `function_call`) as the call `callId`. */
function readFunction(
  raw: unknown,
  callId: string,
  extras: Record<string, unknown> | undefined,
  format: ChatDialect['format'],
  path: string,
): ToolCallPart {
  const fn = objectField(raw, path);
  const name = stringAt(fn.name, `${path}.name`);
  const data = withOwnData({}, format, extras);
  return readCallPart({ callId, name, ...data }, fn.arguments, `${path}.arguments`);
}

function readResult(
  message: JsonObject,
  index: number,
  dialect: ChatDialect,
  names: CallNames,
): ToolResult {
  const path = `messages[${index}]`;
  const legacy = message.role === 'function';
  const callId = legacy ? LEGACY_CALL_ID : stringAt(message.tool_call_id, `${path}.tool_call_id`);
  const named = dialect.resultName || legacy;
  const ownName = legacy
    ? stringAt(message.name, `${path}.name`)
    : typeof message.name === 'string'
      ? message.name
      : undefined;
  const callName = names.answer(callId);
  // OpenAI tool messages have no `name`: the call's is used and a stray one stays an extra.
  const name = named ? (ownName ?? callName ?? '') : (callName ?? ownName ?? '');
  const extras = extrasOf(message, named ? NAMED_RESULT_KEYS : RESULT_KEYS);
  // Images and files, which OpenAI refuses here (the validator says so), are read, not thrown on.
  const parts =
    dialect.format === 'openai-chat' ? readMediaPieces(message.content, CHAT_PIECES) : undefined;
  const read =
    parts === undefined
      ? { content: readText(message.content, `${path}.content`) }
      : { content: contentOfParts(parts), parts };
  const result: ToolResult = { callId, name, ...read, isError: false, sourceIndex: index };
  return withOwnData(result, dialect.format, extras);
}

/** Text-only content, refused in the validator's terms. */
function readText(content: unknown, path: string): string {
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

/** Content parts: a string is one text part; parts not of `textType` stay opaque. */
export function readParts(
  content: unknown,
  format: ChatDialect['format'] | 'openai-responses',
  path: string,
  textType: 'text' | 'input_text' = 'text',
): (TextPart | OpaquePart)[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content))
    throw invalidField(path, content, 'a string or an array of content parts');
  return content.map((raw: unknown, partIndex): TextPart | OpaquePart => {
    const part = objectField(raw, `${path}[${partIndex}]`);
    if (part.type !== textType) return { type: 'opaque', format, value: part };
    const text = stringAt(part.text, `${path}[${partIndex}].text`);
    return withOwnData({ type: 'text', text }, format, extrasOf(part, TEXT_PART_KEYS));
  });
}

function objectField(value: unknown, path: string): JsonObject {
  if (!isObject(value)) throw invalidField(path, value, 'an object');
  return value;
}
