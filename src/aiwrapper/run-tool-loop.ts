import { LangMessages, type LangMessage, type LangTool, type LanguageProvider } from 'aiwrapper';
import { z } from 'zod';
import { createCallId } from '../core/call-id.js';
import type { ProviderFormat } from '../core/format.js';
import { ToolHistoryError } from '../errors/tool-history-error.js';
import { CallBatch, type CallToRun } from '../loop/call-batch.js';
import {
  needsApproval,
  readLoopTools,
  type LoopTool,
  type LoopToolCall,
} from '../loop/loop-tool.js';
import type { ToolLoopDoneReason, ToolLoopEvent } from '../loop/tool-loop-events.js';
import {
  deniedResult,
  interruptedResult,
  notRunResult,
  thrownResult,
  type NotRunReason,
  type ToolOutcome,
} from '../loop/tool-outcome.js';
import { profileFor } from '../repair/provider-profile.js';
import { formatOfLang } from './lang-format.js';
import { assertLoopHistory } from './loop-history.js';
import { requestRound } from './loop-request.js';
import { pendingToolCalls, recordStart, writeResult } from './pending-tool-calls.js';
import { installResponsesInputFix } from './responses-input.js';
import { installErrorResultFlags } from './error-result-flags.js';

/** A human's decision on a call that waits for approval. */
export type ToolApproval =
  boolean | { readonly approved: boolean; readonly reason?: string | undefined };

/** Options of {@link runToolLoop} and {@link resumeToolLoop}. */
export interface ToolLoopOptions {
  /** The tools the model may call, each with its handler. */
  readonly tools: readonly LoopTool[];
  /**
   * The most model requests one run makes.
   * @defaultValue 10
   */
  readonly maxRounds?: number | undefined;
  /**
   * What the last of `maxRounds` requests is: `'answer'` sends it without tools, for a final
   * answer; `'stop'` sends it with tools and ends the run after its calls, with reason `maxRounds`.
   * @defaultValue 'answer'
   */
  readonly onMaxRounds?: 'answer' | 'stop' | undefined;
  /** Stops the run: the request in flight is aborted, running calls end `cancelled`, the rest `not-run`. */
  readonly signal?: AbortSignal | undefined;
  /**
   * How many calls run at once.
   * @defaultValue 4
   */
  readonly concurrency?: number | undefined;
  /**
   * Stream each response (text and calls reported as they grow).
   * @defaultValue true
   */
  readonly stream?: boolean | undefined;
  /**
   * Called when a handler throws. `'continue'` (the default) records the error as the call's
   * result and goes on; `'stop'` also stops the run: running calls end `cancelled`, the others
   * `not-run`, and the run ends with reason `error`.
   */
  readonly onToolError?: ((error: unknown, call: LoopToolCall) => 'continue' | 'stop') | undefined;
  /** Decisions on calls that wait for approval, by call id (for {@link resumeToolLoop}). */
  readonly approvals?: Readonly<Record<string, ToolApproval>> | undefined;
}

const numbers = z.object({
  maxRounds: z.number().int().min(1).optional(),
  concurrency: z.number().int().min(1).optional(),
  onMaxRounds: z.enum(['answer', 'stop']).optional(),
  stream: z.boolean().optional(),
});

interface Setup {
  readonly lang: LanguageProvider;
  readonly messages: LangMessages;
  readonly tools: ReadonlyMap<string, LoopTool>;
  readonly declared: readonly LangTool[];
  /** Declare the tools on the final request too: the provider refuses tool history without them. */
  readonly declareOnFinal: boolean;
  /** The format `lang` speaks, when this package knows the provider. */
  readonly format: ProviderFormat | undefined;
  readonly maxRounds: number;
  readonly onMaxRounds: 'answer' | 'stop';
  readonly concurrency: number;
  readonly stream: boolean;
  readonly signal: AbortSignal | undefined;
  readonly onToolError: ToolLoopOptions['onToolError'];
  readonly approvals: Readonly<Record<string, ToolApproval>>;
}

