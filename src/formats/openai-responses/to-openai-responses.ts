import { assertNever } from '../../core/assert-never.js';
import { withExtras } from '../shared/extras-of.js';
import { isObject } from '../../core/input-guards.js';
import { resultText } from '../../core/result-text.js';
import type {
  AssistantMessage,
  TextPart,
  ToolHistory,
  ToolResultsMessage,
} from '../../core/history.js';
import type { ConversionResult } from '../../core/conversion-result.js';
import { argumentsTextOf } from '../shared/arguments-text.js';
import { answerWithoutName, CallNames } from '../shared/call-names.js';
import { ConversionContext, type WriterOptions } from '../shared/conversion-context.js';
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
        writeAssistant(message, index, context, names, items);
        break;
      case 'tool':
        writeResults(message, index, context, names, items);
        break;
      default:
        assertNever(message, 'history message');
    }
  });
  return { messages: items, warnings: context.warnings };
}

// An assistant message and a results message are appended to `items` part by part.

function writeAssistant(
  message: AssistantMessage,
  index: number,
  context: ConversionContext,
  names: CallNames,
  items: OpenAIResponsesInputItem[],
): void {
  context.ownData(message.providerData, index);
  for (const part of message.parts) {
    switch (part.type) {
      case 'text':
        items.push(writeText(part, index, context));
        break;
      case 'tool-call':
        names.call(part.callId, part.name);
        items.push(
          withExtras(context.ownData(part.providerData, index, part.callId), {
            type: 'function_call',
            call_id: part.callId,
            name: part.name,
            arguments: argumentsTextOf(part),
          }),
        );
        break;
      case 'opaque': {
        const value = context.ownOpaque(part, index);
        // Opaque parts in this format are input items read by fromOpenAIResponses.
        if (value !== undefined) items.push(value as OpenAIResponsesInputItem);
        break;
      }
      default:
        assertNever(part, 'assistant part');
    }
  }
}

function writeText(
  part: TextPart,
  index: number,
  context: ConversionContext,
): OpenAIResponsesInputItem {
  const stored = context.ownData(part.providerData, index)?.item;
  // An item read in the output form is written back whole while its text is unchanged.
  if (isObject(stored) && textOf(stored.content) === part.text)
    return stored as OpenAIResponsesMessageItem;
  return { type: 'message', role: 'assistant', content: part.text };
}

function writeResults(
  message: ToolResultsMessage,
  index: number,
  context: ConversionContext,
  names: CallNames,
  items: OpenAIResponsesInputItem[],
): void {
  context.ownData(message.providerData, index);
  for (const result of message.results) {
    answerWithoutName(
      names,
      result,
      index,
      context,
      'Responses function_call_output items',
      'conversation',
    );
    if (result.isError) {
      const text = `Responses function_call_output items have no error flag; the result for "${result.callId}" is sent as a plain result.`;
      context.warn('dropped-error-flag', index, text, result.callId);
    }
    const own = context.ownData(result.providerData, index, result.callId);
    items.push(outputItem(result.callId, resultText(result.content), own));
  }
}

/** The `function_call_output` item of a result whose text is `text`, with its own Responses data. */
function outputItem(
  callId: string,
  text: string,
  own: Readonly<Record<string, unknown>> | undefined,
): OpenAIResponsesFunctionCallOutputItem {
  // Most results carry no Responses data (placeholders, results from other formats): no copies.
  if (own === undefined) return { type: 'function_call_output', call_id: callId, output: text };
  const { output, ...extras } = own;
  // An output array read from Responses is written back whole while its text is unchanged.
  const content =
    Array.isArray(output) && textOf(output) === text
      ? (output as OpenAIResponsesInputContent[])
      : text;
  return { ...extras, type: 'function_call_output', call_id: callId, output: content };
}
