import { assertNever } from '../../core/assert-never.js';
import { withExtras } from '../shared/extras-of.js';
import type {
  AssistantMessage,
  JsonValue,
  OpaquePart,
  TextPart,
  ToolHistory,
  ToolResult,
} from '../../core/history.js';
import type { ConversionResult } from '../../core/conversion-result.js';
import { isObject } from '../../core/input-guards.js';
import { appendAll } from '../shared/array-appender.js';
import { answerWithoutName, CallNames } from '../shared/call-names.js';
import { ConversionContext, type WriterOptions } from '../shared/conversion-context.js';
import type {
  BedrockContentBlock,
  BedrockMessage,
  BedrockSystemBlock,
  BedrockToolResultBlock,
  BedrockToolResultContentBlock,
} from './bedrock-types.js';

/** The output of {@link toBedrock}: `messages` plus the request's top-level `system` blocks. */
export interface BedrockConversionResult extends ConversionResult<BedrockMessage[]> {
  /** One text block per system message; `undefined` when there are none. */
  readonly system: BedrockSystemBlock[] | undefined;
}

/**
 * Writes a neutral history as Bedrock Converse `messages` and `system` blocks.
 */
export function toBedrock(
  history: ToolHistory,
  options: WriterOptions = {},
): BedrockConversionResult {
  const context = new ConversionContext('bedrock', options);
  const names = new CallNames('turn');
  const messages: BedrockMessage[] = [];
  const system: BedrockSystemBlock[] = [];
  // The user message holding the latest results, while nothing else has followed it.
  let resultsTurn: BedrockContentBlock[] | undefined;
  history.forEach((message, index) => {
    switch (message.role) {
      case 'system':
        if (messages.length > 0 || system.length > 0) {
          context.warn(
            'moved-system-message',
            index,
            'Bedrock takes the system prompt in the top-level `system` field; this system message was moved there.',
          );
        }
        system.push({ ...context.ownData(message.providerData, index), text: message.text });
        break;
      case 'user': {
        const extras = context.ownData(message.providerData, index);
        const blocks = message.parts.flatMap((part) => userBlock(part, index, context));
        if (resultsTurn !== undefined) appendAll(resultsTurn, blocks);
        else messages.push(withExtras(extras, { role: 'user', content: blocks }));
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
    system: system.length === 0 ? undefined : system,
  };
}

function textBlock(
  part: TextPart,
  index: number,
  context: ConversionContext,
): BedrockContentBlock[] {
  const extras = context.ownData(part.providerData, index);
  return part.text === '' ? [] : [{ ...extras, text: part.text }];
}

function opaqueBlock(
  part: OpaquePart,
  index: number,
  context: ConversionContext,
): BedrockContentBlock[] {
  const value = context.ownOpaque(part, index);
  // Opaque parts in this format are blocks read by fromBedrock.
  return value === undefined ? [] : [value as BedrockContentBlock];
}

function userBlock(
  part: TextPart | OpaquePart,
  index: number,
  context: ConversionContext,
): BedrockContentBlock[] {
  return part.type === 'text' ? textBlock(part, index, context) : opaqueBlock(part, index, context);
}

function writeAssistant(
  message: AssistantMessage,
  index: number,
  context: ConversionContext,
  names: CallNames,
): BedrockMessage {
  const extras = context.ownData(message.providerData, index);
  const content: BedrockContentBlock[] = [];
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
            `Bedrock toolUse input must be an object; the malformed argument text of "${part.callId}" was replaced by {}.`,
            part.callId,
          );
        }
        content.push({
          toolUse: withExtras(context.ownData(part.providerData, index, part.callId), {
            toolUseId: part.callId,
            name: part.name,
            input: part.arguments,
          }),
        });
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
): BedrockToolResultBlock {
  answerWithoutName(names, result, index, context, 'Bedrock toolResult blocks');
  const own = context.ownData(result.providerData, index, result.callId);
  const written = resultContent(result.content);
  // Most results carry no Bedrock data (placeholders, results from other formats): no copies.
  if (own === undefined)
    return {
      toolResult: result.isError
        ? { toolUseId: result.callId, content: written, status: 'error' }
        : { toolUseId: result.callId, content: written },
    };
  const { content: stored, ...extras } = own;
  // A content array read from Bedrock is written back whole while its text is unchanged.
  const content =
    Array.isArray(stored) &&
    typeof result.content === 'string' &&
    joinedText(stored) === result.content
      ? (stored as BedrockToolResultContentBlock[])
      : written;
  const { status, ...rest } = extras;
  const toolResult = { ...rest, toolUseId: result.callId, content };
  // `isError` decides; another status read from Bedrock (`'success'`) is written back as it was.
  if (result.isError) return { toolResult: { ...toolResult, status: 'error' } };
  return { toolResult: status === 'success' ? { ...toolResult, status } : toolResult };
}

function resultContent(content: JsonValue): BedrockToolResultContentBlock[] {
  if (typeof content === 'string') return content === '' ? [] : [{ text: content }];
  return isObject(content) ? [{ json: content }] : [{ text: JSON.stringify(content) }];
}

function joinedText(blocks: readonly unknown[]): string {
  let text = '';
  for (const block of blocks)
    if (isObject(block) && typeof block.text === 'string') text += block.text;
  return text;
}
