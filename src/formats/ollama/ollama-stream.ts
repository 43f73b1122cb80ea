import { usableProviderId } from '../../core/stream/accumulator-core.js';
import { EventFields, isObject } from '../../core/stream/stream-event-guards.js';
import type { StreamAdapter } from '../shared/format-adapter.js';

const FORMAT = 'Ollama';

interface OllamaCall {
  readonly id: string | undefined;
  readonly name: string;
  readonly argumentsText: string;
}

/** Checks a whole chunk before anything of it is applied, so a refused chunk changes nothing. */
function readCalls(message: Readonly<Record<string, unknown>>, read: EventFields): OllamaCall[] {
  const toolCalls = message.tool_calls ?? [];
  if (!Array.isArray(toolCalls)) return read.fail('message.tool_calls', 'an array', toolCalls);
  return toolCalls.map((toolCall: unknown, at) => {
    const field = `message.tool_calls[${at}]`;
    if (!isObject(toolCall)) return read.fail(field, 'an object', toolCall);
    const { id, function: fn } = toolCall;
    if (!isObject(fn)) return read.fail(`${field}.function`, 'an object', fn);
    if (id !== undefined && id !== null && typeof id !== 'string')
      return read.fail(`${field}.id`, 'a string', id);
    if (typeof fn.name !== 'string')
      return read.fail(`${field}.function.name`, 'a string', fn.name);
    const where = `${field}.function.arguments`;
    const argumentsText = read.arguments(fn.arguments, where);
    return { id: typeof id === 'string' ? id : undefined, name: fn.name, argumentsText };
  });
}

/** Ollama's native `/api/chat` (its `/v1` is `openai-chat`): each call whole. */
export const OLLAMA_STREAM: StreamAdapter = {
  framing: 'json-lines',
  createHandler: (core) => ({
    handle(event) {
      const read = new EventFields(FORMAT, core.eventIndex);
      if (!isObject(event)) return read.fail('', 'an /api/chat response object', event);
      const message = event.message ?? {};
      if (!isObject(message)) return read.fail('message', 'an object', message);
      const content = message.content ?? '';
      if (typeof content !== 'string') return read.fail('message.content', 'a string', content);
      const calls = readCalls(message, read);
      core.appendText(content);
      for (const { id, name, argumentsText } of calls) {
        const call = core.createCall(usableProviderId(id), name);
        core.appendArguments(call, argumentsText);
        core.endCall(call);
      }
      if (event.done === true) {
        if (typeof event.done_reason === 'string') core.stopReason = event.done_reason;
        core.endAll();
      }
    },
  }),
};
