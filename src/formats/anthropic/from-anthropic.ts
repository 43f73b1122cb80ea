import type { ReadFormatOptions } from '../shared/format-adapter.js';
import { extrasOf } from '../shared/conversion-context.js';
import { contentOfParts, type HistoryMessage, type ConversionResult } from '../../core/history.js';
import { readAnthropicParts } from './anthropic-result-parts.js';
import { parseArgumentsValue } from '../shared/arguments-text.js';
import { invalidField } from '../../core/input-guards.js';
import {
  anthropicBlocksOf,
  ANTHROPIC_MESSAGE_SHAPE,
  assertAnthropicMessages,
  blockString,
} from './validate-anthropic.js';
import { joinedText, readBlocks, systemText, type BlockReader } from './read-blocks.js';

const TEXT_KEYS = new Set(['type', 'text']);
const TOOL_USE_KEYS = new Set(['type', 'id', 'name', 'input']);
const TOOL_RESULT_KEYS = new Set(['type', 'tool_use_id', 'content', 'is_error']);

const ANTHROPIC_READER: BlockReader = {
  format: 'anthropic',
  shape: ANTHROPIC_MESSAGE_SHAPE,
  blocksOf: (message, index) => {
    const blocks = anthropicBlocksOf(message, index);
    // A string content is one text block.
    return typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : blocks;
  },
  text: (block, index, blockIndex) =>
    block.type === 'text' ? blockString(block, 'text', index, blockIndex) : undefined,
  textKeys: TEXT_KEYS,
  call: (block, index, blockIndex) => {
    if (block.type !== 'tool_use') return undefined;
    const extras = extrasOf(block, TOOL_USE_KEYS);
    return {
      type: 'tool-call',
      callId: blockString(block, 'id', index, blockIndex),
      name: blockString(block, 'name', index, blockIndex),
      ...parseArgumentsValue(block.input ?? {}, `messages[${index}].content[${blockIndex}].input`),
      ...(extras === undefined ? {} : { providerData: { anthropic: extras } }),
    };
  },
  result: (block, index, blockIndex, nameOf) => {
    if (block.type !== 'tool_result') return undefined;
    const callId = blockString(block, 'tool_use_id', index, blockIndex);
    const extras = extrasOf(block, TOOL_RESULT_KEYS);
    const content = block.content ?? '';
    if (typeof content !== 'string' && !Array.isArray(content))
      throw invalidField(
        `messages[${index}].content[${blockIndex}].content`,
        content,
        'a string or an array of content blocks',
      );
    const parts = typeof content === 'string' ? undefined : readAnthropicParts(content);
    const text = typeof content === 'string' ? content : joinedText(content, 'text');
    // Pieces hold the array; otherwise it is kept whole to be written back.
    const data = Array.isArray(content) && parts === undefined ? { ...extras, content } : extras;
    return {
      callId,
      name: nameOf(callId),
      content: parts === undefined ? text : contentOfParts(parts),
      ...(parts === undefined ? {} : { parts }),
      isError: block.is_error === true,
      sourceIndex: index,
      ...(data === undefined ? {} : { providerData: { anthropic: data } }),
    };
  },
};

/** Reads Anthropic `messages` (and `system`); throws `invalid-input` on a malformed message. */
export function fromAnthropic(
  messages: readonly unknown[],
  options: Pick<ReadFormatOptions, 'system'> = {},
): ConversionResult<HistoryMessage[]> {
  assertAnthropicMessages(messages);
  const { system } = options;
  const text =
    system === undefined || typeof system === 'string' ? system : systemText(system, 'system');
  return readBlocks(messages, text, ANTHROPIC_READER);
}
