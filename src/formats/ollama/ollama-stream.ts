import { usableProviderId } from '../../core/stream/accumulator-core.js';
import {
  invalidEvent,
  isObject,
  readArgumentsValue,
} from '../../core/stream/stream-event-guards.js';
import type { StreamAdapter } from '../shared/format-adapter.js';

const FORMAT = 'Ollama';

interface OllamaCall {
  readonly id: string | undefined;
  readonly name: string;
  readonly argumentsText: string;
}

/** Checks a whole chunk before anything of it is applied, so a refused chunk changes nothing. */
function readCalls(message: Readonly<Record<string, unknown>>, eventIndex: number): OllamaCall[] {
  const toolCalls = message.tool_calls ?? [];
  if (!Array.isArray(toolCalls))
    return invalidEvent(FORMAT, eventIndex, 'message.tool_calls', 'an array', toolCalls);
  return toolCalls.map((toolCall: unknown, at) => {
    const field = `message.tool_calls[${at}]`;
    if (!isObject(toolCall)) return invalidEvent(FORMAT, eventIndex, field, 'an object', toolCall);
    const { id, function: fn } = toolCall;
    if (!isObject(fn))
      return invalidEvent(FORMAT, eventIndex, `${field}.function`, 'an object', fn);
    if (id !== undefined && id !== null && typeof id !== 'string')
      return invalidEvent(FORMAT, eventIndex, `${field}.id`, 'a string', id);
    if (typeof fn.name !== 'string')
      return invalidEvent(FORMAT, eventIndex, `${field}.function.name`, 'a string', fn.name);
    const where = `${field}.function.arguments`;
    const argumentsText = readArgumentsValue(fn.arguments, FORMAT, eventIndex, where);
    return { id: typeof id === 'string' ? id : undefined, name: fn.name, argumentsText };
  });
}

/** Ollama's native `/api/chat` (its `/v1` is `openai-chat`): each call whole. */
export const OLLAMA_STREAM: StreamAdapter = {
  framing: 'json-lines',
  createHandler: (core) => ({
    handle(event) {
      const { eventIndex } = core;
      if (!isObject(event))
        return invalidEvent(FORMAT, eventIndex, '', 'an /api/chat response object', event);
      const message = event.message ?? {};
      if (!isObject(message))
        return invalidEvent(FORMAT, eventIndex, 'message', 'an object', message);
      const content = message.content ?? '';
      if (typeof content !== 'string')
        return invalidEvent(FORMAT, eventIndex, 'message.content', 'a string', content);
      const calls = readCalls(message, eventIndex);
      core.appendText(content);
      for (const { id, name, argumentsText } of calls) {
        const call = core.createCall(usableProviderId(id), name);
        core.appendArguments(call, argumentsText);
        core.endCall(call);
      }
      if (event.done === true) core.endAll();
    },
  }),
};
