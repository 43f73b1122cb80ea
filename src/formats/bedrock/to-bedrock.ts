import type { ToolHistory, ConversionResult } from '../../core/history.js';
import { withExtras, type WriterOptions } from '../shared/conversion-context.js';
import { joinedText } from '../anthropic/read-blocks.js';
import { writeBlocks, type BlockWriter } from '../anthropic/write-blocks.js';
import { bedrockResultContent, writeBedrockParts } from './bedrock-result-parts.js';
import type {
  BedrockContentBlock,
  BedrockMessage,
  BedrockSystemBlock,
  BedrockToolResultContentBlock,
} from './bedrock-types.js';

/** The output of {@link toBedrock}: `messages` plus the request's top-level `system` blocks. */
export interface BedrockConversionResult extends ConversionResult<BedrockMessage[]> {
  /** `undefined` when there are no system messages. */
  readonly system: BedrockSystemBlock[] | undefined;
}

const BEDROCK_WRITER: BlockWriter<BedrockContentBlock> = {
  format: 'bedrock',
  movedSystem:
    'Bedrock takes the system prompt in the top-level `system` field; this system message was moved there.',
  callInput: 'Bedrock toolUse input',
  resultBlocks: 'Bedrock toolResult blocks',
  plainUserText: false,
  mergesResults: true,
  text: (text, extras) => ({ ...extras, text }),
  call: (part, extras) => ({
    toolUse: withExtras(extras, { toolUseId: part.callId, name: part.name, input: part.arguments }),
  }),
  result: (result, own, pieces) => {
    const { content: stored, status, ...extras } = own ?? {};
    // A content array read from Bedrock is written back whole while its text is unchanged.
    const content =
      result.parts !== undefined
        ? writeBedrockParts(result.parts, pieces)
        : Array.isArray(stored) &&
            typeof result.content === 'string' &&
            joinedText(stored) === result.content
          ? (stored as BedrockToolResultContentBlock[])
          : bedrockResultContent(result.content);
    const toolResult = { ...extras, toolUseId: result.callId, content };
    // `isError` decides; another status read from Bedrock (`'success'`) is written back as it was.
    const kept = result.isError ? 'error' : status === 'success' ? status : undefined;
    return { toolResult: kept === undefined ? toolResult : { ...toolResult, status: kept } };
  },
};

/** Writes a neutral history as Bedrock Converse `messages` and `system` blocks. */
export function toBedrock(
  history: ToolHistory,
  options: WriterOptions = {},
): BedrockConversionResult {
  const { messages, warnings, system } = writeBlocks(history, options, BEDROCK_WRITER);
  return {
    messages: messages as BedrockMessage[],
    warnings,
    system: system.length === 0 ? undefined : system,
  };
}
