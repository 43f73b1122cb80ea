import type { AccumulatorCore, StreamEventHandler } from '../../core/stream/accumulator-core.js';
import { usableProviderId } from '../../core/stream/accumulator-core.js';
import { EventFields, isObject } from '../../core/stream/stream-event-guards.js';
import type { ToolCallState } from '../../core/stream/tool-call-state.js';
import type { StreamAdapter } from '../shared/format-adapter.js';

const FORMAT = 'OpenAI Chat Completions';

/** A checked `tool_calls` piece, or the legacy `function_call` (at {@link FUNCTION_CALL_SLOT}). */
interface ToolCallPiece {
  readonly index: number | undefined;
  readonly id: string | undefined;
  readonly name: string | undefined;
  readonly arguments: string | undefined;
}

function isNullish(value: unknown): value is null | undefined {
  return value === undefined || value === null;
}

/**
 * A `function: { name, arguments }` delta, or with `textKey` `'input'` a custom tool's
 * `custom: { name, input }` delta, whose input text is the call's argument text.
 */
function readFunction(
  value: unknown,
  read: EventFields,
  field: string,
  textKey: 'arguments' | 'input' = 'arguments',
) {
  if (isNullish(value)) return { name: undefined, arguments: undefined };
  if (!isObject(value)) return read.fail(field, 'an object', value);
  const name = read.string(value.name, `${field}.name`);
  return { name, arguments: read.string(value[textKey], `${field}.${textKey}`) };
}

function readPiece(value: unknown, read: EventFields, field: string): ToolCallPiece {
  if (!isObject(value)) return read.fail(field, 'an object', value);
  const index = read.index(value.index, `${field}.index`);
  const id = read.string(value.id, `${field}.id`);
  if (value.type === 'custom' || (isNullish(value.function) && !isNullish(value.custom)))
    return { index, id, ...readFunction(value.custom, read, `${field}.custom`, 'input') };
  return { index, id, ...readFunction(value.function, read, `${field}.function`) };
}

/** The slot of the legacy `function_call`: apart from every `tool_calls` index. */
const FUNCTION_CALL_SLOT = -1;

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  // Some OpenAI-compatible servers send content as parts; only text parts are assistant text.
  let text = '';
  for (const part of Array.isArray(content) ? content : [])
    if (isObject(part) && part.type === 'text' && typeof part.text === 'string') text += part.text;
  return text;
}

/** Checks the whole chunk before anything of it is applied, and returns the accumulated choice. */
function readChunk(
  event: unknown,
  read: EventFields,
  choiceIndex: number,
): { text: string; pieces: ToolCallPiece[]; stopReason: string | undefined } | undefined {
  if (!isObject(event)) return read.fail('', 'a chat.completion.chunk object', event);
  // A mid-stream error: a data event with an `error` object (`{message, type, code}` from OpenAI,
  // `{code, message}` from OpenRouter, https://openrouter.ai/docs/api-reference/streaming).
  if (isObject(event.error)) read.providerError(event.error);
  const choices = event.choices;
  // A usage-only chunk (stream_options.include_usage) has an empty or missing choices array.
  if (isNullish(choices)) return undefined;
  if (!Array.isArray(choices)) return read.fail('choices', 'an array', choices);
  for (let position = 0; position < choices.length; position++) {
    const choice: unknown = choices[position];
    if (!isObject(choice)) return read.fail(`choices[${position}]`, 'an object', choice);
    const index = typeof choice.index === 'number' ? choice.index : position;
    if (index !== choiceIndex) continue;
    const field = `choices[${position}]`;
    const delta = read.record(choice.delta, `${field}.delta`);
    const content = delta?.content;
    if (!isNullish(content) && typeof content !== 'string' && !Array.isArray(content))
      read.fail(`${field}.delta.content`, 'a string or an array of parts', content);
    const pieces: ToolCallPiece[] = [];
    // The deprecated `functions` API streams its one call as `delta.function_call`
    // (https://platform.openai.com/docs/api-reference/chat-streaming).
    if (!isNullish(delta?.function_call)) {
      const fn = readFunction(delta.function_call, read, `${field}.delta.function_call`);
      pieces.push({ index: FUNCTION_CALL_SLOT, id: undefined, ...fn });
    }
    const toolCalls = delta?.tool_calls;
    if (!isNullish(toolCalls)) {
      if (!Array.isArray(toolCalls))
        return read.fail(`${field}.delta.tool_calls`, 'an array', toolCalls);
      for (let at = 0; at < toolCalls.length; at++)
        pieces.push(readPiece(toolCalls[at], read, `${field}.delta.tool_calls[${at}]`));
    }
    const reason: unknown = read.string(choice.finish_reason, `${field}.finish_reason`);
    const stopReason = typeof reason === 'string' ? reason : undefined;
    return { text: textOf(content), pieces, stopReason };
  }
  return undefined;
}

