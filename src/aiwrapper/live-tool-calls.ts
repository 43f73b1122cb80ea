import type { ProviderFormat } from '../core/format.js';
import type { LiveToolCall, ToolCallStreamEvent } from '../core/stream/tool-call-stream-event.js';
import type { StreamFormat } from '../formats/index.js';
import { accumulateSSE } from '../streaming/accumulate-sse.js';
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

/** The stream format to watch, where aiwrapper keeps the provider's ids (not Gemini's). */
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
 * `withToolCallStreams`) into an accumulator, and pushes its text and call events; the loop
 * reports a call's end itself, once the response is in the history.
 */
export function watchResponse(
  format: ProviderFormat | undefined,
  signal: AbortSignal,
  push: (event: ToolCallStreamEvent) => void,
): LiveView {
  const streamFormat = liveFormatOf(format);
  let active = false;
  let reading: Promise<void> = Promise.resolve();
  const listener = (event: ToolCallStreamEvent): void => {
    if (event.type !== 'tool-call-end') push(event);
  };
  const forget =
    streamFormat === undefined
      ? () => undefined
      : readResponseBody(signal, (body) => {
          active = true;
          // The live view is a view: aiwrapper's reading of the same body decides the response,
          // and reports its failure (an abort included) through chat().
          reading = accumulateSSE(body, { format: streamFormat, listener }).then(
            () => undefined,
            () => undefined,
          );
        });
  return {
    get active() {
      return active;
    },
    finished: () => reading,
    dispose: forget,
  };
}

/** The fields of an aiwrapper `LangMessage` the watcher reads, typed structurally. */
interface WatchedMessage {
  readonly role: string;
  readonly items: readonly { readonly type: string; readonly [field: string]: unknown }[];
}

type MutableLiveCall = { -readonly [K in keyof LiveToolCall]: LiveToolCall[K] };

const EMPTY_ARGUMENTS: Readonly<Record<string, unknown>> = Object.freeze({});

function argumentsOf(value: unknown): Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : EMPTY_ARGUMENTS;
}

/** A call's view as aiwrapper holds it: the argument text is its arguments object, serialized. */
export function liveCallOf(
  index: number,
  callId: string,
  name: string,
  args: unknown,
  ended: boolean,
): LiveToolCall {
  const partialArguments = argumentsOf(args);
  // `''` until aiwrapper has parsed some arguments, as its items start with `{}`.
  const argumentsText =
    Object.keys(partialArguments).length === 0 ? '' : JSON.stringify(partialArguments);
  return { index, callId, name, argumentsText, partialArguments, ended };
}

/**
 * An `onResult` callback pushing the events of the streamed message, when the raw stream is not in
 * view: aiwrapper 3 holds only parsed arguments, so `tool-call-delta` comes when they change.
 */
export function watchLangMessage(
  push: (event: ToolCallStreamEvent) => void,
): (message: WatchedMessage) => void {
  const calls = new Map<object, { call: MutableLiveCall; arguments: unknown }>();
  const textLengths = new Map<object, number>();
  return (message) => {
    if (message.role !== 'assistant') return;
    for (const item of message.items) {
      if (item.type === 'text' && typeof item.text === 'string') {
        const before = textLengths.get(item) ?? 0;
        if (item.text.length > before) {
          textLengths.set(item, item.text.length);
          push({ type: 'text-delta', delta: item.text.slice(before) });
        }
        continue;
      }
      if (item.type !== 'tool') continue;
      const callId = typeof item.callId === 'string' ? item.callId : '';
      const name = typeof item.name === 'string' ? item.name : '';
      let seen = calls.get(item);
      if (seen === undefined) {
        const call = liveCallOf(calls.size, callId, name, undefined, false);
        seen = { call: { ...call }, arguments: undefined };
        calls.set(item, seen);
        push({ type: 'tool-call-start', index: call.index, callId, name, call: seen.call });
      }
      const { call } = seen;
      call.callId = callId;
      call.name = name;
      if (seen.arguments === item.arguments) continue;
      seen.arguments = item.arguments;
      const { argumentsText, partialArguments } = liveCallOf(0, '', '', item.arguments, false);
      if (argumentsText === call.argumentsText) continue;
      const argumentsDelta = argumentsText.startsWith(call.argumentsText)
        ? argumentsText.slice(call.argumentsText.length)
        : argumentsText;
      call.argumentsText = argumentsText;
      call.partialArguments = partialArguments;
      push({ type: 'tool-call-delta', index: call.index, callId, argumentsDelta, call });
    }
  };
}
