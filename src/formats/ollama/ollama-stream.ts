import type { AccumulatorCore } from '../../core/stream/accumulator-core.js';
import {
  applyCompleteCalls,
  readArgumentsValue,
  type CompleteCall,
  type CompleteCallsChunk,
} from '../../core/stream/complete-calls-stream-handler.js';
import { invalidEvent, isRecord } from '../../core/stream/stream-event-guards.js';
import type { StreamAdapter } from '../shared/format-adapter.js';

const FORMAT = 'Ollama';

function readChunk(event: unknown, eventIndex: number): CompleteCallsChunk {
  if (!isRecord(event))
    return invalidEvent(FORMAT, eventIndex, '', 'an /api/chat response object', event);
  const finished = event.done === true;
  const message = event.message;
  if (message === undefined || message === null) return { text: '', calls: [], finished };
  if (!isRecord(message)) return invalidEvent(FORMAT, eventIndex, 'message', 'an object', message);
  const content = message.content ?? '';
  if (typeof content !== 'string')
    return invalidEvent(FORMAT, eventIndex, 'message.content', 'a string', content);
  const toolCalls = message.tool_calls ?? [];
  if (!Array.isArray(toolCalls))
    return invalidEvent(FORMAT, eventIndex, 'message.tool_calls', 'an array', toolCalls);
  const calls: CompleteCall[] = [];
  for (let at = 0; at < toolCalls.length; at++) {
    const toolCall: unknown = toolCalls[at];
    const field = `message.tool_calls[${at}]`;
    if (!isRecord(toolCall)) return invalidEvent(FORMAT, eventIndex, field, 'an object', toolCall);
    const fn = toolCall.function;
    if (!isRecord(fn))
      return invalidEvent(FORMAT, eventIndex, `${field}.function`, 'an object', fn);
    const { id } = toolCall;
    if (id !== undefined && id !== null && typeof id !== 'string')
      return invalidEvent(FORMAT, eventIndex, `${field}.id`, 'a string', id);
    if (typeof fn.name !== 'string')
      return invalidEvent(FORMAT, eventIndex, `${field}.function.name`, 'a string', fn.name);
    calls.push({
      id: typeof id === 'string' ? id : undefined,
      name: fn.name,
      argumentsText: readArgumentsValue(
        fn.arguments,
        FORMAT,
        eventIndex,
        `${field}.function.arguments`,
      ),
    });
  }
  return { text: content, calls, finished };
}

/**
 * Returns the event handler for Ollama's native `/api/chat` stream (JSON lines). Ollama sends
 * each call whole, with arguments as an object, and before v0.12.10 without ids; parallel calls
 * can share one chunk. (Its OpenAI-compatible `/v1` endpoint uses the `openai-chat` format.)
 */
export function createOllamaHandler(core: AccumulatorCore): (event: unknown) => void {
  return (event) => {
    applyCompleteCalls(core, readChunk(event, core.eventIndex));
  };
}

/** The stream adapter for native `/api/chat` chunks. */
export const OLLAMA_STREAM: StreamAdapter = {
  framing: 'json-lines',
  createHandler: (core) => ({
    handle: createOllamaHandler(core),
  }),
};
