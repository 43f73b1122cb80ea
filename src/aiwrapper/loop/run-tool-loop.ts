import type { LangMessages, LanguageProvider } from 'aiwrapper';
import type { ToolLoopDoneReason, ToolLoopEvent } from './tool-loop-events.js';
import { thrownName } from './tool-outcome.js';
import { callsOf, commitResponse } from './commit-response.js';
import { answerTurn, closeOpen, notRun, record, type Answered, type Open } from './answer-turn.js';
import { installErrorResultFlags, installResponsesInputFix } from '../serializer-fixes.js';
import { requestRound, WorkingCopy } from './loop-request.js';
import { pendingToolCalls } from './pending-tool-calls.js';
import { readSetup, type Setup, type ToolLoopOptions } from './loop-tool.js';

/**
 * Runs an agent loop on aiwrapper until the model answers without calls; `messages` is appended to
 * in place and valid at every event (or with the latest calls pending). Breaking out stops it.
 * @throws {ToolHistoryError} `invalid-input`; `InvalidHistoryError` for an invalid history.
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
 * {@link runToolLoop} for a paused or cut-off conversation: `options.approvals` decides the waiting calls.
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

let fixesInstalled = false;

function installFixes(): void {
  if (fixesInstalled) return;
  fixesInstalled = true;
  installResponsesInputFix();
  installErrorResultFlags();
}

async function* drive(setup: Setup): AsyncGenerator<ToolLoopEvent, void, undefined> {
  installFixes();
  const { messages, signal } = setup;
  const requests = new AbortController();
  const working = new WorkingCopy();
  const abortRequests = (): void => {
    requests.abort(signal?.reason);
  };
  signal?.addEventListener('abort', abortRequests, { once: true });
  const open: Open = {
    batch: undefined,
    turnIndex: -1,
    paused: false,
    round: 0,
    started: new Set(),
  };
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
        controller: requests,
        working,
        stream: setup.stream,
      });
      const turnIndex = commitResponse(messages, added, setup.format);
      open.turnIndex = turnIndex;
      open.started = new Set();
      const turn = messages[turnIndex];
      const calls = turn === undefined ? [] : callsOf(turn);
      for (const [index, call] of calls.entries()) yield { type: 'tool-call-end', index, call };
      if (calls.length === 0) {
        yield done(final && withoutTools ? 'maxRounds' : 'answer', rounds, messages);
        return;
      }
      if (withoutTools) {
        // The model called tools in a request that declared none for it to call: no call runs.
        for (const call of calls)
          yield record(setup, turnIndex, rounds, notRun(call, 'max-rounds'));
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

/** Whether the run ended by an abort: its signal's, or a request's own. */
function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || thrownName(error) === 'AbortError';
}
