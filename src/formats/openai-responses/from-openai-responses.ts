import { appendAll, CallNames, extrasOf, withOwnData } from '../shared/conversion-context.js';
import { readMediaPieces, type MediaPieceTable } from '../shared/media-pieces.js';
import type {
  HistoryMessage,
  OpaquePart,
  TextPart,
  ToolCallPart,
  ToolResult,
  ConversionResult,
} from '../../core/history.js';
import { contentOfParts } from '../../core/history.js';
import { readCallPart } from '../shared/arguments-text.js';
import { invalidField, isObject, stringAt, type JsonObject } from '../../core/input-guards.js';
import {
  assertResponsesInput,
  callIdOf,
  messageRoleOf,
  responsesItemAt,
} from './validate-openai-responses.js';
import { readParts } from '../openai-chat/from-openai-chat.js';
import { PAIR_OF_CALL } from './responses-pairs.js';

const FORMAT = 'openai-responses';
const MESSAGE_KEYS = new Set(['type', 'role', 'content']);
const CALL_KEYS = new Set(['type', 'call_id', 'name', 'arguments']);
const CUSTOM_CALL_KEYS = new Set(['type', 'call_id', 'name', 'input']);
const OUTPUT_KEYS = new Set(['type', 'call_id', 'output']);

/**
 * The pieces of a call output's `output` array.
 * https://platform.openai.com/docs/api-reference/responses/create#responses_create-input-input_item_list-item-function_tool_call_output-output
 */
export const RESPONSES_PIECES: MediaPieceTable = {
  format: FORMAT,
  text: 'input_text',
  media: [
    { type: 'input_image', holds: 'image', keys: { link: 'image_url', fileId: 'file_id' } },
    {
      type: 'input_file',
      holds: 'document',
      keys: { dataUrl: 'file_data', url: 'file_url', fileId: 'file_id', filename: 'filename' },
    },
  ],
};

/** Reads a Responses `input` array; throws `invalid-input` on a malformed item. */
export function fromOpenAIResponses(input: readonly unknown[]): ConversionResult<HistoryMessage[]> {
  assertResponsesInput(input);
  const history: HistoryMessage[] = [];
  const names = new CallNames('conversation');
  // Ids of every call item; with an `item_reference` in, an output whose call is not here answers
  // a stored item and stays opaque, as the validator leaves it.
  const calls = new Set<string>();
  let referenced = false;
  const assistantPart = (index: number, part: TextPart | ToolCallPart | OpaquePart): void => {
    const last = history.at(-1);
    if (last?.role === 'assistant') appendAll(last.parts, [part]);
    else history.push({ role: 'assistant', parts: [part], sourceIndex: index });
  };
  for (let index = 0; index < input.length; index++) {
    const item = responsesItemAt(input, index);
    switch (item.type) {
      case undefined:
      case 'message':
        readMessage(item, index, history, assistantPart);
        break;
      case 'function_call':
      case 'custom_tool_call': {
        const call = readCall(item, index);
        names.arm(call.callId, call.name);
        calls.add(call.callId);
        assistantPart(index, call);
        break;
      }
      case 'function_call_output':
      case 'custom_tool_call_output': {
        if (referenced && !calls.has(callIdOf(item, index))) {
          assistantPart(index, { type: 'opaque', format: 'openai-responses', value: item });
          break;
        }
        const result = readOutput(item, index, names);
        const last = history.at(-1);
        if (last?.role === 'tool') appendAll(last.results, [result]);
        else history.push({ role: 'tool', results: [result], sourceIndex: index });
        break;
      }
      default: {
        if (typeof item.type !== 'string')
          throw invalidField(`input[${index}].type`, item.type, 'a string');
        if (item.type === 'item_reference') referenced = true;
        const pair = PAIR_OF_CALL.get(item.type);
        if (pair !== undefined) calls.add(callIdOf(item, index, pair.callKey));
        assistantPart(index, { type: 'opaque', format: 'openai-responses', value: item });
      }
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
  if (role === 'system' || role === 'developer') {
    const text = joinText(item.content, `${path}.content`);
    const data = role === 'developer' ? { ...extras, role } : extras;
    history.push(withOwnData({ role: 'system', text, sourceIndex: index }, FORMAT, data));
  } else if (role === 'user') {
    const parts = readParts(item.content, 'openai-responses', `${path}.content`, 'input_text');
    history.push(withOwnData({ role: 'user', parts, sourceIndex: index }, FORMAT, extras));
  } else if (role === 'assistant') {
    const text = joinText(item.content, `${path}.content`);
    // Anything but the short form (output_text parts, id, status) is kept whole.
    const plain = typeof item.content === 'string' && extras === undefined;
    assistantPart(index, withOwnData({ type: 'text', text }, FORMAT, plain ? undefined : { item }));
  } else throw invalidField(`${path}.role`, role, "'system', 'developer', 'user' or 'assistant'");
}

function readCall(item: JsonObject, index: number): ToolCallPart {
  const path = `input[${index}]`;
  const name = stringAt(item.name, `${path}.name`);
  const callId = callIdOf(item, index);
  if (item.type === 'custom_tool_call') {
    const input = stringAt(item.input, `${path}.input`);
    const call = { type: 'tool-call', kind: 'custom', callId, name, arguments: {} } as const;
    const extras = extrasOf(item, CUSTOM_CALL_KEYS);
    return withOwnData({ ...call, argumentsText: input }, FORMAT, extras);
  }
  const data = withOwnData({}, FORMAT, extrasOf(item, CALL_KEYS));
  return readCallPart({ callId, name, ...data }, item.arguments, `${path}.arguments`);
}

function readOutput(item: JsonObject, index: number, names: CallNames): ToolResult {
  const callId = callIdOf(item, index);
  const extras = extrasOf(item, OUTPUT_KEYS);
  const name = names.answer(callId) ?? '';
  const kind = item.type === 'custom_tool_call_output' ? { kind: 'custom' as const } : {};
  const parts = readMediaPieces(item.output, RESPONSES_PIECES);
  const read =
    parts === undefined
      ? { content: joinText(item.output, `input[${index}].output`) }
      : { content: contentOfParts(parts), parts };
  const result = { callId, name, ...read, isError: false, ...kind, sourceIndex: index };
  // A text-only output array, or one with a piece the parts cannot say, is kept whole.
  const kept = parts === undefined && Array.isArray(item.output);
  return withOwnData(result, FORMAT, kept ? { ...extras, output: item.output } : extras);
}

/** A string, or the texts of an array of content parts (other parts skipped), joined. */
export function textOf(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  let text = '';
  for (const part of content)
    if (isObject(part) && typeof part.text === 'string') text += part.text;
  return text;
}

function joinText(content: unknown, path: string): string {
  const text = textOf(content);
  if (text === undefined)
    throw invalidField(path, content, 'a string or an array of content parts');
  return text;
}