/**
 * Runs an agent loop on aiwrapper: requests a response, runs the calls it makes with the given
 * tools, writes their results, and goes on until the model answers without calls. Iterating the
 * generator drives the loop; breaking out of it stops the loop, as aborting `signal` does.
 *
 * `messages` is the state: the loop appends to it in place (as aiwrapper's `chat()` does), and at
 * every event, after a throw, an abort, a timeout, `maxRounds` and a pause, it is a valid
 * history for the provider `lang` speaks, or valid with the latest calls *pending*
 * ({@link pendingToolCalls}): answered by nothing yet, and never sent that way. A call that
 * started and was stopped gets a result saying it may have had effects; a call that never started
 * gets `not run`; neither is ever recorded as a success. A half-streamed response is never written.
 *
 * A history that ends with unanswered calls (a pause, a crash) is resumed from the history alone:
 * calls never started run; a call whose start was recorded runs again unless its tool's
 * `sideEffects` is `'once'`, when it gets a result saying it may have run.
 *
 * @throws {ToolHistoryError} `invalid-input` when `lang` is not an aiwrapper provider, `messages`
 *   not a `LangMessages`, or an option is wrong (the error names it); `invalid-history` (an
 *   `InvalidHistoryError`) when the history before its pending calls is not valid.
 * @example
 * for await (const event of runToolLoop(lang, messages, { tools, signal })) {
 *   if (event.type === 'text-delta') process.stdout.write(event.delta);
 *   if (event.type === 'done') console.log(event.reason);
 * }
 */
export function runToolLoop(
  lang: LanguageProvider,
  messages: LangMessages,
  options: ToolLoopOptions,
): AsyncGenerator<ToolLoopEvent, void, undefined> {
  return drive(readSetup(lang, messages, options));
}

/**
 * Goes on with a conversation the loop paused for approvals (or one cut off while its tools ran),
 * serialized and rebuilt or not: the history is all the state it needs. `options.approvals`
 * decides the calls that wait for approval; a denied call gets a result saying it was not
 * approved, and a call still undecided pauses the run again. The same loop as
 * {@link runToolLoop}, which also resumes a history that ends with unanswered calls.
 *
 * @example
 * const messages = new LangMessages(JSON.parse(saved));
 * for await (const event of resumeToolLoop(lang, messages, { tools, approvals: { call_1: true } })) …
 */
export function resumeToolLoop(
  lang: LanguageProvider,
  messages: LangMessages,
  options: ToolLoopOptions,
): AsyncGenerator<ToolLoopEvent, void, undefined> {
  return runToolLoop(lang, messages, options);
}

function readSetup(lang: unknown, messages: unknown, options: unknown): Setup {
  if (
    typeof lang !== 'object' ||
    lang === null ||
    typeof (lang as { chat?: unknown }).chat !== 'function'
  )
    throw new ToolHistoryError(
      'invalid-input',
      'runToolLoop needs an aiwrapper provider (e.g. Lang.openai(…)) as its first argument.',
    );
  if (!(messages instanceof LangMessages))
    throw new ToolHistoryError(
      'invalid-input',
      'runToolLoop needs the conversation as a LangMessages (new LangMessages(saved) rebuilds one from JSON).',
    );
  if (typeof options !== 'object' || options === null)
    throw new ToolHistoryError(
      'invalid-input',
      'runToolLoop needs options with tools, e.g. { tools: [weatherTool] }.',
    );
  const given = options as ToolLoopOptions;
  const parsed = numbers.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ToolHistoryError(
      'invalid-input',
      `options.${issue?.path.join('.') ?? ''} is not valid: ${issue?.message ?? ''}.`,
    );
  }
  if (given.signal !== undefined && !(given.signal instanceof AbortSignal))
    throw new ToolHistoryError('invalid-input', 'options.signal must be an AbortSignal.');
  const tools = readLoopTools(given.tools);
  const provider = lang as LanguageProvider;
  const format = formatOfLang(provider);
  assertLoopHistory(messages);
  return {
    lang: provider,
    messages,
    tools,
    declared: [...tools.values()].map(declaredTool),
    format,
    declareOnFinal: format !== undefined && profileFor(format).toolsWithToolHistory,
    maxRounds: parsed.data.maxRounds ?? 10,
    onMaxRounds: parsed.data.onMaxRounds ?? 'answer',
    concurrency: parsed.data.concurrency ?? 4,
    stream: parsed.data.stream ?? true,
    signal: given.signal,
    onToolError: given.onToolError,
    approvals: given.approvals ?? {},
  };
}

