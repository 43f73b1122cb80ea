import type { AccumulatorCore, StreamEventHandler } from '../../core/stream/accumulator-core.js';
import { usableProviderId } from '../../core/stream/accumulator-core.js';
import {
  invalidEvent,
  isRecord,
  providerStreamError,
} from '../../core/stream/stream-event-guards.js';
import type { ToolCallState } from '../../core/stream/tool-call-state.js';
import type { StreamAdapter } from '../shared/format-adapter.js';

const FORMAT = 'OpenAI Chat Completions';

/** A `choices[].delta.tool_calls[]` entry, once {@link validateChunk} has checked it. */
interface ToolCallPiece {
  readonly index?: number | null | undefined;
  readonly id?: string | null | undefined;
  readonly function?:
    | { readonly name?: string | null | undefined; readonly arguments?: string | null | undefined }
    | null
    | undefined;
}

/** The accumulated choice of a chunk, once {@link validateChunk} has checked it. */
interface ChatChoice {
  readonly delta?:
    | {
        readonly content?: unknown;
        readonly tool_calls?: readonly ToolCallPiece[] | null | undefined;
        readonly function_call?: ToolCallPiece['function'];
      }
    | null
    | undefined;
  readonly finish_reason?: string | null | undefined;
}

function fail(eventIndex: number, field: string, expected: string, actual: unknown): never {
  return invalidEvent(FORMAT, eventIndex, field, expected, actual);
}

function isNullish(value: unknown): value is null | undefined {
  return value === undefined || value === null;
}

/** Field paths are built only when a check fails: this runs once per streamed delta. */
function pieceField(choice: number, piece: number, suffix: string): string {
  return `choices[${choice}].delta.tool_calls[${piece}]${suffix}`;
}

function validatePiece(value: unknown, eventIndex: number, choice: number, position: number): void {
  if (!isRecord(value))
    return fail(eventIndex, pieceField(choice, position, ''), 'an object', value);
  const { index, id } = value;
  if (!isNullish(index) && !(typeof index === 'number' && Number.isInteger(index) && index >= 0)) {
    fail(eventIndex, pieceField(choice, position, '.index'), 'a non-negative integer', index);
  }
  if (!isNullish(id) && typeof id !== 'string')
    fail(eventIndex, pieceField(choice, position, '.id'), 'a string', id);
  const fn = value.function;
  if (isNullish(fn)) return;
  if (!isRecord(fn))
    return fail(eventIndex, pieceField(choice, position, '.function'), 'an object', fn);
  const { name, arguments: args } = fn;
  if (!isNullish(name) && typeof name !== 'string')
    fail(eventIndex, pieceField(choice, position, '.function.name'), 'a string', name);
  if (!isNullish(args) && typeof args !== 'string')
    fail(eventIndex, pieceField(choice, position, '.function.arguments'), 'a string', args);
}

/** The legacy `delta.function_call` (one call per message, no id, before `tool_calls`). */
function validateFunctionCall(value: unknown, eventIndex: number, choice: number): void {
  const field = `choices[${choice}].delta.function_call`;
  if (!isRecord(value)) return fail(eventIndex, field, 'an object', value);
  const { name, arguments: args } = value;
  if (!isNullish(name) && typeof name !== 'string')
    fail(eventIndex, `${field}.name`, 'a string', name);
  if (!isNullish(args) && typeof args !== 'string')
    fail(eventIndex, `${field}.arguments`, 'a string', args);
}

/**
 * The slot of the legacy `function_call`: apart from every `tool_calls` index, so that it never
 * merges with a tool call.
 */
const FUNCTION_CALL_SLOT = -1;

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  // Some OpenAI-compatible servers send content as parts; only text parts are assistant text.
  let text = '';
  if (Array.isArray(content)) {
    for (const part of content)
      if (isRecord(part) && part.type === 'text' && typeof part.text === 'string')
        text += part.text;
  }
  return text;
}

/**
 * Checks the whole chunk before anything of it is applied (so a bad event changes nothing) and
 * returns the choice being accumulated. Hand-written and allocation-free: it runs once per delta.
 */
function validateChunk(
  event: unknown,
  eventIndex: number,
  choiceIndex: number,
): ChatChoice | undefined {
  if (!isRecord(event)) return fail(eventIndex, '', 'a chat.completion.chunk object', event);
  // A mid-stream error: a data event with an `error` object (`{message, type, code}` from OpenAI,
  // `{code, message}` from OpenRouter, https://openrouter.ai/docs/api-reference/streaming).
  if (isRecord(event.error)) providerStreamError(eventIndex, event.error);
  const choices = event.choices;
  // A usage-only chunk (stream_options.include_usage) has an empty or missing choices array.
  if (isNullish(choices)) return undefined;
  if (!Array.isArray(choices)) return fail(eventIndex, 'choices', 'an array', choices);
  for (let position = 0; position < choices.length; position++) {
    const choice: unknown = choices[position];
    if (!isRecord(choice)) return fail(eventIndex, `choices[${position}]`, 'an object', choice);
    const index = typeof choice.index === 'number' ? choice.index : position;
    if (index !== choiceIndex) continue;
    const delta = choice.delta;
    if (!isNullish(delta)) {
      if (!isRecord(delta))
        return fail(eventIndex, `choices[${position}].delta`, 'an object', delta);
      const content = delta.content;
      if (!isNullish(content) && typeof content !== 'string' && !Array.isArray(content)) {
        fail(
          eventIndex,
          `choices[${position}].delta.content`,
          'a string or an array of parts',
          content,
        );
      }
      const functionCall = delta.function_call;
      if (!isNullish(functionCall)) validateFunctionCall(functionCall, eventIndex, position);
      const toolCalls = delta.tool_calls;
      if (!isNullish(toolCalls)) {
        if (!Array.isArray(toolCalls))
          return fail(eventIndex, `choices[${position}].delta.tool_calls`, 'an array', toolCalls);
        for (let at = 0; at < toolCalls.length; at++)
          validatePiece(toolCalls[at], eventIndex, position, at);
      }
    }
    const reason = choice.finish_reason;
    if (!isNullish(reason) && typeof reason !== 'string')
      fail(eventIndex, `choices[${position}].finish_reason`, 'a string', reason);
    // Every field the handler reads was checked above.
    return choice;
  }
  return undefined;
}