/** The argument text of the commonest chunk (one piece continuing `slot`), checked in one pass. */
function continuedArguments(event: unknown, choiceIndex: number, slot: number): string | undefined {
  if (!isObject(event)) return undefined;
  const choices = event.choices;
  if (!Array.isArray(choices) || choices.length !== 1) return undefined;
  const choice: unknown = choices[0];
  if (!isObject(choice) || choice.index !== choiceIndex || !isNullish(choice.finish_reason))
    return undefined;
  const delta = choice.delta;
  if (!isObject(delta) || !isNullish(delta.content)) return undefined;
  const pieces = delta.tool_calls;
  if (!Array.isArray(pieces) || pieces.length !== 1) return undefined;
  const piece: unknown = pieces[0];
  if (!isObject(piece) || !isNullish(piece.id) || (piece.index !== slot && !isNullish(piece.index)))
    return undefined;
  const fn = piece.function;
  if (!isObject(fn) || !isNullish(fn.name)) return undefined;
  const args = fn.arguments;
  return typeof args === 'string' ? args : undefined;
}

/** The handler for `choices[].delta` chunks of the Chat Completions API. */
class OpenAIChatHandler implements StreamEventHandler {
  private readonly slots = new Map<number, ToolCallState>();
  private lastSlot = 0;
  private lastCall: ToolCallState | undefined = undefined;

  constructor(
    private readonly core: AccumulatorCore,
    private readonly choiceIndex: number,
  ) {}

  handle(event: unknown): void {
    const core = this.core;
    const lastCall = this.lastCall;
    if (lastCall !== undefined && lastCall.result === undefined) {
      const args = continuedArguments(event, this.choiceIndex, this.lastSlot);
      if (args !== undefined) {
        core.appendArguments(lastCall, args);
        return;
      }
    }
    const chunk = readChunk(event, new EventFields(FORMAT, core.eventIndex), this.choiceIndex);
    if (chunk === undefined) return;
    core.appendText(chunk.text);
    for (const piece of chunk.pieces) this.apply(piece);
    if (chunk.stopReason !== undefined) {
      core.stopReason = chunk.stopReason;
      core.endAll();
    }
  }

  private slotOf(providerId: string): number | undefined {
    for (const [slot, call] of this.slots)
      if (call.providerId === providerId && !call.ended) return slot;
    return undefined;
  }

  private apply(piece: ToolCallPiece): void {
    const core = this.core;
    const lastCall = this.lastCall;
    const lastSlot = this.lastSlot;
    const providerId = usableProviderId(piece.id);
    const name = piece.name;
    // Without an index, a known id names its call; otherwise the piece continues the last slot.
    const slot =
      piece.index ?? (providerId === undefined ? undefined : this.slotOf(providerId)) ?? lastSlot;
    let call = slot === lastSlot && lastCall !== undefined ? lastCall : this.slots.get(slot);
    // One index is one call, as in openai-node: servers resend the name and id on later pieces
    // (NousResearch/hermes-agent#8259), and a second call would run the tool twice.
    if (call === undefined || call.ended) {
      call = core.createCall(providerId, name ?? '');
      call.position = slot;
      this.slots.set(slot, call);
    } else {
      if (providerId !== undefined) core.setProviderId(call, providerId);
      if (typeof name === 'string') core.setName(call, name);
    }
    this.lastSlot = slot;
    this.lastCall = call;
    const args = piece.arguments;
    if (typeof args === 'string') core.appendArguments(call, args);
  }
}

/** The stream adapter for Chat Completions chunks. */
export const OPENAI_CHAT_STREAM: StreamAdapter = {
  framing: 'sse',
  createHandler: (core, options) => new OpenAIChatHandler(core, options.choiceIndex),
};
