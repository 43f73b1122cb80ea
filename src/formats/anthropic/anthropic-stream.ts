import type { AccumulatorCore, StreamEventHandler } from '../../core/stream/accumulator-core.js';
import { usableProviderId } from '../../core/stream/accumulator-core.js';
import { EventFields, isObject } from '../../core/stream/stream-event-guards.js';
import type { ToolCallState } from '../../core/stream/tool-call-state.js';
import type { StreamAdapter } from '../shared/format-adapter.js';

const FORMAT = 'Anthropic Messages';

type Block = Readonly<Record<string, unknown>>;

// Blocks `text` and `calls` hold; any other (server tools, thinking) keeps the whole content.
const PLAIN_BLOCKS = new Set(['text', 'tool_use']);

/** The input text of the commonest event: an `input_json_delta` continuing block `index`. */
function continuedInput(event: unknown, index: number): string | undefined {
  if (!isObject(event) || event.type !== 'content_block_delta' || event.index !== index)
    return undefined;
  const delta = event.delta;
  if (!isObject(delta) || delta.type !== 'input_json_delta') return undefined;
  return typeof delta.partial_json === 'string' ? delta.partial_json : undefined;
}

/** Anthropic Messages events (https://docs.anthropic.com/en/docs/build-with-claude/streaming). */
class AnthropicHandler implements StreamEventHandler {
  private readonly blocks = new Map<number, ToolCallState>();
  /** Blocks that are not client tool calls: server tools also stream `input_json_delta`. */
  private readonly otherBlocks = new Set<number>();
  private lastIndex = -1;
  private lastCall: ToolCallState | undefined = undefined;
  /** The content blocks, as the SDK's MessageStream accumulates them (tool_use input at finish). */
  private readonly content: Record<string, unknown>[] = [];
  /** `server_tool_use` input text by block index, parsed when the block stops. */
  private readonly serverInput = new Map<number, string>();
  private keepContent = false;

  constructor(private readonly core: AccumulatorCore) {}

  handle(event: unknown): void {
    const lastCall = this.lastCall;
    if (lastCall !== undefined && lastCall.result === undefined) {
      const json = continuedInput(event, this.lastIndex);
      if (json !== undefined) {
        this.core.appendArguments(lastCall, json);
        return;
      }
    }
    const read = new EventFields(FORMAT, this.core.eventIndex);
    if (!isObject(event)) return read.fail('', 'a stream event object', event);
    const index = (): number => read.index(event.index, 'index') ?? 0;
    switch (read.string(event.type, 'type')) {
      case 'message_start':
        this.messageStart(event, read);
        return;
      case 'content_block_start': {
        const block = read.record(event.content_block, 'content_block');
        this.startBlock(index(), block, read, 'content_block');
        return;
      }
      case 'content_block_delta':
        this.blockDelta(event, index(), read);
        return;
      case 'content_block_stop': {
        const call = this.blocks.get(index());
        if (call !== undefined) this.core.endCall(call);
        this.stopServerInput(index());
        return;
      }
      case 'message_delta': {
        const reason = read.record(event.delta, 'delta')?.stop_reason;
        if (typeof reason === 'string') this.core.stopReason = reason;
        return;
      }
      case 'message_stop':
        this.core.endAll();
        return;
      case 'error':
        return read.providerError(read.record(event.error, 'error') ?? {});
      default:
      // ping and unknown events carry nothing kept.
    }
  }

  /** With programmatic tool calling, `message_start` can hold whole `tool_use` blocks. */
  private messageStart(event: Block, read: EventFields): void {
    const message = read.record(event.message, 'message');
    // A message that starts whole (programmatic tool calling) can carry its stop reason.
    if (typeof message?.stop_reason === 'string') this.core.stopReason = message.stop_reason;
    const content = message?.content;
    if (content === undefined || content === null) return;
    if (!Array.isArray(content)) return read.fail('message.content', 'an array', content);
    // Every block is checked before any is applied: a refused event changes nothing.
    const blocks = content.map((value: unknown, position) => {
      const field = `message.content[${position}]`;
      const block = read.record(value, field);
      const fields =
        block?.type === 'tool_use' ? ['id', 'name'] : block?.type === 'text' ? ['text'] : [];
      for (const name of fields) read.string(block?.[name], `${field}.${name}`);
      if (block?.type === 'tool_use') read.record(block.input, `${field}.input`);
      return block;
    });
    blocks.forEach((block, position) => {
      const call = this.startBlock(position, block, read, `message.content[${position}]`);
      if (call !== undefined) this.core.endCall(call);
    });
  }

