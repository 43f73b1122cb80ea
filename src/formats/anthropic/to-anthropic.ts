import { resultText, type ToolHistory, type ConversionResult } from '../../core/history.js';
import { withExtras, type WriterOptions } from '../shared/conversion-context.js';
import type {
  AnthropicContentBlock,
  AnthropicMessage,
  AnthropicToolResultBlock,
  AnthropicToolResultContentBlock,
} from './anthropic-types.js';
import { joinedText } from './read-blocks.js';
import { writeAnthropicParts } from './anthropic-result-parts.js';
import { writeBlocks, type BlockWriter } from './write-blocks.js';

/** The output of {@link toAnthropic}: `messages` plus the request's top-level `system` prompt. */
export interface AnthropicConversionResult extends ConversionResult<AnthropicMessage[]> {
  /** `undefined` when there are no system messages. */
  readonly system: string | undefined;
}

const ANTHROPIC_WRITER: BlockWriter<AnthropicContentBlock> = {
  format: 'anthropic',
  movedSystem:
    'Anthropic takes one top-level system prompt; this system message was moved there and joined with the others.',
  callInput: 'Anthropic tool_use input',
  resultBlocks: 'Anthropic tool_result blocks',
  plainUserText: true,
  mergesResults: true,
  text: (text, extras) => ({ ...extras, type: 'text', text }),
  call: (part, extras) =>
    withExtras(extras, {
      type: 'tool_use',
      id: part.callId,
      name: part.name,
      input: part.arguments,
    }),
  result: (result, own, pieces) => {
    const { content: stored, ...extras } = own ?? {};
    // Pieces replace a content array kept from a read; such an array is written back whole
    // while its text is unchanged.
    const text = result.parts === undefined ? resultText(result.content) : '';
    const content =
      result.parts !== undefined
        ? writeAnthropicParts(result.parts, pieces)
        : Array.isArray(stored) && joinedText(stored, 'text') === text
          ? (stored as AnthropicToolResultContentBlock[])
          : text;
    const block: AnthropicToolResultBlock = {
      ...extras,
      type: 'tool_result',
      tool_use_id: result.callId,
      content,
    };
    return result.isError ? { ...block, is_error: true } : block;
  },
};

/** Writes a neutral history as Anthropic `messages` and `system`. */
export function toAnthropic(
  history: ToolHistory,
  options: WriterOptions = {},
): AnthropicConversionResult {
  const { messages, warnings, system } = writeBlocks(history, options, ANTHROPIC_WRITER);
  return {
    messages: messages as AnthropicMessage[],
    warnings,
    system: system.length === 0 ? undefined : system.map((entry) => entry.text).join('\n\n'),
  };
}
