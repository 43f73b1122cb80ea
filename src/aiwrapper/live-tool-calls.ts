import type { ProviderFormat } from '../core/format.js';
import type { StreamFormat } from '../formats/index.js';
import type { ToolLoopEvent } from './loop/tool-loop-events.js';
import { readStreamEvents } from '../streaming/read-stream-events.js';
import { createToolCallAccumulator } from '../streaming/tool-call-accumulator.js';
import { streamAdapterFor } from '../formats/index.js';
import { readResponseBody } from './tool-call-streams.js';

/** The live view of one request's response, read from the raw stream. */
export interface LiveView {
  /** True once the response's body reached the view (the request function is wrapped). */
  readonly active: boolean;
  /** Settles when the view has read the whole body (at once when it never got one). */
  finished(): Promise<void>;
  /** Forgets the request. */
  dispose(): void;
}

/**
 * The stream format of aiwrapper's provider, when aiwrapper streams it and keeps the provider's
 * call ids (so that the live view's ids are the history's): not Gemini, whose calls aiwrapper
 * numbers itself.
 */
function liveFormatOf(format: ProviderFormat | undefined): StreamFormat | undefined {
  switch (format) {
    case 'openai-chat':
    case 'mistral':
      return 'openai-chat';
    case 'openai-responses':
    case 'anthropic':
      return format;
    default:
      return undefined;
  }
}

/**
 * Reads the response to the request sent with `signal` (when the request function is wrapped with
 * `withToolCallStreams`) into the package's accumulator, and reports its text and calls as loop
 * events: the argument text as it arrives, and the arguments parsed so far.
 */
export function watchResponse(
  format: ProviderFormat | undefined,
  signal: AbortSignal,
  round: number,
  push: (event: ToolLoopEvent) => void,
): LiveView {
  const streamFormat = liveFormatOf(format);
  let active = false;
  let reading: Promise<void> = Promise.resolve();
  const forget =
    streamFormat === undefined
      ? () => undefined
      : readResponseBody(signal, (body) => {
          active = true;
          reading = readBody(body, streamFormat, round, push);
        });
  return {
    get active() {
      return active;
    },
    finished: () => reading,
    dispose: forget,
  };
}

async function readBody(
  body: ReadableStream<Uint8Array>,
  format: StreamFormat,
  round: number,
  push: (event: ToolLoopEvent) => void,
): Promise<void> {
  const accumulator = createToolCallAccumulator({
    format,
    listener: (event) => {
      switch (event.type) {
        case 'text-delta':
          push({ type: 'text-delta', round, delta: event.delta });
          return;
        case 'tool-call-start':
          push({
            type: 'tool-call-start',
            round,
            index: event.index,
            callId: event.callId,
            name: event.name,
          });
          return;
        case 'tool-call-delta':
          push({
            type: 'tool-call-delta',
            round,
            index: event.index,
            callId: event.call.callId,
            name: event.call.name,
            argumentsText: event.call.argumentsText,
            partialArguments: event.call.partialArguments,
          });
          return;
        case 'tool-call-end':
          // The loop reports the end when the response is written to the history.
          return;
      }
    },
  });
  try {
    for await (const event of readStreamEvents(body, { framing: streamAdapterFor(format).framing }))
      accumulator.push(event);
  } catch {
    // The live view is a view: aiwrapper's reading of the same body decides the response, and
    // reports its failure (an abort included) through chat().
  }
}
