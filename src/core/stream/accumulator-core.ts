import { uniqueCallIds, type CallIdGenerator } from '../call-id.js';
import {
  StreamAccumulationError,
  type StreamLimitName,
} from '../../errors/stream-accumulation-error.js';
import type { AccumulatedToolCall } from './accumulated-tool-call.js';
import { ByteBudget, utf8Length } from './byte-budget.js';
import type { ResolvedStreamLimits } from './stream-limits.js';
import type { ToolCallStreamEvent } from './tool-call-stream-event.js';
import type { StreamWarning } from './stream-warning.js';
import { ToolCallState } from './tool-call-state.js';

/**
 * Ids that providers send to mean "no id": Mistral streams the string "null"
 * (zed-industries/zed#53605), sglang sends "None" for calls after the first (sgl-project/sglang#7048).
 */
const PLACEHOLDER_IDS: ReadonlySet<string> = new Set(['null', 'None', 'undefined']);

/** A provider id worth keeping, or `undefined` for a missing, empty or placeholder id. */
export function usableProviderId(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return value.trim() === '' || PLACEHOLDER_IDS.has(value) ? undefined : value;
}

/** Translates one format's provider events into calls of an {@link AccumulatorCore}. */
export interface StreamEventHandler {
  handle(event: unknown): void;
}

/**
 * The format-independent half of an accumulator: calls in message order, ids, text, limits and
 * events. Format handlers translate provider events into these calls.
 */
export class AccumulatorCore {
  text = '';
  /** Started calls, in message order (their `index`). */
  readonly calls: ToolCallState[] = [];
  /** Number of the event being handled, for error messages. */
  eventIndex = -1;
  /** What the stream sent that was not used, in order. */
  readonly warnings: StreamWarning[] = [];
  private readonly taken = new Set<string>();
  private readonly nextId: () => string;
  private readonly listener: ((event: ToolCallStreamEvent) => void) | undefined;
  private readonly limits: ResolvedStreamLimits;
  /** Bytes of text, and of text and arguments together, for the whole message. */
  private readonly textBudget: ByteBudget;
  private readonly totalBudget: ByteBudget;

  constructor(
    limits: ResolvedStreamLimits,
    listener: ((event: ToolCallStreamEvent) => void) | undefined,
    generateCallId: CallIdGenerator | undefined,
  ) {
    this.limits = limits;
    this.listener = listener;
    this.nextId = uniqueCallIds(this.taken, generateCallId);
    this.textBudget = new ByteBudget(limits.maxTextBytes, () => utf8Length(this.text));
    this.totalBudget = new ByteBudget(limits.maxTotalBytes, () => {
      let bytes = utf8Length(this.text);
      for (const call of this.calls) bytes += utf8Length(call.argumentsText);
      return bytes;
    });
  }

  /**
   * Creates a call. Its id is settled here, before any text is merged into it: the provider's id
   * when usable and not already used in this message, a generated one otherwise.
   */
  createCall(providerId: string | undefined, name: string): ToolCallState {
    let callId: string;
    if (providerId !== undefined && !this.taken.has(providerId)) {
      this.taken.add(providerId);
      callId = providerId;
    } else {
      callId = this.nextId();
    }
    const call = new ToolCallState(callId, providerId, this.limits.maxDepth);
    call.name = name;
    if (providerId !== undefined || name !== '') this.start(call);
    return call;
  }

  /**
   * Records an id that arrived after the call's first piece: it replaces a generated id, or the
   * provider's earlier id (the last one sent wins, as in openai-node's ChatCompletionStream).
   */
  setProviderId(call: ToolCallState, providerId: string): void {
    if (call.providerId === providerId || call.ended) return;
    call.providerId = providerId;
    if (!this.taken.has(providerId)) {
      // The id it replaces was this call's own: free again (the call may go back to it).
      this.taken.delete(call.callId);
      this.taken.add(providerId);
      call.callId = providerId;
    }
    this.start(call);
  }

  /** Sets the tool name (empty names, as some providers send on later pieces, are ignored). */
  setName(call: ToolCallState, name: string): void {
    if (name === '' || call.ended) return;
    call.name = name;
    this.start(call);
  }

