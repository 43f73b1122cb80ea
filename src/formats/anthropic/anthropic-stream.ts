import type { AccumulatorCore, StreamEventHandler } from '../../core/stream/accumulator-core.js';
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

const FORMAT = 'Anthropic Messages';

/**
 * The event handler for Anthropic Messages stream events: a `tool_use` block opens a call
 * (`content_block_start`), `input_json_delta` pieces stream its input, `content_block_stop` ends it
 * (https://docs.anthropic.com/en/docs/build-with-claude/streaming).
 * A class, so every accumulator shares one `handle`.
 */
export class AnthropicHandler implements StreamEventHandler {
  private readonly core: AccumulatorCore;
  private readonly blocks = new Map<number, ToolCallState>();
  /** Blocks that are not client tool calls: server tools also stream `input_json_delta`. */
  private readonly otherBlocks = new Set<number>();
  /** The block of the last `input_json_delta`, and its call: most events continue it. */
  private lastIndex = -1;
  private lastCall: ToolCallState | undefined = undefined;

  constructor(core: AccumulatorCore) {
    this.core = core;
  }

  handle(event: unknown): void {
    const lastCall = this.lastCall;
    if (lastCall !== undefined && lastCall.result === undefined) {
      const json = continuedInput(event, this.lastIndex);
      if (json !== undefined) {
        this.core.appendArguments(lastCall, json);
        return;
      }
    }
    const eventIndex = this.core.eventIndex;
    if (!isRecord(event))
      return invalidEvent(FORMAT, eventIndex, '', 'a stream event object', event);
    const type = optionalString(event.type, FORMAT, eventIndex, 'type');
    switch (type) {
      case 'message_start':
        this.messageStart(event, eventIndex);
        return;
      case 'content_block_start': {
        const index = optionalIndex(event.index, FORMAT, eventIndex, 'index') ?? 0;
        const block = optionalRecord(event.content_block, FORMAT, eventIndex, 'content_block');
        this.startBlock(index, block, eventIndex, 'content_block');
        return;
      }
      case 'content_block_delta':
        this.blockDelta(event, eventIndex);
        return;
      case 'content_block_stop': {
        const index = optionalIndex(event.index, FORMAT, eventIndex, 'index') ?? 0;
        const call = this.blocks.get(index);
        if (call !== undefined) this.core.endCall(call);
        return;
      }
      case 'message_stop':
        this.core.endAll();
        return;
      case 'error':
        return providerError(event, eventIndex);
      default:
        // message_delta, ping, thinking and signature deltas carry no calls or text.
        return;
    }
  }

  /**
   * With programmatic tool calling, `message_start.message.content` can already hold complete
   * blocks, a `tool_use` among them, with no block events for them: each is a whole call.
   */
  private messageStart(event: Record<string, unknown>, eventIndex: number): void {
    const message = optionalRecord(event.message, FORMAT, eventIndex, 'message');
    const content = message?.content;
    if (content === undefined || content === null) return;
    if (!Array.isArray(content))
      return invalidEvent(FORMAT, eventIndex, 'message.content', 'an array', content);
    const blocks: (Record<string, unknown> | undefined)[] = [];
    // Every block is checked before any is applied: a refused event changes nothing.
    for (let at = 0; at < content.length; at++) {
      const field = `message.content[${at}]`;
      const block = optionalRecord(content[at], FORMAT, eventIndex, field);
      if (block?.type === 'tool_use') {
        optionalString(block.id, FORMAT, eventIndex, `${field}.id`);
        optionalString(block.name, FORMAT, eventIndex, `${field}.name`);
        optionalRecord(block.input, FORMAT, eventIndex, `${field}.input`);
      } else if (block?.type === 'text') {
        optionalString(block.text, FORMAT, eventIndex, `${field}.text`);
      }
      blocks.push(block);
    }
    for (let at = 0; at < blocks.length; at++) {
      const call = this.startBlock(at, blocks[at], eventIndex, `message.content[${at}]`);
      if (call !== undefined) this.core.endCall(call);
    }
  }

  /** Starts the block at `index`; returns its call for a `tool_use` block. */
  private startBlock(
    index: number,
    block: Record<string, unknown> | undefined,
    eventIndex: number,
    field: string,
  ): ToolCallState | undefined {
    const core = this.core;
    if (index === this.lastIndex) this.lastCall = undefined;
    if (block?.type === 'tool_use') {
      const id = optionalString(block.id, FORMAT, eventIndex, `${field}.id`);
      const name = optionalString(block.name, FORMAT, eventIndex, `${field}.name`) ?? '';
      const input = optionalRecord(block.input, FORMAT, eventIndex, `${field}.input`);
      const call = core.createCall(usableProviderId(id), name);
      // The input can come whole here (programmatic tool calling) instead of as deltas.
      if (input !== undefined && Object.keys(input).length > 0)
        call.setInitialArguments(structuredClone(input));
      this.blocks.set(index, call);
      this.otherBlocks.delete(index);
      return call;
    }
    this.otherBlocks.add(index);
    if (block?.type === 'text')
      core.appendText(optionalString(block.text, FORMAT, eventIndex, `${field}.text`) ?? '');
    return undefined;
  }

  private blockDelta(event: Record<string, unknown>, eventIndex: number): void {
    const index = optionalIndex(event.index, FORMAT, eventIndex, 'index') ?? 0;
    const delta = optionalRecord(event.delta, FORMAT, eventIndex, 'delta');
    if (delta?.type === 'input_json_delta') {
      const json = delta.partial_json;
      if (typeof json !== 'string')
        return invalidEvent(FORMAT, eventIndex, 'delta.partial_json', 'a string', json);
      if (this.otherBlocks.has(index)) return;
      let call = this.blocks.get(index);
      if (call === undefined) {
        // A delta for a block that never started: keep its text rather than drop it.
        call = this.core.createCall(undefined, '');
        this.blocks.set(index, call);
      }
      this.lastIndex = index;
      this.lastCall = call;
      this.core.appendArguments(call, json);
    } else if (delta?.type === 'text_delta') {
      const text = delta.text;
      if (typeof text !== 'string')
        return invalidEvent(FORMAT, eventIndex, 'delta.text', 'a string', text);
      this.core.appendText(text);
    }
  }
}

/**
 * The input text of the commonest event, or `undefined` for any other: a `content_block_delta`
 * whose delta is an `input_json_delta` for block `index`, the block of the previous one. Such an
 * event passes every check of the general path, and these are all the checks it would make.
 */
function continuedInput(event: unknown, index: number): string | undefined {
  if (!isRecord(event) || event.type !== 'content_block_delta' || event.index !== index)
    return undefined;
  const delta = event.delta;
  if (!isRecord(delta) || delta.type !== 'input_json_delta') return undefined;
  const json = delta.partial_json;
  return typeof json === 'string' ? json : undefined;
}

/**
 * A mid-stream `error` event, such as `{"type": "error", "error": {"type": "overloaded_error",
 * "message": "Overloaded"}}` (https://docs.anthropic.com/en/docs/build-with-claude/streaming#error-events):
 * the message ends there.
 */
function providerError(event: Record<string, unknown>, eventIndex: number): never {
  const error = optionalRecord(event.error, FORMAT, eventIndex, 'error') ?? {};
  return providerStreamError(eventIndex, error);
}

/** The stream adapter for Messages API events. */
export const ANTHROPIC_STREAM: StreamAdapter = {
  framing: 'sse',
  createHandler: (core) => new AnthropicHandler(core),
};
