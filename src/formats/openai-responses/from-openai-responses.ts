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
import {
  assertResponsesInput,
  callIdOf,
  messageRoleOf,
  responsesItemAt,
} from './validate-openai-responses.js';
import { appendAll } from '../shared/array-appender.js';

const MESSAGE_KEYS = new Set(['type', 'role', 'content']);
const CALL_KEYS = new Set(['type', 'call_id', 'name', 'arguments']);
const OUTPUT_KEYS = new Set(['type', 'call_id', 'output']);
const TEXT_KEYS = new Set(['type', 'text']);

/**
 * Reads an OpenAI Responses `input` array into a neutral history; never warns.
 *
 * @throws {ToolHistoryError} `invalid-input` naming the index and field of a malformed message.
 */
export function fromOpenAIResponses(input: readonly unknown[]): ConversionResult<HistoryMessage[]> {
  assertResponsesInput(input);
  const history: HistoryMessage[] = [];
  const names = new CallNames('conversation');
  const assistantPart = (index: number, part: TextPart | ToolCallPart | OpaquePart): void => {
    const last = history.at(-1);
    if (last?.role === 'assistant') appendAll(last.parts, [part]);
    else
      history.push({
        role: 'assistant',
        parts: [part],
        sourceIndex: index,
      } satisfies AssistantMessage);
  };
  for (let index = 0; index < input.length; index++) {
    const item = responsesItemAt(input, index);
    switch (item.type) {
      case undefined:
      case 'message':
        readMessage(item, index, history, assistantPart);
        break;
      case 'function_call': {
        const call = readCall(item, index);
        names.call(call.callId, call.name);
        assistantPart(index, call);
        break;
      }
      case 'function_call_output': {
        const result = readOutput(item, index, names);
        const last = history.at(-1);
        if (last?.role === 'tool') appendAll(last.results, [result]);
        else history.push({ role: 'tool', results: [result], sourceIndex: index });
        break;
      }
      default:
        if (typeof item.type !== 'string')
          throw invalidField(`input[${index}].type`, item.type, 'a string');
        assistantPart(index, { type: 'opaque', format: 'openai-responses', value: item });
    }
  }
  return { messages: history, warnings: [] };
}

function readMessage(
  item: JsonObject,
  index: number,
  history: HistoryMessage[],
  assistantPart: (index: number, part: TextPart) => void,
): void {
  const path = `input[${index}]`;
  const extras = extrasOf(item, MESSAGE_KEYS);
  const role = messageRoleOf(item, index);
  switch (role) {
    case 'system':
    case 'developer': {
      const data = role === 'developer' ? { ...extras, role: 'developer' } : extras;
      const providerData = providerDataOf('openai-responses', data);
      const text = joinText(item.content, `${path}.content`);
      history.push(
        providerData === undefined
          ? { role: 'system', text, sourceIndex: index }
          : { role: 'system', text, sourceIndex: index, providerData },
      );
      return;
    }
    case 'user': {
      const providerData = providerDataOf('openai-responses', extras);
      const parts = readUserContent(item.content, `${path}.content`);
      history.push(
        providerData === undefined
          ? { role: 'user', parts, sourceIndex: index }
          : { role: 'user', parts, sourceIndex: index, providerData },
      );
      return;
    }
    case 'assistant': {
      const text = joinText(item.content, `${path}.content`);
      // The short form converts back as is; anything else (output_text parts, id, status) is kept whole.
      const plain = typeof item.content === 'string' && extras === undefined;
      assistantPart(
        index,
        plain
          ? { type: 'text', text }
          : { type: 'text', text, providerData: { 'openai-responses': { item } } },
      );
      return;
    }
    default:
      throw invalidField(`${path}.role`, role, "'system', 'developer', 'user' or 'assistant'");
  }
}

function readCall(item: JsonObject, index: number): ToolCallPart {
  const path = `input[${index}]`;
  const extras = extrasOf(item, CALL_KEYS);
  const name = item.name;
  if (typeof name !== 'string') throw invalidField(`${path}.name`, name, 'a string');
  return {
    type: 'tool-call',
    callId: callIdOf(item, index),
    name,
    ...(typeof item.arguments === 'string'
      ? parseArgumentsText(item.arguments)
      : parseArgumentsValue(item.arguments ?? {}, `${path}.arguments`)),
    ...(extras === undefined ? {} : { providerData: { 'openai-responses': extras } }),
  };
}

function readOutput(item: JsonObject, index: number, names: CallNames): ToolResult {
  const path = `input[${index}]`;
  const callId = callIdOf(item, index);
  const extras = extrasOf(item, OUTPUT_KEYS);
  // An output array (text, images, files) is kept whole so it converts back verbatim.
  const data = Array.isArray(item.output) ? { ...extras, output: item.output } : extras;
  return {
    callId,
    name: names.answer(callId) ?? '',
    content: joinText(item.output, `${path}.output`),
    isError: false,
    sourceIndex: index,
    ...(data === undefined ? {} : { providerData: { 'openai-responses': data } }),
  };
}

/** A string, or the texts of an array of content parts (other parts are skipped), joined. */
function joinText(content: unknown, path: string): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content))
    throw invalidField(path, content, 'a string or an array of content parts');
  let text = '';
  for (const part of content)
    if (isObject(part) && typeof part.text === 'string') text += part.text;
  return text;
}

function readUserContent(content: unknown, path: string): (TextPart | OpaquePart)[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content))
    throw invalidField(path, content, 'a string or an array of content parts');
  return content.map((part: unknown, partIndex): TextPart | OpaquePart => {
    if (!isObject(part)) throw invalidField(`${path}[${partIndex}]`, part, 'a content part object');
    if (part.type !== 'input_text')
      return { type: 'opaque', format: 'openai-responses', value: part };
    const text = part.text;
    if (typeof text !== 'string')
      throw invalidField(`${path}[${partIndex}].text`, text, 'a string');
    const extras = extrasOf(part, TEXT_KEYS);
    return extras === undefined
      ? { type: 'text', text }
      : { type: 'text', text, providerData: { 'openai-responses': extras } };
  });
}
