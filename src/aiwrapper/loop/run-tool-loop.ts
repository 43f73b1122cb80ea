import { LangMessages, type LangMessage, type LangTool, type LanguageProvider } from 'aiwrapper';
import { thrownName } from './tool-outcome.js';
import { callsOf, commitResponse, pendingToolCalls, type TurnCall } from './pending-tool-calls.js';
import { answerTurn, closeOpen, doneEvent, notRun, record, type Open } from './answer-turn.js';
import { installErrorResultFlags, installResponsesInputFix } from '../serializer-fixes.js';
import { watchLangMessage } from '../live-tool-calls.js';
import { hookingOnResult } from '../sent-tool-calls.js';
import { defineMethod } from '../provider-prototypes.js';
import { readSetup, type Setup, type ToolLoopEvent, type ToolLoopOptions } from './loop-tool.js';

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

async function* drive(setup: Setup): AsyncGenerator<ToolLoopEvent, void, undefined> {
  installResponsesInputFix();
  installErrorResultFlags();
  const { signal } = setup;
  const requests = new AbortController();
  const abortRequests = (): void => {
    requests.abort(signal?.reason);
  };
  signal?.addEventListener('abort', abortRequests, { once: true });
  const open: Open = { batch: undefined, turnIndex: -1, round: 0, started: new Set() };
  try {
    const last = yield* rounds(setup, open, requests);
    yield last;
  } catch (error) {
    closeOpen(setup, open, 'aborted');
    // Aborted by the run's signal, or a request's own abort.
    const aborted = signal?.aborted === true || thrownName(error) === 'AbortError';
    yield doneEvent(setup, open, aborted ? 'aborted' : 'error', error);
  } finally {
    signal?.removeEventListener('abort', abortRequests);
    closeOpen(setup, open, 'aborted');
  }
}

/** The rounds of a run: requests, their calls answered; returns the event that ends the run. */
async function* rounds(
  setup: Setup,
  open: Open,
  requests: AbortController,
): AsyncGenerator<ToolLoopEvent, ToolLoopEvent, undefined> {
  const { messages, signal } = setup;
  const working = new WorkingCopy();
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
      const ended = yield* answerTurn(setup, open, calls);
      if (ended !== undefined) return ended;
      yield { type: 'round-end', round: open.round, calls: calls.length };
      if (final) return doneEvent(setup, open, 'maxRounds');
    }
    if (signal?.aborted === true) return doneEvent(setup, open, 'aborted');
    open.round++;
    const withoutTools = open.round === setup.maxRounds && setup.onMaxRounds === 'answer';
    const tools = withoutTools && !setup.declareOnFinal ? undefined : setup.declared;
    const added = yield* requestRound(setup, working, requests, tools);
    const turnIndex = commitResponse(messages, added);
    open.turnIndex = turnIndex;
    open.started = new Set();
    const committed = messages[turnIndex];
    calls = committed === undefined ? [] : callsOf(committed);
    for (const [index, call] of calls.entries()) yield { type: 'tool-call-end', index, call };
    if (calls.length === 0) return doneEvent(setup, open, withoutTools ? 'maxRounds' : 'answer');
    if (withoutTools) {
      // The model called tools in a request that declared none for it to call: no call runs.
      for (const call of calls)
        yield record(setup, turnIndex, open.round, notRun(call, 'max-rounds'));
      yield { type: 'round-end', round: open.round, calls: calls.length };
      return doneEvent(setup, open, 'maxRounds');
    }
  }
}

/**
 * Sends one request from the working copy, `messages` left as they are; yields its events and
 * returns the messages it added. `controller` is aborted when the consumer stops mid-response.
 */
async function* requestRound(
  setup: Setup,
  working: WorkingCopy,
  controller: AbortController,
  tools: readonly LangTool[] | undefined,
): AsyncGenerator<ToolLoopEvent, LangMessage[], undefined> {
  const { messages } = setup;
  const copy = working.of(messages, tools);
  const { signal } = controller;
  // A queue from aiwrapper's callbacks to this generator; `over` once the request settled.
  const state: { queue: ToolLoopEvent[]; wake?: () => void; over?: { error?: unknown } } = {
    queue: [],
  };
  const notify = (): void => {
    const wake = state.wake;
    delete state.wake;
    wake?.();
  };
  const push = (event: ToolLoopEvent): void => {
    if (state.over !== undefined) return;
    state.queue.push(event);
    notify();
  };
  // It also hooks aiwrapper's stream handler (sent-tool-calls.ts).
  const onResult = hookingOnResult(watchLangMessage(push));
  setup.lang.chat(copy, { signal, onResult }).then(
    () => {
      state.over = {};
      notify();
    },
    (error: unknown) => {
      state.over = { error };
      notify();
    },
  );
  try {
    for (;;) {
      const events = state.queue;
      state.queue = [];
      for (const event of events) yield event;
      if (state.queue.length > 0) continue;
      if (state.over !== undefined) break;
      await new Promise<void>((resolve) => {
        state.wake = resolve;
      });
    }
  } finally {
    // Stopped between events (the consumer broke out): the request goes too.
    if (state.over === undefined) controller.abort();
  }
  if ('error' in state.over) throw state.over.error;
  // Indexed: `slice` on a LangMessages builds its result through aiwrapper's constructor.
  const added: LangMessage[] = [];
  for (let index = messages.length; index < copy.length; index++) {
    const message = copy[index];
    if (message !== undefined) added.push(message);
  }
  return added;
}

/** The collection each request is built from, refilled from the conversation; runs no tools. */
class WorkingCopy {
  readonly #copy: LangMessages = new LangMessages();

  constructor() {
    defineMethod(this.#copy, 'executeRequestedTools', (): Promise<null> => Promise.resolve(null));
  }

  of(messages: LangMessages, tools: readonly LangTool[] | undefined): LangMessages {
    const copy = this.#copy;
    copy.length = 0;
    for (const message of messages) copy.push(message);
    // Assigned, not deleted: aiwrapper's own fields start `undefined`, so that is their "none".
    const fields: { instructions?: string | undefined; availableTools?: LangTool[] | undefined } =
      copy;
    fields.instructions = messages.instructions;
    fields.availableTools = tools === undefined ? undefined : [...tools];
    return copy;
  }
}
