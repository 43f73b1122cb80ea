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
import {
  extrasOf,
  invalidInput,
  isRecord,
  requireArray,
  requireRecord,
  requireString,
  type WireRecord,
} from '../shared/wire-guards.js';
import { ArrayAppender, replaceLast } from '../shared/array-appender.js';

const FORMAT = 'Anthropic';
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
  requireArray(messages, FORMAT);
  const history: HistoryMessage[] = [];
  if (options.system !== undefined)
    history.push({ role: 'system', text: systemText(options.system) });
  const names = new CallNames('turn');
  const appender = new ArrayAppender();
  for (let index = 0; index < messages.length; index++) {
    const path = `messages[${index}]`;
    const message = requireRecord(messages[index], FORMAT, path);
    const blocks = readBlocks(message.content, `${path}.content`);
    switch (message.role) {
      case 'user':
        readUser(blocks, index, history, names, appender);
        break;
      case 'assistant': {
        const parts = blocks.map((block, blockIndex) =>
          readAssistantBlock(block, `${path}.content[${blockIndex}]`),
        );
        if (parts.some((part) => part.type === 'tool-call')) names.startTurn();
        else names.other();
        for (const part of parts) if (part.type === 'tool-call') names.call(part.callId, part.name);
        history.push({ role: 'assistant', parts, sourceIndex: index });
        break;
      }
      default:
        throw invalidInput(FORMAT, `${path}.role`, "'user' or 'assistant'", message.role);
    }
  }
  return { messages: history, warnings: [] };
}

function readUser(
  blocks: readonly WireRecord[],
  index: number,
  history: HistoryMessage[],
  names: CallNames,
  appender: ArrayAppender,
): void {
  blocks.forEach((block, blockIndex) => {
    const path = `messages[${index}].content[${blockIndex}]`;
    const last = history.at(-1);
    const fresh = last?.sourceIndex !== index;
    if (block.type === 'tool_result') {
      const result = readResult(block, index, path, names);
      if (!fresh && last.role === 'tool')
        replaceLast(history, last, 'results', appender.append(last.results, [result]));
      else history.push({ role: 'tool', results: [result], sourceIndex: index });
      return;
    }
    const part = readUserBlock(block, path);
    if (!fresh && last.role === 'user') {
      replaceLast(history, last, 'parts', appender.append(last.parts, [part]));
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

function readUserBlock(block: WireRecord, path: string): TextPart | OpaquePart {
  return block.type === 'text'
    ? readText(block, path)
    : { type: 'opaque', format: 'anthropic', value: block };
}

function readAssistantBlock(block: WireRecord, path: string): TextPart | ToolCallPart | OpaquePart {
  if (block.type === 'text') return readText(block, path);
  if (block.type !== 'tool_use') return { type: 'opaque', format: 'anthropic', value: block };
  const extras = extrasOf(block, TOOL_USE_KEYS);
  return {
    type: 'tool-call',
    callId: requireString(block.id, FORMAT, `${path}.id`),
    name: requireString(block.name, FORMAT, `${path}.name`),
    ...parseArgumentsValue(block.input ?? {}, `${path}.input`),
    ...(extras === undefined ? {} : { providerData: { anthropic: extras } }),
  };
}

function readText(block: WireRecord, path: string): TextPart {
  const text = requireString(block.text, FORMAT, `${path}.text`);
  const extras = extrasOf(block, TEXT_KEYS);
  return extras === undefined
    ? { type: 'text', text }
    : { type: 'text', text, providerData: { anthropic: extras } };
}

function readResult(block: WireRecord, index: number, path: string, names: CallNames): ToolResult {
  const callId = requireString(block.tool_use_id, FORMAT, `${path}.tool_use_id`);
  const extras = extrasOf(block, TOOL_RESULT_KEYS);
  const content = block.content ?? '';
  let text: string;
  if (typeof content === 'string') {
    text = content;
  } else if (Array.isArray(content)) {
    text = content
      .map((part: unknown) =>
        isRecord(part) && part.type === 'text' && typeof part.text === 'string' ? part.text : '',
      )
      .join('');
  } else {
    throw invalidInput(FORMAT, `${path}.content`, 'a string or an array of blocks', content);
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

function readBlocks(content: unknown, path: string): WireRecord[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content))
    throw invalidInput(FORMAT, path, 'a string or an array of blocks', content);
  return content.map((block: unknown, blockIndex) => {
    const record = requireRecord(block, FORMAT, `${path}[${blockIndex}]`);
    if (typeof record.type !== 'string')
      throw invalidInput(FORMAT, `${path}[${blockIndex}].type`, 'a string', record.type);
    return record;
  });
}

function systemText(system: unknown): string {
  if (typeof system === 'string') return system;
  if (!Array.isArray(system))
    throw invalidInput(FORMAT, 'system', 'a string or an array of text blocks', system);
  return system
    .map((block: unknown, blockIndex) =>
      requireString(
        requireRecord(block, FORMAT, `system[${blockIndex}]`).text,
        FORMAT,
        `system[${blockIndex}].text`,
      ),
    )
    .join('\n\n');
}
