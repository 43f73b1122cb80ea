import type { AccumulatorCore } from '../../core/stream/accumulator-core.js';
import { usableProviderId } from '../../core/stream/accumulator-core.js';
import {
  invalidEvent,
  isRecord,
  optionalIndex,
  optionalRecord,
  optionalString,
} from '../../core/stream/stream-event-guards.js';
import type { ToolCallState } from '../../core/stream/tool-call-state.js';
import type { StreamAdapter } from '../shared/format-adapter.js';

const FORMAT = 'Anthropic Messages';

/**
 * Returns the event handler for Anthropic Messages stream events: a `tool_use` block opens a call
 * (`content_block_start`), `input_json_delta` pieces stream its input, `content_block_stop` ends it.
 */
export function createAnthropicHandler(core: AccumulatorCore): (event: unknown) => void {
  const blocks = new Map<number, ToolCallState>();
  /** Blocks that are not client tool calls: server tools also stream `input_json_delta`. */
  const otherBlocks = new Set<number>();

  return (event) => {
    const eventIndex = core.eventIndex;
    if (!isRecord(event))
      return invalidEvent(FORMAT, eventIndex, '', 'a stream event object', event);
    const type = optionalString(event.type, FORMAT, eventIndex, 'type');
    switch (type) {
      case 'content_block_start': {
        const index = optionalIndex(event.index, FORMAT, eventIndex, 'index') ?? 0;
        const block = optionalRecord(event.content_block, FORMAT, eventIndex, 'content_block');
        if (block?.type === 'tool_use') {
          const id = optionalString(block.id, FORMAT, eventIndex, 'content_block.id');
          const name = optionalString(block.name, FORMAT, eventIndex, 'content_block.name') ?? '';
          const input = optionalRecord(block.input, FORMAT, eventIndex, 'content_block.input');
          const call = core.createCall(usableProviderId(id), name);
          if (input !== undefined && Object.keys(input).length > 0)
            call.initialArguments = structuredClone(input);
          blocks.set(index, call);
          otherBlocks.delete(index);
          return;
        }
        otherBlocks.add(index);
        if (block?.type === 'text')
          core.appendText(
            optionalString(block.text, FORMAT, eventIndex, 'content_block.text') ?? '',
          );
        return;
      }
      case 'content_block_delta': {
        const index = optionalIndex(event.index, FORMAT, eventIndex, 'index') ?? 0;
        const delta = optionalRecord(event.delta, FORMAT, eventIndex, 'delta');
        if (delta?.type === 'input_json_delta') {
          const json = delta.partial_json;
          if (typeof json !== 'string')
            return invalidEvent(FORMAT, eventIndex, 'delta.partial_json', 'a string', json);
          if (otherBlocks.has(index)) return;
          let call = blocks.get(index);
          if (call === undefined) {
            // A delta for a block that never started: keep its text rather than drop it.
            call = core.createCall(undefined, '');
            blocks.set(index, call);
          }
          core.appendArguments(call, json);
        } else if (delta?.type === 'text_delta') {
          const text = delta.text;
          if (typeof text !== 'string')
            return invalidEvent(FORMAT, eventIndex, 'delta.text', 'a string', text);
          core.appendText(text);
        }
        return;
      }
      case 'content_block_stop': {
        const index = optionalIndex(event.index, FORMAT, eventIndex, 'index') ?? 0;
        const call = blocks.get(index);
        if (call !== undefined) core.endCall(call);
        return;
      }
      case 'message_stop':
        core.endAll();
        return;
      default:
        // message_start, message_delta, ping, thinking and signature deltas carry no calls or text.
        return;
    }
  };
}

/** The stream adapter for Messages API events. */
export const ANTHROPIC_STREAM: StreamAdapter = {
  framing: 'sse',
  createHandler: (core) => ({
    handle: createAnthropicHandler(core),
  }),
};
