import type { ReadFormatOptions } from '../shared/format-adapter.js';
import { extrasOf } from '../shared/conversion-context.js';
import {
  contentOfParts,
  type HistoryMessage,
  type JsonValue,
  type ConversionResult,
} from '../../core/history.js';
import { bedrockResultContent, readBedrockParts } from './bedrock-result-parts.js';
import { deepEqual } from '../../core/json-text.js';
import type { JsonObject } from '../../core/input-guards.js';
import { parseArgumentsValue } from '../shared/arguments-text.js';
import { joinedText, readBlocks, systemText, type BlockReader } from '../anthropic/read-blocks.js';
import { ANTHROPIC_MESSAGE_SHAPE } from '../anthropic/validate-anthropic.js';
import {
  assertBedrockMessages,
  bedrockBlocksOf,
  blockKind,
  toolResultOf,
  toolUseOf,
} from './validate-bedrock.js';

const TEXT_KEYS = new Set(['text']);
const TOOL_USE_KEYS = new Set(['toolUseId', 'name', 'input']);
const TOOL_RESULT_KEYS = new Set(['toolUseId', 'content', 'status']);

const BEDROCK_READER: BlockReader = {
  format: 'bedrock',
  shape: ANTHROPIC_MESSAGE_SHAPE,
  blocksOf: bedrockBlocksOf,
  text: (block) => (blockKind(block) === 'text' ? (block.text as string) : undefined),
  textKeys: TEXT_KEYS,
  call: (block, index, blockIndex) => {
    if (blockKind(block) !== 'toolUse') return undefined;
    const toolUse = toolUseOf(block, index, blockIndex);
    const extras = extrasOf(toolUse, TOOL_USE_KEYS);
    return {
      type: 'tool-call',
      callId: toolUse.toolUseId as string,
      name: toolUse.name as string,
      ...parseArgumentsValue(
        toolUse.input ?? {},
        `messages[${index}].content[${blockIndex}].toolUse.input`,
      ),
      ...(extras === undefined ? {} : { providerData: { bedrock: extras } }),
    };
  },
  result: (block, index, blockIndex, nameOf) => {
    if (blockKind(block) !== 'toolResult') return undefined;
    const toolResult = toolResultOf(block, index, blockIndex);
    const callId = toolResult.toolUseId as string;
    const isError = toolResult.status === 'error';
    // Another status than `'error'` is kept among the extras.
    const extras =
      toolResult.status === undefined || isError
        ? extrasOf(toolResult, TOOL_RESULT_KEYS)
        : { ...extrasOf(toolResult, TOOL_RESULT_KEYS), status: toolResult.status };
    const content = toolResult.content as readonly JsonObject[];
    const parts = readBedrockParts(content);
    const [only] = content;
    const value =
      parts !== undefined
        ? contentOfParts(parts)
        : content.length === 1 && only?.json !== undefined && Object.keys(only).length === 1
          ? (only.json as JsonValue)
          : joinedText(content);
    // Kept whole when writing `value` back would not give the array read.
    const keep = parts === undefined && !deepEqual(bedrockResultContent(value), content);
    const data = keep ? { ...extras, content } : extras;
    return {
      callId,
      name: nameOf(callId),
      content: value,
      ...(parts === undefined ? {} : { parts }),
      isError,
      sourceIndex: index,
      ...(data === undefined ? {} : { providerData: { bedrock: data } }),
    };
  },
};

/** Reads Bedrock `messages` (and `system`); throws `invalid-input` on a malformed message. */
export function fromBedrock(
  messages: readonly unknown[],
  options: Pick<ReadFormatOptions, 'system'> = {},
): ConversionResult<HistoryMessage[]> {
  assertBedrockMessages(messages);
  const system = options.system === undefined ? undefined : systemText(options.system, 'system');
  return readBlocks(messages, system, BEDROCK_READER);
}
