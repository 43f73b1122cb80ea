import { usableProviderId } from '../../core/stream/accumulator-core.js';
import { EventFields, isObject } from '../../core/stream/stream-event-guards.js';
import type { ToolCallState } from '../../core/stream/tool-call-state.js';
import type { StreamAdapter } from '../shared/format-adapter.js';

const FORMAT = 'OpenAI Responses';

/** Responses API events: calls keyed by item id, else output index; the call id is `call_id`. */
export const OPENAI_RESPONSES_STREAM: StreamAdapter = {
  framing: 'sse',
  createHandler: (core) => {
    const byItemId = new Map<string, ToolCallState>();
    const byOutputIndex = new Map<number, ToolCallState>();
    const find = (itemId?: string, outputIndex?: number): ToolCallState | undefined =>
      (itemId === undefined ? undefined : byItemId.get(itemId)) ??
      (outputIndex === undefined ? undefined : byOutputIndex.get(outputIndex));
    /** The call an event belongs to, created if none was announced (never dropping text). */
    const callFor = (
      itemId?: string,
      outputIndex?: number,
      callId?: string,
      name = '',
    ): ToolCallState => {
      const known = find(itemId, outputIndex);
      if (known !== undefined) return known;
      const call = core.createCall(usableProviderId(callId), name);
      if (itemId !== undefined) byItemId.set(itemId, call);
      if (outputIndex !== undefined) byOutputIndex.set(outputIndex, call);
      return call;
    };
    /** Fills in what a `.done` knows and the call does not yet (late `call_id`, name, arguments). */
    const complete = (
      call: ToolCallState,
      callId: string | undefined,
      name: string,
      text: string,
    ): void => {
      const providerId = usableProviderId(callId);
      if (providerId !== undefined) core.setProviderId(call, providerId);
      if (call.name === '') core.setName(call, name);
      const streamed = call.argumentsText;
      if (text === '' || streamed === text) return;
      if (streamed === '') core.appendArguments(call, text);
      else
        core.warn(
          call,
          'done-arguments-differ',
          `the whole arguments of the done event (${text.length} characters) differ from the ${streamed.length} characters streamed as deltas; the deltas were kept.`,
        );
    };
    return {
      handle(event) {
        const read = new EventFields(FORMAT, core.eventIndex);
        if (!isObject(event)) return read.fail('', 'a stream event object', event);
        const string = (field: string): string | undefined => read.string(event[field], field);
        const type = string('type');
        const outputIndex = (): number | undefined =>
          read.index(event.output_index, 'output_index');
        switch (type) {
          case 'response.output_item.added':
          case 'response.output_item.done': {
            const item = read.record(event.item, 'item');
            if (item?.type !== 'function_call') return;
            const field = (name: string): string | undefined =>
              read.string(item[name], `item.${name}`);
            const [itemId, callId, name, text] = ['id', 'call_id', 'name', 'arguments'].map(field);
            const call = callFor(itemId, outputIndex(), callId, name);
            if (type === 'response.output_item.added') {
              if (text !== undefined && text !== '') core.appendArguments(call, text);
              return;
            }
            complete(call, callId, name ?? '', text ?? '');
            core.endCall(call);
            return;
          }
          case 'response.function_call_arguments.delta': {
            const { delta } = event;
            if (typeof delta !== 'string') return read.fail('delta', 'a string', delta);
            core.appendArguments(callFor(string('item_id'), outputIndex()), delta);
            return;
          }
          case 'response.function_call_arguments.done': {
            const call = callFor(string('item_id'), outputIndex());
            complete(call, undefined, string('name') ?? '', string('arguments') ?? '');
            core.endCall(call);
            return;
          }
          case 'response.output_text.delta': {
            const { delta } = event;
            if (typeof delta !== 'string') return read.fail('delta', 'a string', delta);
            core.appendText(delta);
            return;
          }
          case 'error':
            // https://platform.openai.com/docs/api-reference/responses-streaming/error
            return read.providerError(event);
          case 'response.completed':
          case 'response.incomplete':
          case 'response.failed':
            // Responses has no stop reason: its status, or why it is incomplete (`max_output_tokens`).
            core.stopReason = stopReasonOf(event);
            core.endAll();
            return;
          default:
          // Reasoning, refusal, web search and lifecycle events carry no tool calls or text.
        }
      },
    };
  },
};

/** `incomplete_details.reason` of an incomplete response, else its status (`completed`, `failed`). */
function stopReasonOf(event: Readonly<Record<string, unknown>>): string {
  const response = isObject(event.response) ? event.response : {};
  const details = isObject(response.incomplete_details) ? response.incomplete_details : {};
  if (typeof details.reason === 'string') return details.reason;
  if (typeof response.status === 'string') return response.status;
  return String(event.type).replace('response.', '');
}
