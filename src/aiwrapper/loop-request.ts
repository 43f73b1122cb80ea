import { LangMessages, type LangMessage, type LangTool, type LanguageProvider } from 'aiwrapper';
import { EventChannel } from '../loop/event-channel.js';
import type { ToolLoopEvent } from '../loop/tool-loop-events.js';
import { watchLangMessageToolCalls } from '../streaming/watch-lang-message-tool-calls.js';
import type { ProviderFormat } from '../core/format.js';
import { watchResponse } from './live-tool-calls.js';

/** One model request of the loop. */
export interface LoopRequest {
  readonly lang: LanguageProvider;
  /** The conversation; left as it is: the response is returned, not written. */
  readonly messages: LangMessages;
  /** The tools to declare, or `undefined` to declare none. */
  readonly tools: readonly LangTool[] | undefined;
  readonly signal: AbortSignal;
  /** Pass `onResult` (aiwrapper streams the response) and report text and calls as they grow. */
  readonly stream: boolean;
  readonly round: number;
  /** The format `lang` speaks, for the live view of its stream. */
  readonly format: ProviderFormat | undefined;
}

/**
 * Sends one request and yields the text and call events of its response as they arrive; returns
 * the messages the response added. The request is built from a copy of the collection, so the
 * conversation never holds a half-streamed message: whatever the response or its failure, the
 * caller's collection changes only when it writes the returned messages.
 *
 * aiwrapper's `chat()` runs the calls of a response itself; the copy's `executeRequestedTools` is
 * replaced so that it does not (the loop runs them, with its timeouts, approvals and markers).
 */
export async function* requestRound(
  request: LoopRequest,
): AsyncGenerator<ToolLoopEvent, LangMessage[], undefined> {
  const { messages, round } = request;
  const copy = new LangMessages(messages);
  if (messages.instructions !== undefined) copy.instructions = messages.instructions;
  if (request.tools === undefined) delete copy.availableTools;
  else copy.availableTools = [...request.tools];
  Object.defineProperty(copy, 'executeRequestedTools', {
    value: (): Promise<null> => Promise.resolve(null),
    configurable: true,
    writable: true,
  });
  const channel = new EventChannel<ToolLoopEvent>();
  // The request's own signal: the live view finds its response by it.
  const controller = new AbortController();
  const abort = (): void => {
    controller.abort(request.signal.reason);
  };
  if (request.signal.aborted) abort();
  else request.signal.addEventListener('abort', abort, { once: true });
  const live = request.stream
    ? watchResponse(request.format, controller.signal, round, (event) => {
        channel.push(event);
      })
    : undefined;
  const onResult = request.stream
    ? watchLangMessageToolCalls((event) => {
        // With the raw stream in view, its events say it all, and earlier.
        if (live?.active === true) return;
        switch (event.type) {
          case 'text-delta':
            channel.push({ type: 'text-delta', round, delta: event.delta });
            return;
          case 'tool-call-start':
            channel.push({ ...event, round });
            return;
          case 'tool-call-update':
            channel.push({
              type: 'tool-call-delta',
              round,
              index: event.index,
              callId: event.callId,
              name: event.name,
              argumentsText: undefined,
              partialArguments: event.arguments,
            });
        }
      })
    : undefined;
  request.lang
    .chat(copy, { signal: controller.signal, ...(onResult === undefined ? {} : { onResult }) })
    .then(
      async () => {
        await live?.finished();
        channel.end();
      },
      (error: unknown) => {
        channel.fail(error);
      },
    );
  try {
    yield* channel;
  } finally {
    live?.dispose();
    request.signal.removeEventListener('abort', abort);
    // Stopped between events (the consumer broke out): the request goes too.
    controller.abort();
  }
  const added = copy.slice(messages.length);
  if (!request.stream) yield* wholeResponseEvents(added, round);
  return added;
}

/** The events a streamed response would have given, for a response read whole. */
function* wholeResponseEvents(
  added: readonly LangMessage[],
  round: number,
): Generator<ToolLoopEvent, void, undefined> {
  let index = 0;
  for (const message of added) {
    if (message.role !== 'assistant') continue;
    for (const item of message.items) {
      if (item.type === 'text' && item.text !== '')
        yield { type: 'text-delta', round, delta: item.text };
      if (item.type === 'tool')
        yield {
          type: 'tool-call-start',
          round,
          index: index++,
          callId: item.callId,
          name: item.name,
        };
    }
  }
}
