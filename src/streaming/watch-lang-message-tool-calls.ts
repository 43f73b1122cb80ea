/**
 * One item of an aiwrapper `LangMessage`, typed structurally so that this module works without
 * aiwrapper installed. Tool items carry `callId`, `name` and `arguments`; text items carry `text`.
 */
export interface LangMessageItemLike {
  readonly type: string;
  readonly [field: string]: unknown;
}

/** An aiwrapper `LangMessage`, typed structurally: what `onResult` receives while streaming. */
export interface LangMessageLike {
  readonly role: string;
  readonly items: readonly LangMessageItemLike[];
}

/** A tool item appeared in the streamed message. */
export interface LangMessageToolCallStartEvent {
  readonly type: 'tool-call-start';
  /** Position of the call among the message's tool items. */
  readonly index: number;
  readonly callId: string;
  readonly name: string;
}

/**
 * A tool item's name or arguments object changed: aiwrapper replaces the object whenever its whole
 * buffer parses, and once more for every call when the stream finishes.
 */
export interface LangMessageToolCallUpdateEvent {
  readonly type: 'tool-call-update';
  readonly index: number;
  readonly callId: string;
  readonly name: string;
  /** The arguments object as aiwrapper holds it now. */
  readonly arguments: Readonly<Record<string, unknown>>;
}

/** Text was appended to the streamed message. */
export interface LangMessageTextDeltaEvent {
  readonly type: 'text-delta';
  readonly delta: string;
}

/** What {@link watchLangMessageToolCalls} reports, discriminated on `type`. */
export type LangMessageToolCallEvent =
  LangMessageToolCallStartEvent | LangMessageToolCallUpdateEvent | LangMessageTextDeltaEvent;

interface SeenToolItem {
  readonly index: number;
  name: string;
  arguments: unknown;
}

interface SeenMessage {
  readonly tools: WeakMap<object, SeenToolItem>;
  readonly textLengths: WeakMap<object, number>;
  toolCount: number;
}

const EMPTY_ARGUMENTS: Readonly<Record<string, unknown>> = Object.freeze({});

function argumentsOf(value: unknown): Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : EMPTY_ARGUMENTS;
}

/**
 * Returns an `onResult` callback for aiwrapper that reports tool calls starting and their
 * arguments growing, and text deltas, as the streamed `LangMessage` changes. It only reads the
 * message; pass it as `onResult` (or call it from yours). Several messages can be watched with
 * one callback: each message object is tracked separately.
 *
 * Limits, which come from what aiwrapper 3 exposes: there is no raw argument text, only the
 * arguments object that aiwrapper re-parses from its whole buffer on every delta, so an update
 * is reported only when the whole buffer happens to parse (for an object, usually at the end);
 * that re-parse is also what makes aiwrapper's own streaming quadratic. Ids are aiwrapper's
 * (`tool_call_<index>` when the provider sent none). For a real live view, feed the provider's
 * events to {@link createToolCallAccumulator} instead.
 *
 * @example
 * await lang.chat(messages, {
 *   onResult: watchLangMessageToolCalls((event) => {
 *     if (event.type === 'tool-call-start') showSpinner(event.name);
 *   }),
 * });
 */
export function watchLangMessageToolCalls(
  listener: (event: LangMessageToolCallEvent) => void,
): (message: LangMessageLike) => void {
  const messages = new WeakMap<object, SeenMessage>();
  return (message) => {
    if (message.role !== 'assistant') return;
    let seen = messages.get(message);
    if (seen === undefined) {
      seen = { tools: new WeakMap(), textLengths: new WeakMap(), toolCount: 0 };
      messages.set(message, seen);
    }
    for (const item of message.items) {
      if (item.type === 'text' && typeof item.text === 'string') {
        const before = seen.textLengths.get(item) ?? 0;
        if (item.text.length > before) {
          seen.textLengths.set(item, item.text.length);
          listener({ type: 'text-delta', delta: item.text.slice(before) });
        }
        continue;
      }
      if (item.type !== 'tool') continue;
      const callId = typeof item.callId === 'string' ? item.callId : '';
      const name = typeof item.name === 'string' ? item.name : '';
      const known = seen.tools.get(item);
      if (known === undefined) {
        const index = seen.toolCount++;
        seen.tools.set(item, { index, name, arguments: item.arguments });
        listener({ type: 'tool-call-start', index, callId, name });
        if (Object.keys(argumentsOf(item.arguments)).length > 0) {
          listener({
            type: 'tool-call-update',
            index,
            callId,
            name,
            arguments: argumentsOf(item.arguments),
          });
        }
      } else if (known.name !== name || known.arguments !== item.arguments) {
        known.name = name;
        known.arguments = item.arguments;
        listener({
          type: 'tool-call-update',
          index: known.index,
          callId,
          name,
          arguments: argumentsOf(item.arguments),
        });
      }
    }
  };
}
