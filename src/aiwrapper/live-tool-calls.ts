import { isObject } from '../core/input-guards.js';
import { IncrementalJsonParser } from '../core/stream/incremental-json-parser.js';
import type { LiveToolCall, ToolCallStreamEvent } from '../core/stream/tool-call-stream-event.js';
import { sentArgumentsText } from './sent-tool-calls.js';

/** The fields of an aiwrapper `LangMessage` the watcher reads, typed structurally. */
interface WatchedMessage {
  readonly role: string;
  readonly items: readonly { readonly type: string; readonly [field: string]: unknown }[];
}

type MutableLiveCall = { -readonly [K in keyof LiveToolCall]: LiveToolCall[K] };

const EMPTY_ARGUMENTS: Readonly<Record<string, unknown>> = Object.freeze({});

/** A call's view as aiwrapper holds it: the argument text is its arguments object, serialized. */
function parsedView(args: unknown): Pick<LiveToolCall, 'argumentsText' | 'partialArguments'> {
  const partialArguments = isObject(args) ? args : EMPTY_ARGUMENTS;
  // `''` until aiwrapper has parsed some arguments, as its items start with `{}`.
  const argumentsText =
    Object.keys(partialArguments).length === 0 ? '' : JSON.stringify(partialArguments);
  return { argumentsText, partialArguments };
}

/**
 * An `onResult` callback pushing the events of the streamed message. The argument text is the
 * model's as it arrives where the loop's handler hooks recorded it, else aiwrapper's parsed object.
 */
export function watchLangMessage(
  push: (event: ToolCallStreamEvent) => void,
): (message: WatchedMessage) => void {
  const calls = new Map<
    object,
    { call: MutableLiveCall; arguments: unknown; parser?: IncrementalJsonParser }
  >();
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
        const call: MutableLiveCall = {
          index: calls.size,
          callId,
          name,
          argumentsText: '',
          partialArguments: EMPTY_ARGUMENTS,
          ended: false,
        };
        seen = { call, arguments: undefined };
        calls.set(item, seen);
        push({ type: 'tool-call-start', index: call.index, callId, name, call });
      }
      const { call } = seen;
      call.callId = callId;
      call.name = name;
      const sent = sentArgumentsText(item);
      let argumentsDelta: string;
      if (sent !== undefined) {
        if (sent.length === call.argumentsText.length) continue;
        argumentsDelta = sent.slice(call.argumentsText.length);
        call.argumentsText = sent;
        try {
          seen.parser ??= new IncrementalJsonParser();
          seen.parser.write(argumentsDelta);
          call.partialArguments = parsedView(seen.parser.value).partialArguments;
        } catch {
          // Nested past the parser's depth: the view keeps the text only.
        }
      } else {
        if (seen.arguments === item.arguments) continue;
        seen.arguments = item.arguments;
        const { argumentsText, partialArguments } = parsedView(item.arguments);
        if (argumentsText === call.argumentsText) continue;
        argumentsDelta = argumentsText.startsWith(call.argumentsText)
          ? argumentsText.slice(call.argumentsText.length)
          : argumentsText;
        call.argumentsText = argumentsText;
        call.partialArguments = partialArguments;
      }
      push({ type: 'tool-call-delta', index: call.index, callId, argumentsDelta, call });
    }
  };
}