/**
 * The argument text of the commonest chunk, or `undefined` for any other: exactly one choice, the
 * accumulated one, whose delta has no content and exactly one piece, which continues the call at
 * `slot` (no id, no name, the same or no index) with more argument text, and no finish reason.
 * Such a chunk passes {@link validateChunk}, and these are all the checks it would make of it, in
 * one pass: the handler runs this once per streamed delta, and reading each field once matters.
 */
function continuedArguments(event: unknown, choiceIndex: number, slot: number): string | undefined {
  if (!isRecord(event)) return undefined;
  const choices = event.choices;
  if (!Array.isArray(choices) || choices.length !== 1) return undefined;
  const choice: unknown = choices[0];
  if (!isRecord(choice) || choice.index !== choiceIndex || !isNullish(choice.finish_reason))
    return undefined;
  const delta = choice.delta;
  if (!isRecord(delta) || !isNullish(delta.content)) return undefined;
  const pieces = delta.tool_calls;
  if (!Array.isArray(pieces) || pieces.length !== 1) return undefined;
  const piece: unknown = pieces[0];
  if (!isRecord(piece) || !isNullish(piece.id) || (piece.index !== slot && !isNullish(piece.index)))
    return undefined;
  const fn = piece.function;
  if (!isRecord(fn) || !isNullish(fn.name)) return undefined;
  const args = fn.arguments;
  return typeof args === 'string' ? args : undefined;
}

/**
 * The event handler for `choices[].delta` chunks of the Chat Completions API.
 * A class, so every accumulator shares one `handle`.
 */
export class OpenAIChatHandler implements StreamEventHandler {
  private readonly core: AccumulatorCore;
  private readonly choiceIndex: number;
  /** The call currently receiving pieces for each provider `index`. */
  private readonly slots = new Map<number, ToolCallState>();
  private lastSlot = 0;
  private lastCall: ToolCallState | undefined = undefined;

  constructor(core: AccumulatorCore, choiceIndex: number) {
    this.core = core;
    this.choiceIndex = choiceIndex;
  }

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
    const choice = validateChunk(event, core.eventIndex, this.choiceIndex);
    if (choice === undefined) return;
    const delta = choice.delta;
    if (delta !== undefined && delta !== null) {
      if (delta.content !== undefined && delta.content !== null)
        core.appendText(textOf(delta.content));
      // The deprecated `functions` API streams its one call as `delta.function_call`
      // (https://platform.openai.com/docs/api-reference/chat-streaming).
      const functionCall = delta.function_call;
      if (functionCall !== undefined && functionCall !== null)
        this.apply({ index: FUNCTION_CALL_SLOT, function: functionCall });
      const pieces = delta.tool_calls;
      if (pieces !== undefined && pieces !== null) for (const piece of pieces) this.apply(piece);
    }
    if (typeof choice.finish_reason === 'string') core.endAll();
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
    const fn = piece.function;
    // Fast path for the commonest piece: more arguments for the call of the previous piece.
    if (
      lastCall !== undefined &&
      piece.id == null &&
      (piece.index ?? lastSlot) === lastSlot &&
      (fn?.name == null || fn.name === '') &&
      lastCall.result === undefined
    ) {
      if (typeof fn?.arguments === 'string') core.appendArguments(lastCall, fn.arguments);
      return;
    }
    const providerId = usableProviderId(piece.id);
    const name = piece.function?.name;
    // Without an index, a known id names its call; otherwise the piece continues the last slot.
    const slot =
      piece.index ?? (providerId === undefined ? undefined : this.slotOf(providerId)) ?? lastSlot;
    // Most pieces continue the call of the previous piece: skip the map lookup for them.
    let call = slot === lastSlot && lastCall !== undefined ? lastCall : this.slots.get(slot);
    // One index is one call, as in openai-node's ChatCompletionStream: servers resend the name
    // (and id) on later pieces (NousResearch/hermes-agent#8259, open-webui#22235), and a second
    // call opened by such a piece would run the tool twice. A later id or name replaces the
    // earlier one, as in the SDK.
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
    const args = piece.function?.arguments;
    if (typeof args === 'string') core.appendArguments(call, args);
  }
}

/** The stream adapter for Chat Completions chunks. */
export const OPENAI_CHAT_STREAM: StreamAdapter = {
  framing: 'sse',
  createHandler: (core, options) => new OpenAIChatHandler(core, options.choiceIndex),
};
