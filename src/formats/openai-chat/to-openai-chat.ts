import { assertNever } from '../../core/input-guards.js';
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
import { mediaOfResults, MOVED_NOTE } from './chat-result-media.js';
import { MISTRAL_DIALECT, OPENAI_CHAT_DIALECT, type ChatDialect } from './from-openai-chat.js';
import { LEGACY_CALL_ID } from './validate-openai-chat.js';
import type {
  OpenAIChatAssistantMessage,
  OpenAIChatFunctionMessage,
  OpenAIChatMessage,
  OpenAIChatToolCall,
  OpenAIChatToolMessage,
  OpenAIChatUserContentPart,
  MistralMessage,
} from './openai-chat-types.js';

/** Writes a neutral history as Chat Completions `messages`. */
export function toOpenAIChat(
  history: ToolHistory,
  options: WriterOptions = {},
): ConversionResult<OpenAIChatMessage[]> {
  return writeChatMessages(history, OPENAI_CHAT_DIALECT, options);
}

/** Writes a neutral history as Mistral `messages`, each `tool` message with the result's `name`. */
export function toMistral(
  history: ToolHistory,
  options: WriterOptions = {},
): ConversionResult<MistralMessage[]> {
  // The Mistral dialect writes `name` on every tool message.
  return writeChatMessages(history, MISTRAL_DIALECT, options) as ConversionResult<MistralMessage[]>;
}

function writeChatMessages(
  history: ToolHistory,
  dialect: ChatDialect,
  options: WriterOptions = {},
): ConversionResult<OpenAIChatMessage[]> {
  const context = new ConversionContext(dialect.format, options);
  const names = new CallNames('turn');
  // OpenAI's functions API only; `inToolCalls`: the open turn holds a `tool_calls` entry under
  // the legacy id, so its results are `tool` messages.
  const legacy = { on: dialect.format === 'openai-chat', inToolCalls: false };
  const messages: OpenAIChatMessage[] = [];
  history.forEach((message, index) => {
    switch (message.role) {
      case 'system': {
        names.other();
        const { role, ...extras } = context.ownData(message.providerData, index) ?? {};
        const systemRole = role === 'developer' ? 'developer' : 'system';
        messages.push({ ...extras, role: systemRole, content: message.text });
        break;
      }
      case 'user': {
        names.other();
        const extras = context.ownData(message.providerData, index);
        const content = context.writeContent<OpenAIChatUserContentPart>(message.parts, index);
        messages.push({ ...extras, role: 'user', content });
        break;
      }
      case 'assistant':
        messages.push(writeAssistant(message, index, context, names, legacy));
        break;
      case 'tool': {
        context.ownData(message.providerData, index);
        for (const result of message.results) {
          const asFunction = legacy.on && result.callId === LEGACY_CALL_ID && !legacy.inToolCalls;
          const role = asFunction ? 'function' : 'tool';
          messages.push(writeResult(result, index, context, names, dialect, role));
        }
        const media = mediaOfResults(message.results);
        for (const { callId, what } of media.lost)
          context.warn(
            'dropped-content',
            index,
            `${dialect.formatName} cannot hold ${what}; it was left out.`,
            callId,
          );
        if (media.content.length === 0) break;
        // Mistral refuses a user message right after `tool` messages ("Unexpected role 'user'
        // after role 'tool'"): there the media have nowhere to go.
        if (dialect.format === 'mistral') {
          for (const result of message.results)
            if (result.parts?.some((part) => part.type === 'image' || part.type === 'document'))
              context.warn(
                'dropped-content',
                index,
                "Mistral takes images and files only in user messages, and no user message may follow a tool message; the result's media were left out.",
                result.callId,
              );
          break;
        }
        names.other();
        messages.push({ role: 'user', content: media.content });
        context.warn(
          'reordered-parts',
          index,
          `${dialect.formatName} takes images and files only in user messages; those of the results were moved into a user message after them.`,
        );
        break;
      }
      default:
        assertNever(message, 'history message');
    }
  });
  return { messages, warnings: context.warnings };
}

