import { assertNever } from '../../core/assert-never.js';
import { withExtras } from '../shared/extras-of.js';
import { resultText } from '../../core/result-text.js';
import type {
  AssistantMessage,
  SystemMessage,
  ToolHistory,
  ToolResultsMessage,
  UserMessage,
} from '../../core/history.js';
import type { ConversionResult } from '../../core/conversion-result.js';
import { appendAll } from '../shared/array-appender.js';
import { argumentsTextOf } from '../shared/arguments-text.js';
import { answerWithoutName, CallNames } from '../shared/call-names.js';
import { ConversionContext, type WriterOptions } from '../shared/conversion-context.js';
import { OPENAI_CHAT_DIALECT, type ChatDialect } from './from-openai-chat.js';
import type {
  OpenAIChatAssistantMessage,
  OpenAIChatMessage,
  OpenAIChatRefusalPart,
  OpenAIChatSystemMessage,
  OpenAIChatTextPart,
  OpenAIChatToolCall,
  OpenAIChatToolMessage,
  OpenAIChatUserContentPart,
  OpenAIChatUserMessage,
} from './openai-chat-types.js';

/**
 * Writes a neutral history as Chat Completions `messages`.
 */
export function toOpenAIChat(
  history: ToolHistory,
  options: WriterOptions = {},
): ConversionResult<OpenAIChatMessage[]> {
  return writeChatMessages(history, OPENAI_CHAT_DIALECT, options);
}

/** Writes a neutral history as Chat Completions-shaped messages in the given dialect (shared with Mistral). */
export function writeChatMessages(
  history: ToolHistory,
  dialect: ChatDialect,
  options: WriterOptions = {},
): ConversionResult<OpenAIChatMessage[]> {
  const context = new ConversionContext(dialect.format, options);
  const names = new CallNames('turn');
  const messages: OpenAIChatMessage[] = [];
  history.forEach((message, index) => {
    switch (message.role) {
      case 'system':
        names.other();
        messages.push(writeSystem(message, index, context));
        break;
      case 'user':
        names.other();
        messages.push(writeUser(message, index, context));
        break;
      case 'assistant':
        messages.push(writeAssistant(message, index, context, names));
        break;
      case 'tool':
        appendAll(messages, writeResults(message, index, context, names, dialect));
        break;
      default:
        assertNever(message, 'history message');
    }
  });
  return { messages, warnings: context.warnings };
}

function writeSystem(
  message: SystemMessage,
  index: number,
  context: ConversionContext,
): OpenAIChatSystemMessage {
  const { role, ...extras } = context.ownData(message.providerData, index) ?? {};
  return { ...extras, role: role === 'developer' ? 'developer' : 'system', content: message.text };
}

function writeUser(
  message: UserMessage,
  index: number,
  context: ConversionContext,
): OpenAIChatUserMessage {
  const extras = context.ownData(message.providerData, index);
  const [only] = message.parts;
  if (message.parts.length === 1 && only?.type === 'text' && only.providerData === undefined) {
    return { ...extras, role: 'user', content: only.text };
  }
  const content: OpenAIChatUserContentPart[] = [];
  for (const part of message.parts) {
    if (part.type === 'text') {
      content.push({ ...context.ownData(part.providerData, index), type: 'text', text: part.text });
    } else {
      const value = context.ownOpaque(part, index);
      // Opaque parts in this format were read from this format's user content.
      if (value !== undefined) content.push(value as OpenAIChatUserContentPart);
    }
  }
  return { ...extras, role: 'user', content };
}

function writeAssistant(
  message: AssistantMessage,
  index: number,
  context: ConversionContext,
  names: CallNames,
): OpenAIChatAssistantMessage {
  const extras = context.ownData(message.providerData, index);
  const content: (OpenAIChatTextPart | OpenAIChatRefusalPart)[] = [];
  const toolCalls: OpenAIChatToolCall[] = [];
  let plainText = true;
  let reordered = false;
  for (const part of message.parts) {
    switch (part.type) {
      case 'text':
        if (toolCalls.length > 0) reordered = true;
        if (part.providerData !== undefined) plainText = false;
        content.push({
          ...context.ownData(part.providerData, index),
          type: 'text',
          text: part.text,
        });
        break;
      case 'opaque': {
        const value = context.ownOpaque(part, index);
        if (value === undefined) break;
        if (toolCalls.length > 0) reordered = true;
        plainText = false;
        content.push(value as OpenAIChatRefusalPart);
        break;
      }
      case 'tool-call':
        toolCalls.push(
          withExtras(context.ownData(part.providerData, index, part.callId), {
            id: part.callId,
            type: 'function',
            function: { name: part.name, arguments: argumentsTextOf(part) },
          }),
        );
        break;
      default:
        assertNever(part, 'assistant part');
    }
  }
  if (reordered) {
    context.warn(
      'reordered-parts',
      index,
      "Chat Completions holds an assistant message's text before its tool calls; text written after a call was moved in front of the calls.",
    );
  }
  if (toolCalls.length > 0) names.startTurn();
  else names.other();
  for (const call of toolCalls) names.call(call.id, call.function.name);
  const only = content[0];
  const text =
    content.length === 0
      ? null
      : content.length === 1 && plainText && only?.type === 'text'
        ? only.text
        : content;
  return toolCalls.length > 0
    ? withExtras(extras, { role: 'assistant', content: text, tool_calls: toolCalls })
    : withExtras(extras, { role: 'assistant', content: text });
}

function writeResults(
  message: ToolResultsMessage,
  index: number,
  context: ConversionContext,
  names: CallNames,
  dialect: ChatDialect,
): OpenAIChatToolMessage[] {
  context.ownData(message.providerData, index);
  return message.results.map((result): OpenAIChatToolMessage => {
    if (dialect.resultName) names.answer(result.callId);
    else answerWithoutName(names, result, index, context, `${dialect.formatName} tool messages`);
    if (result.isError && context.wants('dropped-error-flag')) {
      context.warn(
        'dropped-error-flag',
        index,
        `${dialect.formatName} tool messages have no error flag; the result for "${result.callId}" is sent as a plain result.`,
        result.callId,
      );
    }
    const content = resultText(result.content);
    const extras = context.ownData(result.providerData, index, result.callId);
    return dialect.resultName
      ? withExtras(extras, {
          role: 'tool',
          tool_call_id: result.callId,
          name: result.name,
          content,
        })
      : withExtras(extras, { role: 'tool', tool_call_id: result.callId, content });
  });
}