  /**
   * Appends argument text to a call, after checking the limits.
   * @throws {StreamAccumulationError} when a limit would be exceeded.
   */
  appendArguments(call: ToolCallState, delta: string): void {
    if (call.result !== undefined) {
      if (delta !== '')
        this.warn(
          call,
          'arguments-after-end',
          `${delta.length} characters of arguments arrived after the call had ended; they were not added.`,
        );
      return;
    }
    if (call.index < 0 && delta !== '') this.start(call);
    const fragments = call.fragments + 1;
    if (fragments > this.limits.maxFragments)
      this.limitExceeded(call, 'fragments', fragments, this.limits.maxFragments);
    const units = call.units + delta.length;
    // UTF-8 needs at most 3 bytes per UTF-16 code unit, so exact counting starts only near the cap.
    if (units * 3 > this.limits.maxArgumentBytes) {
      const bytes =
        (call.bytes < 0 ? utf8Length(call.argumentsText) : call.bytes) + utf8Length(delta);
      if (bytes > this.limits.maxArgumentBytes)
        this.limitExceeded(call, 'argument-bytes', bytes, this.limits.maxArgumentBytes);
      call.bytes = bytes;
    }
    if (delta === '') {
      call.fragments = fragments;
      call.units = units;
      return;
    }
    const total = this.totalBudget.add(delta);
    if (total > 0) this.messageLimitExceeded('total-bytes', total, this.limits.maxTotalBytes);
    call.fragments = fragments;
    call.units = units;
    call.argumentsText += delta;
    try {
      call.parser.write(delta);
    } catch (error) {
      if (!call.parsedObject) call.showParsedObject();
      if (error instanceof StreamAccumulationError && error.detail.code === 'stream-limit') {
        this.limitExceeded(
          call,
          error.detail.limit,
          error.detail.attempted,
          error.detail.maximum,
          error,
        );
      }
      throw error;
    }
    if (!call.parsedObject) call.showParsedObject();
    const listener = this.listener;
    if (listener !== undefined) {
      listener({
        type: 'tool-call-delta',
        index: call.index,
        callId: call.callId,
        argumentsDelta: delta,
        call,
      });
    }
  }

  /** Makes a call final. Calls that never started (no name, id or text) are dropped silently. */
  endCall(call: ToolCallState): void {
    if (call.ended || call.index < 0) return;
    const result = call.finalize();
    this.listener?.({ type: 'tool-call-end', index: call.index, call: result });
  }

  /** Ends every call still open, in message order. */
  endAll(): void {
    for (const call of this.calls) this.endCall(call);
  }

  /**
   * Appends assistant text, after checking the message's limits.
   * @throws {StreamAccumulationError} when a limit would be exceeded.
   */
  appendText(delta: string): void {
    if (delta === '') return;
    const text = this.textBudget.add(delta);
    if (text > 0) this.messageLimitExceeded('text-bytes', text, this.limits.maxTextBytes);
    const total = this.totalBudget.add(delta);
    if (total > 0) this.messageLimitExceeded('total-bytes', total, this.limits.maxTotalBytes);
    this.text += delta;
    this.listener?.({ type: 'text-delta', delta });
  }

  /** The finished calls, in message order: by `position` where the format sets one. */
  finishedCalls(): AccumulatedToolCall[] {
    const ordered = this.calls.some((call) => call.position !== undefined)
      ? [...this.calls].sort((a, b) => (a.position ?? a.index) - (b.position ?? b.index))
      : this.calls;
    const result: AccumulatedToolCall[] = [];
    for (const call of ordered) if (call.result !== undefined) result.push(call.result);
    return result;
  }

  private start(call: ToolCallState): void {
    if (call.index >= 0) return;
    if (this.calls.length >= this.limits.maxCalls)
      this.messageLimitExceeded('calls', this.calls.length + 1, this.limits.maxCalls);
    call.index = this.calls.length;
    this.calls.push(call);
    this.listener?.({
      type: 'tool-call-start',
      index: call.index,
      callId: call.callId,
      name: call.name,
      call,
    });
  }

  /** Reports something the stream sent that was not used. */
  warn(call: ToolCallState, code: StreamWarning['code'], detail: string): void {
    this.warnings.push({
      code,
      eventIndex: this.eventIndex,
      callIndex: call.index,
      callId: call.callId,
      message: `events[${this.eventIndex}]: tool call ${call.index} ("${call.callId}"): ${detail}`,
    });
  }

  /** A limit of the whole message (not of one call) was hit. */
  private messageLimitExceeded(
    limit: 'calls' | 'text-bytes' | 'total-bytes',
    attempted: number,
    maximum: number,
  ): never {
    const what =
      limit === 'calls'
        ? `started ${attempted} tool calls`
        : limit === 'text-bytes'
          ? `reached ${attempted} bytes of text`
          : `reached ${attempted} bytes of text and arguments`;
    const option =
      limit === 'calls' ? 'maxCalls' : limit === 'text-bytes' ? 'maxTextBytes' : 'maxTotalBytes';
    throw new StreamAccumulationError(
      { code: 'stream-limit', limit, attempted, maximum },
      `The streamed message ${what} (events[${this.eventIndex}]), over the ${limit} limit of ${maximum}. Raise limits.${option} if the stream is legitimate.`,
    );
  }

  private limitExceeded(
    call: ToolCallState,
    limit: StreamLimitName,
    attempted: number,
    maximum: number,
    cause?: unknown,
  ): never {
    const units =
      limit === 'argument-bytes' ? 'bytes' : limit === 'fragments' ? 'fragments' : 'levels';
    throw new StreamAccumulationError(
      {
        code: 'stream-limit',
        limit,
        callIndex: call.index,
        callId: call.callId,
        attempted,
        maximum,
      },
      `Tool call ${call.index} ("${call.callId}"${call.name === '' ? '' : `, ${call.name}`}) reached ${attempted} ${units} of arguments, over the ${limit} limit of ${maximum}. Raise limits.${limit === 'argument-bytes' ? 'maxArgumentBytes' : limit === 'fragments' ? 'maxFragments' : 'maxDepth'} if the stream is legitimate.`,
      cause === undefined ? undefined : { cause },
    );
  }
}
