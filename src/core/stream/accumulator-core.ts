import { uniqueCallIds, type CallIdGenerator } from '../call-id.js';
import { StreamAccumulationError, type StreamLimitName } from '../../errors/tool-history-error.js';
import { utf8Length, type ResolvedStreamLimits } from './stream-limits.js';
import { ToolHistoryError } from '../../errors/tool-history-error.js';
import type {
  AccumulatedToolCall,
  AccumulationResult,
  StreamWarning,
  ToolCallStreamEvent,
} from './tool-call-stream-event.js';
import { ToolCallState } from './tool-call-state.js';

// "No id": Mistral's "null" (zed-industries/zed#53605), sglang's "None" (sgl-project/sglang#7048).
const PLACEHOLDER_IDS: ReadonlySet<string> = new Set(['null', 'None', 'undefined']);

/** A provider id worth keeping, or `undefined` for a missing, empty or placeholder id. */
export function usableProviderId(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return value.trim() === '' || PLACEHOLDER_IDS.has(value) ? undefined : value;
}

/** Translates one format's provider events into calls of an {@link AccumulatorCore}. */
export interface StreamEventHandler {
  handle(event: unknown): void;
  /** Runs once at `finish()`, after every call has ended. */
  finish?(): void;
}

type MessageLimit = 'calls' | 'text-bytes' | 'total-bytes';
type CallLimit = Exclude<StreamLimitName, MessageLimit | 'line-length'>;

// Each limit's error wording: what was reached, and the option that raises it.
const MESSAGE_LIMITS: Readonly<Record<MessageLimit, readonly [string, string]>> = {
  calls: ['tool calls', 'maxCalls'],
  'text-bytes': ['bytes of text', 'maxTextBytes'],
  'total-bytes': ['bytes of text and arguments', 'maxTotalBytes'],
};
const CALL_LIMITS: Readonly<Record<CallLimit, readonly [string, string]>> = {
  'argument-bytes': ['bytes', 'maxArgumentBytes'],
  fragments: ['fragments', 'maxFragments'],
  depth: ['levels', 'maxDepth'],
};

/**
 * The accumulator behind `createToolCallAccumulator`: calls, ids, text, limits and events; a
 * format's {@link StreamEventHandler} turns each pushed event into calls of its methods.
 */
export class AccumulatorCore {
  text = '';
  /** Every started call, in start order. */
  readonly liveCalls: ToolCallState[] = [];
  eventIndex = -1;
  /** The provider's stop reason, when its stream sent one. */
  stopReason: string | undefined = undefined;
  /** The message's content blocks, when the format keeps them (Anthropic). */
  content: unknown[] | undefined = undefined;
  private readonly warnings: StreamWarning[] = [];
  private readonly handler: StreamEventHandler;
  private failure: StreamAccumulationError | undefined = undefined;
  private result: AccumulationResult | undefined = undefined;
  private readonly taken = new Set<string>();
  private readonly nextId: () => string;
  private textBytes = 0;
  private totalBytes = 0;

  constructor(
    private readonly limits: ResolvedStreamLimits,
    private readonly listener: ((event: ToolCallStreamEvent) => void) | undefined,
    generateCallId: CallIdGenerator | undefined,
    createHandler: (core: AccumulatorCore) => StreamEventHandler,
  ) {
    this.nextId = uniqueCallIds(this.taken, generateCallId);
    this.handler = createHandler(this);
  }

  /** The finished calls, by `position` where the format sets one. */
  get calls(): AccumulatedToolCall[] {
    const ordered = this.liveCalls.some((call) => call.position !== undefined)
      ? [...this.liveCalls].sort((a, b) => (a.position ?? a.index) - (b.position ?? b.index))
      : this.liveCalls;
    const result: AccumulatedToolCall[] = [];
    for (const call of ordered) if (call.result !== undefined) result.push(call.result);
    return result;
  }

  get finished(): boolean {
    return this.result !== undefined;
  }

  push(event: unknown): void {
    if (this.failure !== undefined) throw this.failure;
    if (this.result !== undefined) {
      throw new ToolHistoryError(
        'invalid-input',
        'ToolCallAccumulator.push() was called after finish(). Create a new accumulator for each message.',
      );
    }
    this.eventIndex++;
    try {
      this.handler.handle(event);
    } catch (error) {
      if (error instanceof StreamAccumulationError && error.detail.code !== 'invalid-input')
        this.failure = error;
      throw error;
    }
  }

  finish(): AccumulationResult {
    if (this.failure?.detail.code === 'stream-limit') throw this.failure;
    if (this.result === undefined) {
      this.endAll();
      this.handler.finish?.();
      const { warnings, stopReason, content } = this;
      this.result = {
        text: this.text,
        calls: this.calls,
        ...(warnings.length === 0 ? {} : { warnings: [...warnings] }),
        ...(stopReason === undefined ? {} : { stopReason }),
        ...(content === undefined ? {} : { content }),
      };
    }
    return this.result;
  }

  /** Creates a call: the provider's id when usable and unused in the message, else a new one. */
  createCall(providerId: string | undefined, name: string): ToolCallState {
    let callId: string;
    if (providerId !== undefined && !this.taken.has(providerId)) {
      this.taken.add(providerId);
      callId = providerId;
    } else {
      callId = this.nextId();
    }
    const call = new ToolCallState(callId, providerId, this.limits);
    call.name = name;
    if (providerId !== undefined || name !== '') this.start(call);
    return call;
  }

