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
import { RESPONSES_PIECES, textOf } from './from-openai-responses.js';
import { writeMediaPieces } from '../shared/media-pieces.js';
import type {
  OpenAIResponsesCallOutputItem,
  OpenAIResponsesOutputContent,
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
  // Ids of custom calls, whose outputs are `custom_tool_call_output`.
  const custom = new Set<string>();
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
        const extras = context.ownData(message.providerData, index);
        const content = context.writeContent<OpenAIResponsesInputContent>(
          message.parts,
          index,
          'input_text',
        );
        items.push({ ...extras, type: 'message', role: 'user', content });
        break;
      }
      case 'assistant':
        context.ownData(message.providerData, index);
        for (const part of message.parts) {
          if (part.type === 'tool-call' && part.kind === 'custom') custom.add(part.callId);
          else if (part.type === 'tool-call') custom.delete(part.callId);
          const item = writePart(part, index, context, names);
          if (item !== undefined) items.push(item);
        }
        break;
      case 'tool':
        context.ownData(message.providerData, index);
        for (const result of message.results)
          items.push(writeOutput(result, index, context, names, custom));
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
    const own = context.ownData(part.providerData, index, callId);
    if (part.kind === 'custom') {
      const input = argumentsTextOf(part);
      return withExtras(own, { type: 'custom_tool_call' as const, call_id: callId, name, input });
    }
    const call = {
      type: 'function_call' as const,
      call_id: callId,
      name,
      arguments: argumentsTextOf(part),
    };
    return withExtras(own, call);
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
  custom: ReadonlySet<string>,
): OpenAIResponsesCallOutputItem {
  const { callId } = result;
  const carrier = 'Responses function_call_output items';
  answerWithoutName(names, result, index, context, carrier, 'conversation');
  if (result.isError) {
    const text = `${carrier} have no error flag; the result for "${callId}" is sent as a plain result.`;
    context.warn('dropped-error-flag', index, text, callId);
  }
  const type =
    result.kind === 'custom' || custom.has(callId)
      ? 'custom_tool_call_output'
      : 'function_call_output';
  const own = context.ownData(result.providerData, index, callId);
  if (result.parts !== undefined) {
    const { pieces, lost } = writeMediaPieces(result.parts, RESPONSES_PIECES, (part) =>
      context.ownData(part.providerData, index, callId),
    );
    for (const what of lost)
      context.warn(
        'dropped-content',
        index,
        `OpenAI Responses cannot hold ${what}; it was left out.`,
        callId,
      );
    const output = pieces as unknown as OpenAIResponsesOutputContent[];
    return { ...own, type, call_id: callId, output };
  }
  const text = resultText(result.content);
  if (own === undefined) return { type, call_id: callId, output: text };
  const { output, ...extras } = own;
  // An output array read from Responses is written back whole while its text is unchanged.
  const content =
    Array.isArray(output) && textOf(output) === text
      ? (output as OpenAIResponsesOutputContent[])
      : text;
  return { ...extras, type, call_id: callId, output: content };
}
