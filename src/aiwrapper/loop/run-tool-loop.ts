import type { LangMessages, LanguageProvider } from 'aiwrapper';
import { thrownName } from './tool-outcome.js';
import { callsOf, commitResponse, pendingToolCalls, type TurnCall } from './pending-tool-calls.js';
import { answerTurn, closeOpen, notRun, record, type Open } from './answer-turn.js';
import { installErrorResultFlags, installResponsesInputFix } from '../serializer-fixes.js';
import { requestRound, WorkingCopy } from './loop-request.js';
import {
  readSetup,
  type Setup,
  type ToolLoopDoneReason,
  type ToolLoopEvent,
  type ToolLoopOptions,
} from './loop-tool.js';

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
export const resumeToolLoop: typeof runToolLoop = runToolLoop;

let fixesInstalled = false;

async function* drive(setup: Setup): AsyncGenerator<ToolLoopEvent, void, undefined> {
  if (!fixesInstalled) {
    fixesInstalled = true;
    installResponsesInputFix();
    installErrorResultFlags();
  }
  const { messages, signal } = setup;
  const requests = new AbortController();
  const working = new WorkingCopy();
  const abortRequests = (): void => {
    requests.abort(signal?.reason);
  };
  signal?.addEventListener('abort', abortRequests, { once: true });
  const open: Open = { batch: undefined, turnIndex: -1, round: 0, started: new Set() };
  const done = (reason: ToolLoopDoneReason, error?: unknown): ToolLoopEvent => ({
    type: 'done',
    reason,
    rounds: open.round,
    answer: messages.answer,
    ...(error === undefined ? {} : { error }),
  });
  try {
    // The calls to answer: first those a resumed history ends with.
    const resumed = pendingToolCalls(messages);
    let calls: readonly TurnCall[] = resumed?.calls ?? [];
    if (resumed !== undefined) {
      open.turnIndex = resumed.messageIndex;
      open.started = resumed.started;
    }
    for (;;) {
      const final = open.round === setup.maxRounds;
      if (calls.length > 0) {
        const answered = yield* answerTurn(setup, open, calls);
        if (answered.kind === 'stopped') yield done('error', answered.error);
        if (answered.kind === 'aborted') yield done('aborted');
        if (answered.kind !== 'answered') return;
        yield { type: 'round-end', round: open.round, calls: calls.length };
        if (final) {
          yield done('maxRounds');
          return;
        }
      }
      if (signal?.aborted === true) {
        yield done('aborted');
        return;
      }
      open.round++;
      const withoutTools = open.round === setup.maxRounds && setup.onMaxRounds === 'answer';
      const tools = withoutTools && !setup.declareOnFinal ? undefined : setup.declared;
      const added = yield* requestRound(setup, working, requests, tools);
      const turnIndex = commitResponse(messages, added, setup.format);
      open.turnIndex = turnIndex;
      open.started = new Set();
      const committed = messages[turnIndex];
      calls = committed === undefined ? [] : callsOf(committed);
      for (const [index, call] of calls.entries()) yield { type: 'tool-call-end', index, call };
      if (calls.length === 0) {
        yield done(withoutTools ? 'maxRounds' : 'answer');
        return;
      }
      if (withoutTools) {
        // The model called tools in a request that declared none for it to call: no call runs.
        for (const call of calls)
          yield record(setup, turnIndex, open.round, notRun(call, 'max-rounds'));
        yield { type: 'round-end', round: open.round, calls: calls.length };
        yield done('maxRounds');
        return;
      }
    }
  } catch (error) {
    closeOpen(setup, open, 'aborted');
    // Aborted by the run's signal, or a request's own abort.
    const aborted = signal?.aborted === true || thrownName(error) === 'AbortError';
    yield done(aborted ? 'aborted' : 'error', error);
  } finally {
    signal?.removeEventListener('abort', abortRequests);
    closeOpen(setup, open, 'aborted');
  }
}
