import type { ReadFormatOptions } from '../shared/format-adapter.js';
import { extrasOf } from '../shared/extras-of.js';
import type {
  HistoryMessage,
  OpaquePart,
  TextPart,
  ToolCallPart,
  ToolResult,
} from '../../core/history.js';
import type { ConversionResult } from '../../core/conversion-result.js';
import { parseArgumentsValue } from '../shared/arguments-text.js';
import { CallNames } from '../shared/call-names.js';
import { invalidField, isObject, objectAt, type JsonObject } from '../../core/input-guards.js';
import { appendAll } from '../shared/array-appender.js';
import {
  anthropicBlocksOf,
  ANTHROPIC_MESSAGE_SHAPE,
  assertAnthropicMessages,
  blockString,
  toolResultIdOf,
  toolUseIdOf,
} from './validate-anthropic.js';

const TEXT_KEYS = new Set(['type', 'text']);
const TOOL_USE_KEYS = new Set(['type', 'id', 'name', 'input']);
const TOOL_RESULT_KEYS = new Set(['type', 'tool_use_id', 'content', 'is_error']);

/**
 * Reads an Anthropic Messages `messages` array (and its `system`) into a neutral history.
 *
 * @throws {ToolHistoryError} `invalid-input` naming the index and field of a malformed message.
 */
export function fromAnthropic(
  messages: readonly unknown[],
  options: Pick<ReadFormatOptions, 'system'> = {},
): ConversionResult<HistoryMessage[]> {
  assertAnthropicMessages(messages);
  const history: HistoryMessage[] = [];
  if (options.system !== undefined)
    history.push({ role: 'system', text: systemText(options.system) });
  const names = new CallNames('turn');
  for (let index = 0; index < messages.length; index++) {
    const message = objectAt(messages, index, 'messages', ANTHROPIC_MESSAGE_SHAPE);
    // Checks the role and the blocks; a string content is none, read here as one text block.
    const checked = anthropicBlocksOf(message, index);
    const blocks =
      typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : checked;
    if (message.role === 'user') {
      readUser(blocks, index, history, names);
      continue;
    }
    const parts = blocks.map((block, blockIndex) => readAssistantBlock(block, index, blockIndex));
    if (parts.some((part) => part.type === 'tool-call')) names.startTurn();
    else names.other();
    for (const part of parts) if (part.type === 'tool-call') names.call(part.callId, part.name);
    history.push({ role: 'assistant', parts, sourceIndex: index });
  }
  return { messages: history, warnings: [] };
}

function readUser(
  blocks: readonly JsonObject[],
  index: number,
  history: HistoryMessage[],
  names: CallNames,
): void {
  blocks.forEach((block, blockIndex) => {
    const last = history.at(-1);
    const fresh = last?.sourceIndex !== index;
    if (block.type === 'tool_result') {
      const result = readResult(block, index, blockIndex, names);
      if (!fresh && last.role === 'tool') appendAll(last.results, [result]);
      else history.push({ role: 'tool', results: [result], sourceIndex: index });
      return;
    }
    const part = readUserBlock(block, index, blockIndex);
    if (!fresh && last.role === 'user') {
      appendAll(last.parts, [part]);
    } else {
      names.other();
      history.push({ role: 'user', parts: [part], sourceIndex: index });
    }
  });
  // A user message with no blocks is still a user turn.
  if (blocks.length === 0) {
    names.other();
    history.push({ role: 'user', parts: [], sourceIndex: index });
  }
}

function readUserBlock(
  block: JsonObject,
  index: number,
  blockIndex: number,
): TextPart | OpaquePart {
  return block.type === 'text'
    ? readText(block, index, blockIndex)
    : { type: 'opaque', format: 'anthropic', value: block };
}

function readAssistantBlock(
  block: JsonObject,
  index: number,
  blockIndex: number,
): TextPart | ToolCallPart | OpaquePart {
  if (block.type === 'text') return readText(block, index, blockIndex);
  if (block.type !== 'tool_use') return { type: 'opaque', format: 'anthropic', value: block };
  const extras = extrasOf(block, TOOL_USE_KEYS);
  return {
    type: 'tool-call',
    callId: toolUseIdOf(block, index, blockIndex),
    name: blockString(block, 'name', index, blockIndex),
    ...parseArgumentsValue(block.input ?? {}, `messages[${index}].content[${blockIndex}].input`),
    ...(extras === undefined ? {} : { providerData: { anthropic: extras } }),
  };
}

function readText(block: JsonObject, index: number, blockIndex: number): TextPart {
  const text = blockString(block, 'text', index, blockIndex);
  const extras = extrasOf(block, TEXT_KEYS);
  return extras === undefined
    ? { type: 'text', text }
    : { type: 'text', text, providerData: { anthropic: extras } };
}

function readResult(
  block: JsonObject,
  index: number,
  blockIndex: number,
  names: CallNames,
): ToolResult {
  const callId = toolResultIdOf(block, index, blockIndex);
  const extras = extrasOf(block, TOOL_RESULT_KEYS);
  const content = block.content ?? '';
  let text: string;
  if (typeof content === 'string') {
    text = content;
  } else if (Array.isArray(content)) {
    text = content
      .map((part: unknown) =>
        isObject(part) && part.type === 'text' && typeof part.text === 'string' ? part.text : '',
      )
      .join('');
  } else {
    throw invalidField(
      `messages[${index}].content[${blockIndex}].content`,
      content,
      'a string or an array of content blocks',
    );
  }
  const data = Array.isArray(content) ? { ...extras, content } : extras;
  return {
    callId,
    name: names.answer(callId) ?? '',
    content: text,
    isError: block.is_error === true,
    sourceIndex: index,
    ...(data === undefined ? {} : { providerData: { anthropic: data } }),
  };
}

function systemText(system: unknown): string {
  if (typeof system === 'string') return system;
  if (!Array.isArray(system))
    throw invalidField('system', system, 'a string or an array of text blocks');
  return system
    .map((block: unknown, blockIndex) => {
      const text = isObject(block) ? block.text : undefined;
      if (typeof text !== 'string')
        throw invalidField(`system[${blockIndex}].text`, text, 'a string');
      return text;
    })
    .join('\n\n');
}
