import type { LoopTool, LoopToolCall } from './loop-tool.js';
import {
  cancelledResult,
  describeThrown,
  notRunResult,
  thrownResult,
  timeoutResult,
  type NotRunReason,
  type ToolOutcome,
} from './tool-outcome.js';

/** One call to run, with its tool. */
export interface CallToRun {
  readonly call: LoopToolCall;
  readonly tool: LoopTool;
}

/** A start or an outcome, as `next()` hands it out. */
export type BatchStep =
  | { readonly kind: 'start'; readonly call: LoopToolCall }
  | { readonly kind: 'settled'; readonly outcome: ToolOutcome };

/** Options of {@link CallBatch}. */
export interface CallBatchOptions {
  readonly concurrency: number;
  readonly signal?: AbortSignal | undefined;
  /** Called as a call's start is handed out, before its handler runs. */
  readonly onStart: (call: LoopToolCall) => void;
  /** Asked when a handler throws whether the batch stops (so does a throw from it). */
  readonly stopsOn?: ((error: unknown, call: LoopToolCall) => boolean) | undefined;
}

/** The longest delay setTimeout holds. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** `starting`: its start is queued or handed out, and its handler not invoked yet. */
type RunState = 'queued' | 'starting' | 'running' | 'settled';

interface Slot {
  readonly run: CallToRun;
  readonly index: number;
  state: RunState;
  /** Made as the handler is invoked. */
  controller?: AbortController;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * Runs a round's calls, `concurrency` at a time, handing out each start (its handler runs at the
 * next `next()`, after the driver recorded it), then each outcome; a call settles once.
 */
export class CallBatch {
  readonly #slots: Slot[];
  readonly #options: CallBatchOptions;
  /** Starts (no outcome) and outcomes to hand out, in order. */
  #ready: { readonly slot: Slot; readonly outcome?: ToolOutcome }[] = [];
  #launching: Slot | undefined;
  #waiting: ((step: BatchStep | undefined) => void) | undefined;
  #next = 0;
  #running = 0;
  #open: number;
  /** What stopped the batch, when `stopsOn` said so or threw. */
  stoppedBy: { readonly error: unknown } | undefined;
  readonly #onAbort = (): void => {
    this.#stopAll('aborted');
    if (this.#waiting !== undefined) this.#wake(this.#handOut());
  };

  constructor(runs: readonly CallToRun[], options: CallBatchOptions) {
    this.#slots = runs.map((run, index) => ({ run, index, state: 'queued' }));
    this.#open = runs.length;
    this.#options = options;
    if (options.signal?.aborted === true) {
      this.#stopAll('aborted');
      return;
    }
    if (runs.length === 0) return;
    options.signal?.addEventListener('abort', this.#onAbort, { once: true });
    this.#fill();
  }

  next(): Promise<BatchStep | undefined> {
    this.#launch();
    const ready = this.#handOut();
    if (ready !== undefined) return Promise.resolve(ready);
    if (this.#open === 0) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      this.#waiting = resolve;
    });
  }

