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

/** Options of {@link fromAnthropic}. */
export interface FromAnthropicOptions {
  /**
   * The request's top-level `system` prompt (a string or an array of text blocks); when given,
   * it becomes the history's first message.
   * @defaultValue no system message
   */
  readonly system?: unknown;
}

/**
 * Converts an Anthropic Messages API `messages` array (and optionally its `system` prompt) to a
 * neutral history.
 *
 * A user message's `tool_result` blocks become a `tool` message and its other blocks a user
 * message, in block order. Results get the name of the `tool_use` they answer (`''` for an
 * orphan) and `isError` from `is_error`. A `tool_result` whose `content` is an array becomes its
 * joined text, and the array is kept in `providerData.anthropic` so it converts back whole.
 * Blocks other than text and tool blocks (images, thinking, server tools) become opaque parts;
 * block fields such as `cache_control` go to `providerData.anthropic`. Never warns.
 *
 * @throws {ToolHistoryError} `invalid-input` when `messages` is not an array or a message or
 *   block does not have an Anthropic shape (the error names the index and the field).
 * @example
 * const { messages: history } = fromAnthropic(request.messages, { system: request.system });
 */
export function fromAnthropic(
  messages: readonly unknown[],
  options: FromAnthropicOptions = {},
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
