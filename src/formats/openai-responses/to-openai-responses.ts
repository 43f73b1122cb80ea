import { assertNever, isObject } from '../../core/input-guards.js';
import {
  withExtras,
  answerWithoutName,
  CallNames,
  ConversionContext,
  type WriterOptions,
} from '../shared/conversion-context.js';
import {
  resultText,
  type AssistantMessage,
  type ToolHistory,
  type ToolResult,
  type ConversionResult,
} from '../../core/history.js';
import { argumentsTextOf } from '../shared/arguments-text.js';
import { userContent } from '../openai-chat/to-openai-chat.js';
import { textOf } from './from-openai-responses.js';
import type {
  OpenAIResponsesFunctionCallOutputItem,
  OpenAIResponsesInputContent,
  OpenAIResponsesInputItem,
  OpenAIResponsesMessageItem,
} from './openai-responses-types.js';

/** Writes a neutral history as a Responses `input` array. */
export function toOpenAIResponses(
  history: ToolHistory,
  options: WriterOptions = {},
): ConversionResult<OpenAIResponsesInputItem[]> {
  const context = new ConversionContext('openai-responses', options);
  const names = new CallNames('conversation');
  const items: OpenAIResponsesInputItem[] = [];
  history.forEach((message, index) => {
    switch (message.role) {
      case 'system': {
        const { role, ...extras } = context.ownData(message.providerData, index) ?? {};
        items.push({
          ...extras,
          type: 'message',
          role: role === 'developer' ? 'developer' : 'system',
          content: message.text,
        });
        break;
      }
      case 'user': {
        const [extras, content] = userContent<OpenAIResponsesInputContent>(
          message,
          index,
          context,
          'input_text',
        );
        items.push({ ...extras, type: 'message', role: 'user', content });
        break;
      }
      case 'assistant':
        context.ownData(message.providerData, index);
        for (const part of message.parts) {
          const item = writePart(part, index, context, names);
          if (item !== undefined) items.push(item);
        }
        break;
      case 'tool':
        context.ownData(message.providerData, index);
        for (const result of message.results)
          items.push(writeOutput(result, index, context, names));
        break;
      default:
        assertNever(message, 'history message');
    }
  });
  return { messages: items, warnings: context.warnings };
}

function writePart(
  part: AssistantMessage['parts'][number],
  index: number,
  context: ConversionContext,
  names: CallNames,
): OpenAIResponsesInputItem | undefined {
  if (part.type === 'opaque')
    return context.ownOpaque(part, index) as OpenAIResponsesInputItem | undefined;
  if (part.type === 'tool-call') {
    names.arm(part.callId, part.name);
    const { callId, name } = part;
    const call = {
      type: 'function_call' as const,
      call_id: callId,
      name,
      arguments: argumentsTextOf(part),
    };
    return withExtras(context.ownData(part.providerData, index, callId), call);
  }
  const stored = context.ownData(part.providerData, index)?.item;
  // An item read in the output form is written back whole while its text is unchanged.
  if (isObject(stored) && textOf(stored.content) === part.text)
    return stored as OpenAIResponsesMessageItem;
  return { type: 'message', role: 'assistant', content: part.text };
}

function writeOutput(
  result: ToolResult,
  index: number,
  context: ConversionContext,
  names: CallNames,
): OpenAIResponsesFunctionCallOutputItem {
  const { callId } = result;
  const carrier = 'Responses function_call_output items';
  answerWithoutName(names, result, index, context, carrier, 'conversation');
  if (result.isError) {
    const text = `${carrier} have no error flag; the result for "${callId}" is sent as a plain result.`;
    context.warn('dropped-error-flag', index, text, callId);
  }
  const own = context.ownData(result.providerData, index, callId);
  const text = resultText(result.content);
  if (own === undefined) return { type: 'function_call_output', call_id: callId, output: text };
  const { output, ...extras } = own;
  // An output array read from Responses is written back whole while its text is unchanged.
  const content =
    Array.isArray(output) && textOf(output) === text
      ? (output as OpenAIResponsesInputContent[])
      : text;
  return { ...extras, type: 'function_call_output', call_id: callId, output: content };
}