/**
 * The tool as aiwrapper declares it. It carries a handler (never called: the loop runs the calls)
 * because aiwrapper's Responses adapter sends a tool without one as a built-in tool type.
 */
function declaredTool(tool: LoopTool): LangTool {
  return {
    name: tool.name,
    description: tool.description ?? '',
    parameters: { ...tool.parameters },
    handler: () => undefined,
  };
}

/** How answering a turn's calls ended. */
type Answered =
  | { readonly kind: 'answered' }
  | { readonly kind: 'paused' }
  | { readonly kind: 'stopped'; readonly error: unknown }
  | { readonly kind: 'aborted' };

/** What the `finally` of the loop must close if the consumer stops iterating. */
interface Open {
  batch: CallBatch | undefined;
  /** The turn being answered, and its calls held for approval (answered `not-run` on a stop). */
  turnIndex: number;
  held: LoopToolCall[];
  round: number;
}

async function* drive(setup: Setup): AsyncGenerator<ToolLoopEvent, void, undefined> {
  installResponsesInputFix();
  installErrorResultFlags();
  const { messages, signal } = setup;
  const requests = new AbortController();
  const abortRequests = (): void => {
    requests.abort(signal?.reason);
  };
  signal?.addEventListener('abort', abortRequests, { once: true });
  const open: Open = { batch: undefined, turnIndex: -1, held: [], round: 0 };
  let rounds = 0;
  try {
    const pending = pendingToolCalls(messages);
    if (pending !== undefined) {
      const answered = yield* answerTurn(
        setup,
        open,
        pending.messageIndex,
        pending.calls,
        pending.started,
      );
      if (answered.kind !== 'answered') {
        yield* ending(answered, rounds, messages);
        return;
      }
      yield { type: 'round-end', round: 0, calls: pending.calls.length };
    }
    for (;;) {
      if (signal?.aborted === true) {
        yield done('aborted', rounds, messages);
        return;
      }
      rounds++;
      open.round = rounds;
      const final = rounds === setup.maxRounds;
      const withoutTools = final && setup.onMaxRounds === 'answer';
      const added = yield* requestRound({
        lang: setup.lang,
        messages,
        tools: withoutTools && !setup.declareOnFinal ? undefined : setup.declared,
        signal: requests.signal,
        stream: setup.stream,
        round: rounds,
        format: setup.format,
      });
      const turnIndex = commit(messages, added);
      const turn = messages[turnIndex];
      const calls = turn === undefined ? [] : callsOf(turn);
      for (const [index, call] of calls.entries())
        yield { type: 'tool-call-end', round: rounds, index, ...call };
      if (calls.length === 0) {
        yield done(final && withoutTools ? 'maxRounds' : 'answer', rounds, messages);
        return;
      }
      if (withoutTools) {
        // The model called tools in a request that declared none for it to call: no call runs.
        for (const call of calls)
          yield* record(setup, turnIndex, rounds, notRun(call, 'max-rounds'));
        yield { type: 'round-end', round: rounds, calls: calls.length };
        yield done('maxRounds', rounds, messages);
        return;
      }
      const answered = yield* answerTurn(setup, open, turnIndex, calls, new Set());
      if (answered.kind !== 'answered') {
        yield* ending(answered, rounds, messages);
        return;
      }
      yield { type: 'round-end', round: rounds, calls: calls.length };
      if (final) {
        yield done('maxRounds', rounds, messages);
        return;
      }
    }
  } catch (error) {
    closeOpen(setup, open, 'aborted');
    yield done(isAbort(error, signal) ? 'aborted' : 'error', rounds, messages, error);
  } finally {
    signal?.removeEventListener('abort', abortRequests);
    requests.abort();
    closeOpen(setup, open, 'aborted');
  }
}

