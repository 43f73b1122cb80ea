import type { AccumulatorCore } from '../../core/stream/accumulator-core.js';
import { usableProviderId } from '../../core/stream/accumulator-core.js';
import {
  invalidEvent,
  isRecord,
  optionalIndex,
  optionalRecord,
  optionalString,
  providerStreamError,
} from '../../core/stream/stream-event-guards.js';
import type { ToolCallState } from '../../core/stream/tool-call-state.js';
import type { StreamAdapter } from '../shared/format-adapter.js';

const FORMAT = 'OpenAI Responses';

/** The fields of a `function_call` output item this package uses. */
interface FunctionCallItem {
  readonly itemId: string | undefined;
  readonly callId: string | undefined;
  readonly name: string;
  readonly arguments: string;
}

function readFunctionCallItem(value: unknown, eventIndex: number): FunctionCallItem | undefined {
  const item = optionalRecord(value, FORMAT, eventIndex, 'item');
  if (item?.type !== 'function_call') return undefined;
  return {
    itemId: optionalString(item.id, FORMAT, eventIndex, 'item.id'),
    callId: optionalString(item.call_id, FORMAT, eventIndex, 'item.call_id'),
    name: optionalString(item.name, FORMAT, eventIndex, 'item.name') ?? '',
    arguments: optionalString(item.arguments, FORMAT, eventIndex, 'item.arguments') ?? '',
  };
}

/**
 * Returns the event handler for Responses API stream events. Calls are keyed by item id (what the
 * argument events carry), with the output index as a fallback; the call id is the item's `call_id`.
 */
export function createOpenAIResponsesHandler(core: AccumulatorCore): (event: unknown) => void {
  const byItemId = new Map<string, ToolCallState>();
  const byOutputIndex = new Map<number, ToolCallState>();

  const find = (
    itemId: string | undefined,
    outputIndex: number | undefined,
  ): ToolCallState | undefined =>
    (itemId === undefined ? undefined : byItemId.get(itemId)) ??
    (outputIndex === undefined ? undefined : byOutputIndex.get(outputIndex));

  const register = (
    call: ToolCallState,
    itemId: string | undefined,
    outputIndex: number | undefined,
  ): void => {
    if (itemId !== undefined) byItemId.set(itemId, call);
    if (outputIndex !== undefined) byOutputIndex.set(outputIndex, call);
  };

  /** Finds the call an event belongs to, creating it (never dropping text) if no item was announced. */
  const callFor = (itemId: string | undefined, outputIndex: number | undefined): ToolCallState => {
    const known = find(itemId, outputIndex);
    if (known !== undefined) return known;
    const call = core.createCall(undefined, '');
    register(call, itemId, outputIndex);
    return call;
  };

  /** Fills in what an item knows and the call does not yet (late `call_id`, name, whole arguments). */
  const complete = (call: ToolCallState, item: FunctionCallItem): void => {
    const providerId = usableProviderId(item.callId);
    if (providerId !== undefined) core.setProviderId(call, providerId);
    if (call.name === '') core.setName(call, item.name);
    if (item.arguments === '') return;
    const streamed = call.argumentsText;
    if (streamed === '') core.appendArguments(call, item.arguments);
    else if (streamed !== item.arguments)
      core.warn(
        call,
        'done-arguments-differ',
        `the whole arguments of the done event (${item.arguments.length} characters) differ from the ${streamed.length} characters streamed as deltas; the deltas were kept.`,
      );
  };

  return (event) => {
    const eventIndex = core.eventIndex;
    if (!isRecord(event))
      return invalidEvent(FORMAT, eventIndex, '', 'a stream event object', event);
    const type = optionalString(event.type, FORMAT, eventIndex, 'type');
    switch (type) {
      case 'response.output_item.added': {
        const outputIndex = optionalIndex(event.output_index, FORMAT, eventIndex, 'output_index');
        const item = readFunctionCallItem(event.item, eventIndex);
        if (item === undefined) return;
        const call = core.createCall(usableProviderId(item.callId), item.name);
        register(call, item.itemId, outputIndex);
        if (item.arguments !== '') core.appendArguments(call, item.arguments);
        return;
      }
      case 'response.function_call_arguments.delta': {
        const itemId = optionalString(event.item_id, FORMAT, eventIndex, 'item_id');
        const outputIndex = optionalIndex(event.output_index, FORMAT, eventIndex, 'output_index');
        const delta = event.delta;
        if (typeof delta !== 'string')
          return invalidEvent(FORMAT, eventIndex, 'delta', 'a string', delta);
        core.appendArguments(callFor(itemId, outputIndex), delta);
        return;
      }
      case 'response.function_call_arguments.done': {
        const itemId = optionalString(event.item_id, FORMAT, eventIndex, 'item_id');
        const outputIndex = optionalIndex(event.output_index, FORMAT, eventIndex, 'output_index');
        const text = optionalString(event.arguments, FORMAT, eventIndex, 'arguments') ?? '';
        const name = optionalString(event.name, FORMAT, eventIndex, 'name') ?? '';
        const call = callFor(itemId, outputIndex);
        complete(call, { itemId, callId: undefined, name, arguments: text });
        core.endCall(call);
        return;
      }
      case 'response.output_item.done': {
        const outputIndex = optionalIndex(event.output_index, FORMAT, eventIndex, 'output_index');
        const item = readFunctionCallItem(event.item, eventIndex);
        if (item === undefined) return;
        const known = find(item.itemId, outputIndex);
        const call = known ?? core.createCall(usableProviderId(item.callId), item.name);
        if (known === undefined) register(call, item.itemId, outputIndex);
        complete(call, item);
        core.endCall(call);
        return;
      }
      case 'response.output_text.delta': {
        const delta = event.delta;
        if (typeof delta !== 'string')
          return invalidEvent(FORMAT, eventIndex, 'delta', 'a string', delta);
        core.appendText(delta);
        return;
      }
      case 'error':
        // A mid-stream error event, `{type: "error", code, message, param}`
        // (https://platform.openai.com/docs/api-reference/responses-streaming/error).
        // `{type: "error", code, message, param}`: the response failed mid-stream
        // (https://platform.openai.com/docs/api-reference/responses-streaming/error).
        return providerStreamError(eventIndex, event);
      case 'response.completed':
      case 'response.incomplete':
      case 'response.failed':
        core.endAll();
        return;
      default:
        // Reasoning, refusal, web search and lifecycle events carry no tool calls or text.
        return;
    }
  };
}

/** The stream adapter for Responses API events. */
export const OPENAI_RESPONSES_STREAM: StreamAdapter = {
  framing: 'sse',
  createHandler: (core) => ({
    handle: createOpenAIResponsesHandler(core),
  }),
};
