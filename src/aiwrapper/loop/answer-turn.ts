import { CallBatch, type CallToRun } from './call-batch.js';
import {
  deniedResult,
  interruptedResult,
  notRunResult,
  thrownResult,
  type NotRunReason,
  type ToolOutcome,
} from './tool-outcome.js';
import type { LangMessage } from 'aiwrapper';
import { ToolHistoryError } from '../../errors/tool-history-error.js';
import { isJsonText } from '../../core/json-text.js';
import { sentCallOf } from '../meta-keys.js';
import { pendingToolCalls, recordStart, writeResult, type TurnCall } from './pending-tool-calls.js';
import {
  needsApproval,
  type LoopTool,
  type LoopToolCall,
  type Setup,
  type ToolLoopDoneReason,
  type ToolLoopEvent,
} from './loop-tool.js';

/** The turn whose calls the loop answers, which it must close if it stops between events. */
export interface Open {
  batch: CallBatch | undefined;
  /** -1 before a turn, and once paused: held calls stay unanswered. */
  turnIndex: number;
  /** The calls an earlier run started. */
  started: ReadonlySet<string>;
  round: number;
}

/** The run's last event. */
export function doneEvent(
  setup: Setup,
  open: Open,
  reason: ToolLoopDoneReason,
  error?: unknown,
): ToolLoopEvent {
  return {
    type: 'done',
    reason,
    rounds: open.round,
    answer: setup.messages.answer,
    ...(error === undefined ? {} : { error }),
  };
}

/**
 * Answers the calls of the open turn: writes what needs no run, runs the rest, pauses for
 * approvals. Returns the event that ends the run (`done` or `paused`), if it ends here.
 */
export async function* answerTurn(
  setup: Setup,
  open: Open,
  calls: readonly TurnCall[],
): AsyncGenerator<ToolLoopEvent, ToolLoopEvent | undefined, undefined> {
  const { round, turnIndex, started } = open;
  const turn = setup.messages[turnIndex];
  if (turn === undefined) throw new ToolHistoryError('unreachable', 'The call turn is gone.');
  const runs: CallToRun[] = [];
  const held: LoopToolCall[] = [];
  for (const call of calls) {
    const decided = decide(setup, call, started, turn);
    if (decided.kind === 'run') runs.push({ call, tool: decided.tool });
    else if (decided.kind === 'hold') held.push(call);
    else yield record(setup, turnIndex, round, decided.outcome);
  }
  if (setup.signal?.aborted === true) return doneEvent(setup, open, 'aborted');
  const batch = new CallBatch(runs, {
    concurrency: setup.concurrency,
    signal: setup.signal,
    onStart: (call) => {
      recordStart(turn, call.callId);
    },
    stopsOn: (error, call) => setup.onToolError?.(error, call) === 'stop',
  });
  open.batch = batch;
  // A handler runs once the consumer, who may save the history at its start event, asks for more.
  for (let step = await batch.next(); step !== undefined; step = await batch.next()) {
    if (step.kind === 'start')
      yield { type: 'tool-run-start', round, callId: step.call.callId, name: step.call.name };
    else yield record(setup, turnIndex, round, truthful(step.outcome, started));
  }
  const stopped = batch.stoppedBy;
  open.batch = undefined;
  if (stopped !== undefined || isAborted(setup.signal)) {
    const why: NotRunReason = stopped !== undefined ? 'stopped' : 'aborted';
    for (const call of held.splice(0))
      yield record(setup, turnIndex, round, truthful(notRun(call, why), started));
    return stopped === undefined
      ? doneEvent(setup, open, 'aborted')
      : doneEvent(setup, open, 'error', stopped.error);
  }
  if (held.length === 0) return undefined;
  open.turnIndex = -1;
  return { type: 'paused', round, pending: held };
}

/** What becomes of one call before anything runs. */
type Decision =
  | { readonly kind: 'run'; readonly tool: LoopTool }
  | { readonly kind: 'hold' }
  | { readonly kind: 'answer'; readonly outcome: ToolOutcome };

/** Decides a call before anything runs; a started call needing approval still waits for it. */
function decide(
  setup: Setup,
  call: TurnCall,
  started: ReadonlySet<string>,
  turn: LangMessage,
): Decision {
  if (call.name === '' || sentCallOf(turn, call.callId)?.name === '')
    return { kind: 'answer', outcome: notRun(call, 'no-tool-name') };
  const tool = setup.tools.get(call.name);
  if (tool === undefined) return { kind: 'answer', outcome: notRun(call, 'unknown-tool') };
  const malformed = argumentsProblem(call);
  if (malformed !== undefined) return { kind: 'answer', outcome: notRun(call, malformed) };
  const interrupted: Decision = {
    kind: 'answer',
    outcome: { ...call, status: 'cancelled', result: interruptedResult(call.name) },
  };
  if (started.has(call.callId) && (tool.sideEffects ?? 'once') === 'once') return interrupted;
  let asks: boolean;
  try {
    asks = needsApproval(tool, call);
  } catch (error) {
    return { kind: 'answer', outcome: { ...call, status: 'error', result: thrownResult(error) } };
  }
  if (!asks) return { kind: 'run', tool };
  const decision = setup.approvals.get(call.callId);
  if (decision === undefined) return { kind: 'hold' };
  if (decision.approved) return { kind: 'run', tool };
  if (started.has(call.callId)) return interrupted;
  return {
    kind: 'answer',
    outcome: { ...call, status: 'denied', result: deniedResult(call.name, decision.reason) },
  };
}

/** Writes an outcome into the history; returns the event that reports it. */
export function record(
  setup: Setup,
  turnIndex: number,
  round: number,
  outcome: ToolOutcome,
): ToolLoopEvent {
  writeResult(setup.messages, turnIndex, outcome);
  const { callId, name, status, result } = outcome;
  return { type: 'tool-result', round, callId, name, status, result };
}

/** Answers, without yielding, every call of this run's turn still open when the loop stops. */
export function closeOpen(setup: Setup, open: Open, why: NotRunReason): void {
  const batch = open.batch;
  open.batch = undefined;
  const started = open.started;
  const outcomes = batch === undefined ? [] : batch.stop(why);
  const pending = open.turnIndex === -1 ? undefined : pendingToolCalls(setup.messages);
  if (pending?.messageIndex === open.turnIndex) {
    const answered = new Set(outcomes.map((outcome) => outcome.callId));
    for (const call of pending.calls)
      if (!answered.has(call.callId)) outcomes.push(notRun(call, why));
  }
  for (const outcome of outcomes)
    writeResult(setup.messages, open.turnIndex, truthful(outcome, started));
}

/** A call an earlier run started gets the interrupted result rather than `not-run`: it may have run. */
function truthful(outcome: ToolOutcome, started: ReadonlySet<string>): ToolOutcome {
  if (outcome.status !== 'not-run' || !started.has(outcome.callId)) return outcome;
  return { ...outcome, status: 'cancelled', result: interruptedResult(outcome.name) };
}

/** The outcome of a call that never started. */
export function notRun({ callId, name }: LoopToolCall, why: NotRunReason): ToolOutcome {
  return { callId, name, status: 'not-run', result: notRunResult(name, why) };
}

/** Why a call's arguments cannot go to its handler. */
function argumentsProblem(call: TurnCall): NotRunReason | undefined {
  if (call.argumentsText !== undefined)
    return isJsonText(call.argumentsText) ? 'non-object-arguments' : 'invalid-json-arguments';
  return isPlainObject(call.arguments) ? undefined : 'non-object-arguments';
}

function isPlainObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** A call, so a check before an `await` does not narrow the one after it. */
function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}