function* ending(
  answered: Exclude<Answered, { kind: 'answered' }>,
  rounds: number,
  messages: LangMessages,
): Generator<ToolLoopEvent, void, undefined> {
  if (answered.kind === 'stopped') yield done('error', rounds, messages, answered.error);
  else if (answered.kind === 'aborted') yield done('aborted', rounds, messages);
}

/**
 * Answers the calls of the turn at `turnIndex` (the last turn, with nothing but its results after
 * it): writes what needs no run (unknown tools, interrupted `'once'` calls, decisions), runs the
 * rest, and pauses when calls wait for approval.
 */
async function* answerTurn(
  setup: Setup,
  open: Open,
  turnIndex: number,
  calls: readonly LoopToolCall[],
  started: ReadonlySet<string>,
): AsyncGenerator<ToolLoopEvent, Answered, undefined> {
  const { messages } = setup;
  const round = open.round;
  const turn = messages[turnIndex];
  if (turn === undefined)
    throw new ToolHistoryError(
      'unreachable',
      `The call turn at messages[${String(turnIndex)}] is gone.`,
    );
  const runs: CallToRun[] = [];
  const held: LoopToolCall[] = [];
  open.turnIndex = turnIndex;
  open.held = held;
  for (const call of calls) {
    const decided = decide(setup, call, started);
    if (decided.kind === 'run') runs.push({ call, tool: decided.tool });
    else if (decided.kind === 'hold') held.push(call);
    else yield* record(setup, turnIndex, round, decided.outcome);
  }
  if (setup.signal?.aborted === true) return { kind: 'aborted' };
  const batch = new CallBatch(runs, {
    concurrency: setup.concurrency,
    signal: setup.signal,
    onStart: (call) => {
      recordStart(turn, call.callId);
    },
  });
  open.batch = batch;
  let stopped: { readonly error: unknown } | undefined;
  for (let outcome = await batch.next(); outcome !== undefined; outcome = await batch.next()) {
    yield* record(setup, turnIndex, round, outcome);
    if (outcome.status === 'error' && 'error' in outcome && setup.onToolError !== undefined) {
      const call = calls.find((candidate) => candidate.callId === outcome.callId);
      if (call !== undefined && setup.onToolError(outcome.error, call) === 'stop') {
        stopped = { error: outcome.error };
        for (const rest of batch.stop('stopped')) yield* record(setup, turnIndex, round, rest);
        break;
      }
    }
  }
  open.batch = undefined;
  if (stopped !== undefined || isAborted(setup.signal)) {
    const why: NotRunReason = stopped !== undefined ? 'stopped' : 'aborted';
    for (const call of held.splice(0)) yield* record(setup, turnIndex, round, notRun(call, why));
    return stopped !== undefined ? { kind: 'stopped', error: stopped.error } : { kind: 'aborted' };
  }
  if (held.length > 0) {
    const pending = held.splice(0);
    yield { type: 'paused', round, pending };
    return { kind: 'paused' };
  }
  return { kind: 'answered' };
}

/** What becomes of one call before anything runs. */
type Decision =
  | { readonly kind: 'run'; readonly tool: LoopTool }
  | { readonly kind: 'hold' }
  | { readonly kind: 'answer'; readonly outcome: ToolOutcome };

/**
 * Decides a call: an unknown tool is not run; a `'once'` call whose start was recorded gets the
 * interrupted result; a call that needs approval runs, is denied or is held by its decision; any
 * other runs. An approval predicate that throws answers the call with its error, unrun.
 */
