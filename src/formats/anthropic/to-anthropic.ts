import { assertNever } from '../../core/assert-never.js';
import { withExtras } from '../shared/extras-of.js';
import { resultText } from '../../core/result-text.js';
import type {
  AssistantMessage,
  OpaquePart,
  TextPart,
  ToolHistory,
  ToolResult,
} from '../../core/history.js';
import type { ConversionResult } from '../../core/conversion-result.js';
import { appendAll } from '../shared/array-appender.js';
import { answerWithoutName, CallNames } from '../shared/call-names.js';
import { ConversionContext, type WriterOptions } from '../shared/conversion-context.js';
import type {
  AnthropicAssistantMessage,
  AnthropicContentBlock,
  AnthropicMessage,
  AnthropicTextBlock,
  AnthropicToolResultBlock,
  AnthropicToolResultContentBlock,
} from './anthropic-types.js';

/** The output of {@link toAnthropic}: `messages` plus the request's top-level `system` prompt. */
export interface AnthropicConversionResult extends ConversionResult<AnthropicMessage[]> {
  /** The system messages' text, joined by blank lines; `undefined` when there are none. */
  readonly system: string | undefined;
}

/**
 * Writes a neutral history as Anthropic `messages` and `system`.
 */
export function toAnthropic(
  history: ToolHistory,
  options: WriterOptions = {},
): AnthropicConversionResult {
  const context = new ConversionContext('anthropic', options);
  const names = new CallNames('turn');
  const messages: AnthropicMessage[] = [];
  const systemTexts: string[] = [];
  // The user message holding the latest results, while nothing else has followed it.
  let resultsTurn: AnthropicContentBlock[] | undefined;
  history.forEach((message, index) => {
    switch (message.role) {
      case 'system':
        context.ownData(message.providerData, index);
        if (messages.length > 0 || systemTexts.length > 0) {
          context.warn(
            'moved-system-message',
            index,
            'Anthropic takes one top-level system prompt; this system message was moved there and joined with the others.',
          );
        }
        systemTexts.push(message.text);
        break;
      case 'user': {
        const extras = context.ownData(message.providerData, index);
        const blocks = message.parts.flatMap((part) => userBlock(part, index, context));
        if (resultsTurn !== undefined) {
          appendAll(resultsTurn, blocks);
        } else {
          const [only] = message.parts;
          const plain =
            message.parts.length === 1 &&
            only?.type === 'text' &&
            only.providerData === undefined &&
            blocks.length === 1;
          messages.push(withExtras(extras, { role: 'user', content: plain ? only.text : blocks }));
        }
        resultsTurn = undefined;
        names.other();
        break;
      }
      case 'assistant':
        resultsTurn = undefined;
        messages.push(writeAssistant(message, index, context, names));
        break;
      case 'tool': {
        context.ownData(message.providerData, index);
        const blocks = message.results.map((result) => resultBlock(result, index, context, names));
        if (resultsTurn === undefined) {
          resultsTurn = blocks;
          messages.push({ role: 'user', content: resultsTurn });
        } else {
          appendAll(resultsTurn, blocks);
        }
        break;
      }
      default:
        assertNever(message, 'history message');
    }
  });
  return {
    messages,
    warnings: context.warnings,
    system: systemTexts.length === 0 ? undefined : systemTexts.join('\n\n'),
  };
}

function textBlock(
  part: TextPart,
  index: number,
  context: ConversionContext,
): AnthropicTextBlock[] {
  const extras = context.ownData(part.providerData, index);
  return part.text === '' ? [] : [{ ...extras, type: 'text', text: part.text }];
}

function opaqueBlock(
  part: OpaquePart,
  index: number,
  context: ConversionContext,
): AnthropicContentBlock[] {
  const value = context.ownOpaque(part, index);
  // Opaque parts in this format are blocks read by fromAnthropic.
  return value === undefined ? [] : [value as AnthropicContentBlock];
}

function userBlock(
  part: TextPart | OpaquePart,
  index: number,
  context: ConversionContext,
): AnthropicContentBlock[] {
  return part.type === 'text' ? textBlock(part, index, context) : opaqueBlock(part, index, context);
}

function writeAssistant(
  message: AssistantMessage,
  index: number,
  context: ConversionContext,
  names: CallNames,
): AnthropicAssistantMessage {
  const extras = context.ownData(message.providerData, index);
  const content: AnthropicContentBlock[] = [];
  let calls = false;
  for (const part of message.parts) {
    switch (part.type) {
      case 'text':
        content.push(...textBlock(part, index, context));
        break;
      case 'opaque':
        content.push(...opaqueBlock(part, index, context));
        break;
      case 'tool-call':
        if (!calls) names.startTurn();
        calls = true;
        names.call(part.callId, part.name);
        if (part.argumentsText !== undefined) {
          context.warn(
            'dropped-arguments-text',
            index,
            `Anthropic tool_use input must be an object; the malformed argument text of "${part.callId}" was replaced by {}.`,
            part.callId,
          );
        }
        content.push(
          withExtras(context.ownData(part.providerData, index, part.callId), {
            type: 'tool_use',
            id: part.callId,
            name: part.name,
            input: part.arguments,
          }),
        );
        break;
      default:
        assertNever(part, 'assistant part');
    }
  }
  if (!calls) names.other();
  return withExtras(extras, { role: 'assistant', content: content });
}

function resultBlock(
  result: ToolResult,
  index: number,
  context: ConversionContext,
  names: CallNames,
): AnthropicToolResultBlock {
  answerWithoutName(names, result, index, context, 'Anthropic tool_result blocks');
  const own = context.ownData(result.providerData, index, result.callId);
  const text = resultText(result.content);
  // Most results carry no Anthropic data (placeholders, results from other formats): no copies.
  if (own === undefined)
    return result.isError
      ? { type: 'tool_result', tool_use_id: result.callId, content: text, is_error: true }
      : { type: 'tool_result', tool_use_id: result.callId, content: text };
  const { content: stored, ...extras } = own;
  // A content array read from Anthropic is written back whole while its text is unchanged.
  const content =
    Array.isArray(stored) && joinedText(stored) === text
      ? (stored as AnthropicToolResultContentBlock[])
      : text;
  const block: AnthropicToolResultBlock = {
    ...extras,
    type: 'tool_result',
    tool_use_id: result.callId,
    content,
  };
  return result.isError ? { ...block, is_error: true } : block;
}

function joinedText(blocks: readonly unknown[]): string {
  let text = '';
  for (const block of blocks) {
    if (
      typeof block === 'object' &&
      block !== null &&
      'text' in block &&
      typeof block.text === 'string' &&
      'type' in block &&
      block.type === 'text'
    )
      text += block.text;
  }
  return text;
}