  /** Starts the block read `index`; returns its call for a `tool_use` block. */
  private startBlock(
    index: number,
    block: Block | undefined,
    read: EventFields,
    field: string,
  ): ToolCallState | undefined {
    const core = this.core;
    if (index === this.lastIndex) this.lastCall = undefined;
    if (block !== undefined) {
      this.content[index] = { ...block };
      if (!PLAIN_BLOCKS.has(String(block.type))) this.keepContent = true;
    }
    if (block?.type !== 'tool_use') {
      this.otherBlocks.add(index);
      if (block?.type === 'text') core.appendText(read.string(block.text, `${field}.text`) ?? '');
      return undefined;
    }
    const id = read.string(block.id, `${field}.id`);
    const name = read.string(block.name, `${field}.name`) ?? '';
    const input = read.record(block.input, `${field}.input`);
    const call = core.createCall(usableProviderId(id), name);
    if (input !== undefined && Object.keys(input).length > 0)
      call.setInitialArguments(structuredClone(input));
    this.blocks.set(index, call);
    this.otherBlocks.delete(index);
    return call;
  }

  private blockDelta(event: Block, index: number, read: EventFields): void {
    const delta = read.record(event.delta, 'delta');
    if (delta?.type === 'input_json_delta') {
      const json = delta.partial_json;
      if (typeof json !== 'string') return read.fail('delta.partial_json', 'a string', json);
      if (this.otherBlocks.has(index)) {
        if (this.content[index]?.type !== 'server_tool_use') return;
        this.core.countBytes(json);
        this.serverInput.set(index, (this.serverInput.get(index) ?? '') + json);
        return;
      }
      // A delta for a block that never started: keep its text rather than drop it.
      const call = this.blocks.get(index) ?? this.core.createCall(undefined, '');
      this.blocks.set(index, call);
      this.lastIndex = index;
      this.lastCall = call;
      this.core.appendArguments(call, json);
    } else if (delta?.type === 'text_delta') {
      if (typeof delta.text !== 'string') return read.fail('delta.text', 'a string', delta.text);
      this.core.appendText(delta.text);
      this.extend(index, 'text', 'text', delta.text);
    } else if (delta?.type === 'thinking_delta' || delta?.type === 'signature_delta') {
      const [field, value] =
        delta.type === 'thinking_delta'
          ? ['thinking', delta.thinking]
          : ['signature', delta.signature];
      if (typeof value !== 'string') return read.fail(`delta.${field}`, 'a string', value);
      this.core.countBytes(value);
      this.extend(index, 'thinking', field, value, field === 'signature');
    } else if (delta?.type === 'citations_delta') {
      const block = this.content[index];
      if (block?.type !== 'text') return;
      const citations = Array.isArray(block.citations) ? (block.citations as unknown[]) : [];
      this.content[index] = { ...block, citations: [...citations, delta.citation] };
      this.keepContent = true;
    }
  }

  /** Appends `value` to (or, with `replace`, sets) a `type` block's `field`. */
  private extend(index: number, type: string, field: string, value: string, replace = false): void {
    const block = this.content[index];
    if (block?.type !== type) return;
    const before = block[field];
    block[field] = replace ? value : (typeof before === 'string' ? before : '') + value;
  }

  private stopServerInput(index: number): void {
    const text = this.serverInput.get(index);
    const block = this.content[index];
    if (text === undefined || block === undefined) return;
    this.serverInput.delete(index);
    try {
      block.input = JSON.parse(text) as unknown;
    } catch {
      // Input that does not parse is left as the block started it.
    }
  }

  finish(): void {
    if (!this.keepContent) return;
    for (const [index, call] of this.blocks) {
      const block = this.content[index];
      if (block !== undefined && call.result !== undefined) block.input = call.result.arguments;
    }
    for (const index of this.serverInput.keys()) this.stopServerInput(index);
    this.core.content = Object.values(this.content);
  }
}

/** The stream adapter for Messages API events. */
export const ANTHROPIC_STREAM: StreamAdapter = {
  framing: 'sse',
  createHandler: (core) => new AnthropicHandler(core),
};