function decide(setup: Setup, call: LoopToolCall, started: ReadonlySet<string>): Decision {
  const tool = setup.tools.get(call.name);
  if (tool === undefined) return { kind: 'answer', outcome: notRun(call, 'unknown-tool') };
  if (started.has(call.callId) && (tool.sideEffects ?? 'once') === 'once')
    return {
      kind: 'answer',
      outcome: { ...call, status: 'cancelled', result: interruptedResult(call.name) },
    };
  let asks: boolean;
  try {
    asks = needsApproval(tool, call);
  } catch (error) {
    return { kind: 'answer', outcome: { ...call, status: 'error', result: thrownResult(error) } };
  }
  if (!asks) return { kind: 'run', tool };
  const decision = setup.approvals[call.callId];
  if (decision === undefined) return { kind: 'hold' };
  if (isApproved(decision)) return { kind: 'run', tool };
  return {
    kind: 'answer',
    outcome: { ...call, status: 'denied', result: deniedResult(call.name, reasonOf(decision)) },
  };
}

/** Writes an outcome into the history, then reports it. */
function* record(
  setup: Setup,
  turnIndex: number,
  round: number,
  outcome: ToolOutcome,
): Generator<ToolLoopEvent, void, undefined> {
  writeResult(setup.messages, turnIndex, { ...outcome, isError: outcome.status !== 'ok' });
  yield {
    type: 'tool-result',
    round,
    callId: outcome.callId,
    name: outcome.name,
    status: outcome.status,
    result: outcome.result,
  };
}

/**
 * Answers, without yielding, whatever the loop leaves open when it stops between events: running
 * calls `cancelled`, queued and held ones `not-run`. The consumer stopped iterating, so there is
 * nobody to report to; the history alone says what happened.
 */
function closeOpen(setup: Setup, open: Open, why: NotRunReason): void {
  const batch = open.batch;
  open.batch = undefined;
  const outcomes = batch === undefined ? [] : batch.stop(why);
  for (const call of open.held.splice(0)) outcomes.push(notRun(call, why));
  for (const outcome of outcomes)
    writeResult(setup.messages, open.turnIndex, { ...outcome, isError: true });
}

/** Appends a response's messages; returns the index of its last assistant message (or -1). */
function commit(messages: LangMessages, added: readonly LangMessage[]): number {
  let turnIndex = -1;
  for (const message of added) {
    if (message.role === 'assistant') {
      giveIds(message);
      turnIndex = messages.length;
    }
    messages.push(message);
  }
  return turnIndex;
}

/** Gives a call without an id, or with one its turn already used, a fresh id, before it is written. */
function giveIds(message: LangMessage): void {
  const used = new Set<string>();
  for (const item of message.items) {
    if (item.type !== 'tool') continue;
    while (item.callId === '' || used.has(item.callId)) item.callId = createCallId();
    used.add(item.callId);
  }
}

function callsOf(turn: LangMessage): LoopToolCall[] {
  const calls: LoopToolCall[] = [];
  for (const item of turn.items)
    if (item.type === 'tool')
      calls.push({ callId: item.callId, name: item.name, arguments: item.arguments });
  return calls;
}

function notRun(call: LoopToolCall, why: NotRunReason): ToolOutcome {
  return {
    callId: call.callId,
    name: call.name,
    status: 'not-run',
    result: notRunResult(call.name, why),
  };
}

function isApproved(decision: ToolApproval): boolean {
  return typeof decision === 'boolean' ? decision : decision.approved;
}

function reasonOf(decision: ToolApproval): string | undefined {
  return typeof decision === 'boolean' ? undefined : decision.reason;
}

function done(
  reason: ToolLoopDoneReason,
  rounds: number,
  messages: LangMessages,
  error?: unknown,
): ToolLoopEvent {
  return {
    type: 'done',
    reason,
    rounds,
    answer: messages.answer,
    ...(error === undefined ? {} : { error }),
  };
}

/** Read through a call, so that a check before an `await` does not narrow the one after it. */
function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  if (signal?.aborted === true) return true;
  return error instanceof Error && error.name === 'AbortError';
}