  /** Stops the batch (running calls `cancelled`, queued `not-run`); returns the outcomes not handed out. */
  stop(why: NotRunReason): ToolOutcome[] {
    this.#stopAll(why);
    const rest: ToolOutcome[] = [];
    for (const entry of this.#ready.splice(0))
      if (entry.outcome !== undefined) rest.push(entry.outcome);
    this.#wake(undefined);
    return rest;
  }

  #stopAll(why: NotRunReason): void {
    this.#options.signal?.removeEventListener('abort', this.#onAbort);
    for (const slot of this.#slots) {
      if (slot.state === 'running') {
        this.#settle(
          slot,
          { status: 'cancelled', result: cancelledResult(slot.run.call.name) },
          false,
        );
        slot.controller?.abort(new DOMException('The tool loop stopped.', 'AbortError'));
      } else if (slot.state !== 'settled') {
        // Queued, or its start recorded but its handler never invoked: it had no effect.
        this.#settle(
          slot,
          { status: 'not-run', result: notRunResult(slot.run.call.name, why) },
          false,
        );
      }
    }
    this.#launching = undefined;
    this.#ready = this.#ready.filter((entry) => entry.outcome !== undefined);
    this.#ready.sort((a, b) => a.slot.index - b.slot.index);
  }

  #fill(): void {
    while (this.#running < this.#options.concurrency && this.#next < this.#slots.length) {
      const slot = this.#slots[this.#next++];
      if (slot?.state !== 'queued') continue;
      slot.state = 'starting';
      this.#running++;
      this.#ready.push({ slot });
    }
  }

  #handOut(): BatchStep | undefined {
    const entry = this.#ready.shift();
    if (entry === undefined) return undefined;
    if (entry.outcome !== undefined) return { kind: 'settled', outcome: entry.outcome };
    const call = entry.slot.run.call;
    this.#options.onStart(call);
    this.#launching = entry.slot;
    return { kind: 'start', call };
  }

  #launch(): void {
    const slot = this.#launching;
    this.#launching = undefined;
    if (slot?.state !== 'starting') return;
    const { call, tool } = slot.run;
    slot.state = 'running';
    const { signal } = (slot.controller = new AbortController());
    const timeoutMs = tool.timeoutMs;
    if (timeoutMs !== undefined && timeoutMs !== Infinity)
      this.#arm(slot, timeoutMs, () => {
        if (slot.state !== 'running') return;
        this.#settle(
          slot,
          { status: 'timeout', result: timeoutResult(call.name, timeoutMs) },
          true,
        );
        slot.controller?.abort(new DOMException(`Tool "${call.name}" timed out.`, 'TimeoutError'));
      });
    let returned: unknown;
    try {
      returned = tool.handler(call.arguments, { signal, callId: call.callId, name: call.name });
    } catch (error) {
      this.#settle(slot, { status: 'error', result: thrownResult(error), error }, true);
      return;
    }
    Promise.resolve(returned).then(
      (value) => {
        this.#settle(slot, jsonOutcome(value), true);
      },
      (error: unknown) => {
        this.#settle(slot, { status: 'error', result: thrownResult(error), error }, true);
      },
    );
  }

  /** Calls `onTime` after `ms`, in steps setTimeout can hold (Node fires a longer one after 1 ms). */
  #arm(slot: Slot, ms: number, onTime: () => void): void {
    const step = Math.min(ms, MAX_TIMER_MS);
    slot.timer = setTimeout(() => {
      if (ms > step) this.#arm(slot, ms - step, onTime);
      else onTime();
    }, step);
  }

  #settle(slot: Slot, outcome: Omit<ToolOutcome, 'callId' | 'name'>, handOut: boolean): void {
    if (slot.state === 'settled') return;
    if (slot.state === 'running' || slot.state === 'starting') this.#running--;
    slot.state = 'settled';
    if (slot.timer !== undefined) clearTimeout(slot.timer);
    // The last call settled: the signal (the run's, used by every round) no longer holds the batch.
    if (--this.#open === 0) this.#options.signal?.removeEventListener('abort', this.#onAbort);
    const { callId, name } = slot.run.call;
    const settled: ToolOutcome = { callId, name, ...outcome };
    if (!handOut) {
      this.#ready.push({ slot, outcome: settled });
      return;
    }
    if (outcome.status === 'error' && 'error' in outcome && this.#stops(outcome.error, slot)) {
      this.#ready.push({ slot, outcome: settled });
      this.#stopAll('stopped');
    } else {
      // The next call's start goes first, so its handler runs while this outcome is reported.
      this.#fill();
      this.#ready.push({ slot, outcome: settled });
    }
    if (this.#waiting !== undefined) this.#wake(this.#handOut());
  }

  #stops(error: unknown, slot: Slot): boolean {
    const stopsOn = this.#options.stopsOn;
    if (stopsOn === undefined) return false;
    let stops: boolean;
    try {
      stops = stopsOn(error, slot.run.call);
    } catch (thrown) {
      this.stoppedBy = { error: thrown };
      return true;
    }
    if (stops) this.stoppedBy = { error };
    return stops;
  }

  #wake(step: BatchStep | undefined): void {
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.(step);
  }
}

/** A handler's return value as JSON holds it (`undefined` is `null`); an error result if JSON refuses it. */
function jsonOutcome(value: unknown): Pick<ToolOutcome, 'status' | 'result'> {
  if (value === undefined) return { status: 'ok', result: null };
  let text: string | undefined;
  let why = 'it is not a JSON value';
  try {
    text = JSON.stringify(value);
  } catch (error) {
    // The first line: V8 words a cycle over several lines, naming the path that closes it.
    why = describeThrown(error).split('\n', 1)[0] ?? why;
  }
  if (text !== undefined) return { status: 'ok', result: JSON.parse(text) as unknown };
  return {
    status: 'error',
    result: {
      error: true,
      name: 'ToolResultNotJSON',
      message: `The tool returned a value the conversation cannot store as JSON (${why}).`,
    },
  };
}