  /** Records a later id: the last sent wins, as in openai-node's ChatCompletionStream. */
  setProviderId(call: ToolCallState, providerId: string): void {
    if (call.providerId === providerId || call.ended) return;
    call.providerId = providerId;
    if (!this.taken.has(providerId)) {
      this.taken.delete(call.callId);
      this.taken.add(providerId);
      call.callId = providerId;
    }
    this.start(call);
  }

  /** Sets the tool name; empty names on later pieces are ignored. */
  setName(call: ToolCallState, name: string): void {
    if (name === '' || call.ended) return;
    call.name = name;
    this.start(call);
  }

  /** @throws {StreamAccumulationError} when a limit would be exceeded. */
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
      this.callLimitExceeded(call, 'fragments', fragments, this.limits.maxFragments);
    const added = utf8Length(delta);
    const bytes = call.bytes + added;
    const { maxArgumentBytes } = this.limits;
    if (bytes > maxArgumentBytes)
      this.callLimitExceeded(call, 'argument-bytes', bytes, maxArgumentBytes);
    call.fragments = fragments;
    if (delta === '') return;
    this.totalBytes = this.counted(this.totalBytes, added, 'total-bytes');
    call.bytes = bytes;
    call.argumentsText += delta;
    try {
      call.parser.write(delta);
    } catch (error) {
      if (!call.parsedObject) call.showParsedObject();
      if (error instanceof StreamAccumulationError && error.detail.code === 'stream-limit') {
        const { limit, attempted, maximum } = error.detail;
        this.callLimitExceeded(call, limit as CallLimit, attempted, maximum, error);
      }
      throw error;
    }
    if (!call.parsedObject) call.showParsedObject();
    const { index, callId } = call;
    this.listener?.({ type: 'tool-call-delta', index, callId, argumentsDelta: delta, call });
  }

  /** Makes a call final; calls that never started are dropped. */
  endCall(call: ToolCallState): void {
    if (call.ended || call.index < 0) return;
    const result = call.finalize();
    this.listener?.({ type: 'tool-call-end', index: call.index, call: result });
  }

  endAll(): void {
    for (const call of this.liveCalls) this.endCall(call);
  }

  /** @throws {StreamAccumulationError} when a limit would be exceeded. */
  appendText(delta: string): void {
    if (delta === '') return;
    const added = utf8Length(delta);
    this.textBytes = this.counted(this.textBytes, added, 'text-bytes');
    this.totalBytes = this.counted(this.totalBytes, added, 'total-bytes');
    this.text += delta;
    this.listener?.({ type: 'text-delta', delta });
  }

  /** Counts `delta` (server tool input, thinking) against the total-bytes limit. @throws {StreamAccumulationError} */
  countBytes(delta: string): void {
    this.totalBytes = this.counted(this.totalBytes, utf8Length(delta), 'total-bytes');
  }

  warn(call: ToolCallState, code: StreamWarning['code'], detail: string): void {
    const { eventIndex } = this;
    const { index: callIndex, callId } = call;
    const message = `events[${eventIndex}]: tool call ${callIndex} ("${callId}"): ${detail}`;
    this.warnings.push({ code, eventIndex, callIndex, callId, message });
  }

  private start(call: ToolCallState): void {
    if (call.index >= 0) return;
    const count = this.liveCalls.length;
    if (count >= this.limits.maxCalls)
      this.messageLimitExceeded('calls', count + 1, this.limits.maxCalls);
    call.index = count;
    this.liveCalls.push(call);
    const { index, callId, name } = call;
    this.listener?.({ type: 'tool-call-start', index, callId, name, call });
  }

  /** `bytes + added`, unless it passes the `limit`. */
  private counted(bytes: number, added: number, limit: 'text-bytes' | 'total-bytes'): number {
    const maximum = limit === 'text-bytes' ? this.limits.maxTextBytes : this.limits.maxTotalBytes;
    if (bytes + added > maximum) this.messageLimitExceeded(limit, bytes + added, maximum);
    return bytes + added;
  }

  private messageLimitExceeded(limit: MessageLimit, attempted: number, maximum: number): never {
    const [what, option] = MESSAGE_LIMITS[limit];
    const verb = limit === 'calls' ? 'started' : 'reached';
    throw new StreamAccumulationError(
      { code: 'stream-limit', limit, attempted, maximum },
      `The streamed message ${verb} ${attempted} ${what} (events[${this.eventIndex}]), over the ${limit} limit of ${maximum}. Raise limits.${option} if the stream is legitimate.`,
    );
  }

  private callLimitExceeded(
    call: ToolCallState,
    limit: CallLimit,
    attempted: number,
    maximum: number,
    cause?: unknown,
  ): never {
    const [units, option] = CALL_LIMITS[limit];
    const { index: callIndex, callId, name } = call;
    throw new StreamAccumulationError(
      { code: 'stream-limit', limit, callIndex, callId, attempted, maximum },
      `Tool call ${callIndex} ("${callId}"${name === '' ? '' : `, ${name}`}) reached ${attempted} ${units} of arguments, over the ${limit} limit of ${maximum}. Raise limits.${option} if the stream is legitimate.`,
      cause === undefined ? undefined : { cause },
    );
  }
}
