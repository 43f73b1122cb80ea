import { LangMessages, type LangMessage, type LangTool } from 'aiwrapper';
import type { Setup, ToolLoopEvent } from './loop-tool.js';
import { liveCallOf, watchLangMessage } from '../live-tool-calls.js';
import { hookingOnResult } from '../sent-tool-calls.js';
import { defineMethod } from '../provider-prototypes.js';

/**
 * Sends one request from the working copy, `messages` left as they are; yields its events and
 * returns the messages it added. `controller` is aborted when the consumer stops mid-response.
 */
export async function* requestRound(
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
  const watch = setup.stream ? watchLangMessage(push) : undefined;
  // Always given, also when not streaming: it hooks aiwrapper's stream handler (sent-tool-calls.ts).
  const onResult = hookingOnResult(watch);
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
  if (!setup.stream) yield* wholeResponseEvents(added);
  return added;
}

/** Under the argument count at which `apply` runs out of stack. */
const MAX_APPLY_ARGUMENTS = 32_768;

/** The collection each request is built from, refilled from the conversation; runs no tools. */
export class WorkingCopy {
  readonly #copy: LangMessages = new LangMessages();

  constructor() {
    defineMethod(this.#copy, 'executeRequestedTools', (): Promise<null> => Promise.resolve(null));
  }

  of(messages: LangMessages, tools: readonly LangTool[] | undefined): LangMessages {
    const copy = this.#copy;
    copy.length = 0;
    if (messages.length <= MAX_APPLY_ARGUMENTS) Array.prototype.push.apply(copy, messages);
    else for (const message of messages) copy.push(message);
    // Assigned, not deleted: aiwrapper's own fields start `undefined`, so that is their "none".
    const fields: { instructions?: string | undefined; availableTools?: LangTool[] | undefined } =
      copy;
    fields.instructions = messages.instructions;
    fields.availableTools = tools === undefined ? undefined : [...tools];
    return copy;
  }
}

/** The events a streamed response would have given, for a response read whole. */
function* wholeResponseEvents(
  added: readonly LangMessage[],
): Generator<ToolLoopEvent, void, undefined> {
  let index = 0;
  for (const message of added) {
    if (message.role !== 'assistant') continue;
    for (const item of message.items) {
      if (item.type === 'text' && item.text !== '') yield { type: 'text-delta', delta: item.text };
      if (item.type === 'tool') {
        const call = liveCallOf(index++, item.callId, item.name, item.arguments, true);
        yield {
          type: 'tool-call-start',
          index: call.index,
          callId: call.callId,
          name: call.name,
          call,
        };
      }
    }
  }
}