function writeAssistant(
  message: AssistantMessage,
  index: number,
  context: ConversionContext,
  names: CallNames,
  legacy: { readonly on: boolean; inToolCalls: boolean },
): OpenAIChatAssistantMessage {
  const extras = context.ownData(message.providerData, index);
  const toolCalls: OpenAIChatToolCall[] = [];
  let functionCall: { name: string; arguments: string } | undefined;
  for (const part of message.parts) {
    if (part.type !== 'tool-call') continue;
    const own = context.ownData(part.providerData, index, part.callId);
    const { callId: id, name } = part;
    const call = { name, arguments: argumentsTextOf(part) };
    if (part.kind === 'custom')
      toolCalls.push(
        withExtras(own, { id, type: 'custom', custom: { name, input: call.arguments } }),
      );
    // The deprecated functions API's call: written back as `function_call`.
    else if (legacy.on && id === LEGACY_CALL_ID && functionCall === undefined)
      functionCall = withExtras(own, call);
    else toolCalls.push(withExtras(own, { id, type: 'function', function: call }));
  }
  const others = message.parts.filter((part) => part.type !== 'tool-call');
  // Text, or a part of this format, written after a call moves in front of the calls.
  const firstCall = message.parts.findIndex((part) => part.type === 'tool-call');
  const moved = message.parts
    .slice(firstCall)
    .some(
      (part) => part.type === 'text' || (part.type === 'opaque' && part.format === 'openai-chat'),
    );
  if (toolCalls.length > 0 && moved)
    context.warn(
      'reordered-parts',
      index,
      "Chat Completions holds an assistant message's text before its tool calls; text written after a call was moved in front of the calls.",
    );
  if (toolCalls.length > 0 || functionCall !== undefined) names.startTurn();
  else names.other();
  legacy.inToolCalls = toolCalls.some((call) => call.id === LEGACY_CALL_ID);
  if (functionCall !== undefined) names.arm(LEGACY_CALL_ID, functionCall.name);
  for (const call of toolCalls)
    names.arm(call.id, call.type === 'custom' ? call.custom.name : call.function.name);
  const written = context.writeContent<
    Exclude<OpenAIChatAssistantMessage['content'], string | null | undefined>[number]
  >(others, index);
  const content = written.length === 0 && Array.isArray(written) ? null : written;
  const assistant: OpenAIChatAssistantMessage =
    toolCalls.length > 0
      ? withExtras(extras, { role: 'assistant', content, tool_calls: toolCalls })
      : withExtras(extras, { role: 'assistant', content });
  return functionCall === undefined ? assistant : { ...assistant, function_call: functionCall };
}

/** A `tool` message, or the `function` message answering a legacy `function_call`. */
function writeResult(
  result: ToolResult,
  index: number,
  context: ConversionContext,
  names: CallNames,
  dialect: ChatDialect,
  role: 'tool' | 'function',
): OpenAIChatToolMessage | OpenAIChatFunctionMessage {
  const { callId, name } = result;
  const named = dialect.resultName || role === 'function';
  if (named) names.answer(callId);
  else answerWithoutName(names, result, index, context, `${dialect.formatName} tool messages`);
  if (result.isError) {
    const text = `${dialect.formatName} ${role} messages have no error flag; the result for "${callId}" is sent as a plain result.`;
    context.warn('dropped-error-flag', index, text, callId);
  }
  const text = resultText(result.content);
  // A result of images alone keeps a note where they went (a tool message needs content).
  const content = text === '' && result.parts !== undefined ? MOVED_NOTE : text;
  const extras = context.ownData(result.providerData, index, callId);
  if (role === 'function') return withExtras(extras, { role, name, content });
  const id = { role, tool_call_id: callId };
  return withExtras(extras, named ? { ...id, name, content } : { ...id, content });
}
