import { it } from '@fast-check/vitest';
import { LangMessage, LangMessages, type LangMessageItem } from 'aiwrapper';
import { describe, expect } from 'vitest';
import {
  pendingToolCalls,
  resumeToolLoop,
  runToolLoop,
  LOOP_RESULT_NAMES,
  STARTED_META_KEY,
  type LoopTool,
  type LoopToolCall,
  type PausedEvent,
  type ToolApproval,
  type ToolLoopEvent,
  type ToolLoopOptions,
  type ToolResultEvent,
  type ToolResultStatus,
  type ToolSideEffects,
} from '../../src/aiwrapper/index.js';
import {
  cancelledResult,
  interruptedResult,
  notRunResult,
  thrownResult,
} from '../../src/loop/tool-outcome.js';
import { PROVIDER_FORMATS } from '../../src/core/format.js';
import { convertHistory, validateHistory } from '../../src/index.js';
import {
  loopScript,
  SCRIPTED_TOOLS,
  type CallPlan,
  type LoopFault,
  type LoopScript,
  type ScriptedToolName,
} from '../arbitraries/tool-loop-scripts.js';
import { ScriptedLang } from '../helpers/scripted-lang.js';

// Issue 12's invariant. Whatever stops the loop (an abort, a break, a crash that abandons the
// generator and keeps only the history's JSON, a pause for approval, a failed request, a tool that
// throws or times out), the history is valid at every event, or valid with its latest calls
// pending, and valid for every provider when the run stops. Resumed from that JSON alone, the run
// finishes; every call has one result, which says truly what happened; no 'once' call runs twice.

/** A promise that never settles: a handler that never returns. */
const NEVER = new Promise<never>(() => undefined);

/** What one property run saw, across its passes (the first run and each resume). */
class Observer {
  /** Handler invocations by plan step, in live passes (a crashed pass's later ones never were). */
  readonly invocations = new Map<number, number>();
  /** The tool of each step that ran. */
  readonly toolOf = new Map<number, ScriptedToolName>();
  /** Steps whose handler returned, or threw, in a live pass. */
  readonly returned = new Set<number>();
  readonly threw = new Set<number>();
  /** Steps whose handler started after its pass ended: the loop ran a call nobody drives. */
  readonly lateStarts: number[] = [];
  /** Ids of the calls a crash left started and unanswered. */
  readonly interrupted = new Set<string>();
  /** The `tool-result` events, by call id (a second one for an id goes to `repeated`). */
  readonly results = new Map<string, ToolResultEvent>();
  readonly repeated: ToolResultEvent[] = [];
  readonly #faults: readonly LoopFault[];
  readonly #points = { event: 0, start: 0 };

  constructor(faults: readonly LoopFault[]) {
    this.#faults = faults;
  }

  /** Counts a point (an event, or a handler starting); returns the fault that strikes here. */
  reach(point: 'event' | 'start'): LoopFault['kind'] | undefined {
    const at = this.#points[point]++;
    return this.#faults.find((fault) => fault.on === point && fault.at === at)?.kind;
  }

  see(event: ToolLoopEvent): void {
    if (event.type !== 'tool-result') return;
    if (this.results.has(event.callId)) this.repeated.push(event);
    else this.results.set(event.callId, event);
  }
}

/** One pass of the loop over one rebuilt history: live until it ends, or until it crashes. */
class Pass {
  state: 'live' | 'ended' | 'crashed' = 'live';
  /** The history's JSON at the crash: all that survives it. */
  saved: string | undefined;
  /** A handler asked for a break: the consumer breaks out at the next event. */
  breakPending = false;
  readonly controller = new AbortController();
  readonly crashed: Promise<void>;
  readonly messages: LangMessages;
  readonly #lang: ScriptedLang;
  #onCrash: () => void = () => undefined;

  constructor(messages: LangMessages, lang: ScriptedLang) {
    this.messages = messages;
    this.#lang = lang;
    this.crashed = new Promise((resolve) => {
      this.#onCrash = resolve;
    });
  }

  /** The pass crashed: its process is gone. */
  isDead(): boolean {
    return this.state === 'crashed';
  }

  /** Strikes a fault; a break waits for the consumer's next event. */
  strike(kind: LoopFault['kind']): void {
    switch (kind) {
      case 'abort':
        this.controller.abort();
        return;
      case 'fail':
        this.#lang.failNextRequest();
        return;
      case 'break':
        this.breakPending = true;
        return;
      case 'crash':
        this.saved = JSON.stringify(this.messages);
        this.state = 'crashed';
        this.#onCrash();
    }
  }
}

function isOnce(name: ScriptedToolName): boolean {
  const sideEffects: ToolSideEffects | undefined = SCRIPTED_TOOLS[name].sideEffects;
  return sideEffects === undefined || sideEffects === 'once';
}

function planOf(args: Readonly<Record<string, unknown>>): CallPlan {
  return args as unknown as CallPlan;
}

async function wait(plan: CallPlan): Promise<void> {
  if (plan.unit === 'ms')
    await new Promise((resolve) => {
      setTimeout(resolve, plan.wait);
    });
  else for (let tick = 0; tick < plan.wait; tick++) await Promise.resolve();
}

/** What the handler of `plan` does, as the plan says, recording it while its pass lives. */
function perform(name: string, plan: CallPlan, signal: AbortSignal, pass: Pass, seen: Observer) {
  const finish = (): unknown => {
    if (pass.isDead()) return NEVER;
    if (plan.act === 'throw') {
      seen.threw.add(plan.step);
      throw new RangeError(`step ${String(plan.step)} failed`);
    }
    seen.returned.add(plan.step);
    return { tool: name, step: plan.step };
  };
  switch (plan.act) {
    case 'hang':
      return new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => {
          reject(signal.reason as Error);
        });
      });
    case 'ignore':
      return NEVER;
    default:
      return plan.wait === 0 ? finish() : wait(plan).then(finish);
  }
}

/** The scripted tools, counting their invocations; a fault may strike as a handler starts. */
function toolsFor(pass: Pass, seen: Observer): LoopTool[] {
  return Object.entries(SCRIPTED_TOOLS).map(([name, spec]): LoopTool => ({
    name,
    parameters: { type: 'object' },
    ...(spec.sideEffects === undefined ? {} : { sideEffects: spec.sideEffects }),
    ...(spec.timeoutMs === undefined ? {} : { timeoutMs: spec.timeoutMs }),
    needsApproval:
      spec.approval === 'when-asked'
        ? (call: LoopToolCall) => planOf(call.arguments).ask
        : spec.approval === 'always',
    handler: (args, { signal }) => {
      // The process is gone: nothing it would have started after the crash ever ran.
      if (pass.isDead()) return NEVER;
      const plan = planOf(args);
      if (pass.state === 'ended') seen.lateStarts.push(plan.step);
      seen.invocations.set(plan.step, (seen.invocations.get(plan.step) ?? 0) + 1);
      seen.toolOf.set(plan.step, name as ScriptedToolName);
      const fault = seen.reach('start');
      if (fault !== undefined) pass.strike(fault);
      if (pass.isDead()) return NEVER;
      return perform(name, plan, signal, pass, seen);
    },
  }));
}

/** Valid, or valid with the last turn's calls pending (their missing results are no issue). */
function expectValidOrPending(messages: readonly LangMessage[]): void {
  const pending = pendingToolCalls(messages);
  const issues = validateHistory(messages, { format: 'aiwrapper' }).issues.filter(
    (issue) =>
      !(
        pending !== undefined &&
        issue.code === 'missing-tool-result' &&
        issue.messageIndex === pending.messageIndex
      ),
  );
  expect(issues).toEqual([]);
}

/**
 * The settled part (before any pending turn) is valid in every provider's format, as the next
 * request sends it: after a final answer, with the user's next message (Mistral refuses a request
 * that ends with an assistant message).
 */
function expectValidForProviders(messages: readonly LangMessage[]): void {
  const pending = pendingToolCalls(messages);
  const settled = JSON.parse(
    JSON.stringify(pending === undefined ? messages : messages.slice(0, pending.messageIndex)),
  ) as { role: string }[];
  if (settled.at(-1)?.role === 'assistant')
    settled.push({ role: 'user', items: [{ type: 'text', text: 'Next.' }] } as { role: string });
  for (const format of PROVIDER_FORMATS) {
    const converted = convertHistory(settled, { from: 'aiwrapper', to: format });
    const issues = validateHistory(converted.messages, { format }).issues;
    expect({ format, issues }).toEqual({ format, issues: [] });
  }
}

/** Drives one pass, striking the fault when its point comes; returns the last event seen. */
async function drive(
  loop: AsyncGenerator<ToolLoopEvent, void, undefined>,
  pass: Pass,
  seen: Observer,
): Promise<ToolLoopEvent | undefined> {
  let last: ToolLoopEvent | undefined;
  for (;;) {
    // A crash in a handler abandons the generator, even mid-step.
    const step = await Promise.race([loop.next(), pass.crashed]);
    if (pass.isDead() || step === undefined) return last;
    if (step.done === true) break;
    last = step.value;
    expectValidOrPending(pass.messages);
    seen.see(last);
    const fault = seen.reach('event') ?? (pass.breakPending ? 'break' : undefined);
    if (fault === 'break') {
      await loop.return();
      break;
    }
    if (fault !== undefined) pass.strike(fault);
    if (pass.isDead()) return last;
  }
  pass.state = 'ended';
  return last;
}

/** Approvals for the paused calls, as their plans decide (`later` pauses once more, then approves). */
function decide(paused: PausedEvent, approvals: Map<string, ToolApproval>, later: Set<string>) {
  for (const call of paused.pending) {
    const { decision } = planOf(call.arguments);
    if (decision === 'later' && !later.has(call.callId)) later.add(call.callId);
    else approvals.set(call.callId, decision !== 'deny');
  }
}

/** The run ended with the model's answer: nothing left to resume. */
function finished(last: ToolLoopEvent | undefined, history: readonly LangMessage[]): boolean {
  const end = history.at(-1);
  return (
    last?.type === 'done' &&
    end?.role === 'assistant' &&
    !end.items.some((item) => item.type === 'tool')
  );
}

function loopOptions(
  script: LoopScript,
  pass: Pass,
  seen: Observer,
  approvals: Map<string, ToolApproval>,
): ToolLoopOptions {
  const { options } = script;
  return {
    tools: toolsFor(pass, seen),
    signal: pass.controller.signal,
    approvals: Object.fromEntries(approvals),
    concurrency: options.concurrency,
    stream: options.stream,
    onMaxRounds: options.onMaxRounds,
    ...(options.maxRounds === undefined ? {} : { maxRounds: options.maxRounds }),
    ...(options.stopOnThrow ? { onToolError: () => 'stop' as const } : {}),
  };
}

/** Runs the script to the end, resuming from the history's JSON after every stop; returns it. */
async function runToEnd(
  script: LoopScript,
  lang: ScriptedLang,
  seen: Observer,
): Promise<LangMessages> {
  const approvals = new Map<string, ToolApproval>();
  const later = new Set<string>();
  let saved = JSON.stringify(new LangMessages('Go.'));
  for (let passes = 0; passes < 40; passes++) {
    const pass = new Pass(new LangMessages(JSON.parse(saved) as LangMessage[]), lang);
    const options = loopOptions(script, pass, seen, approvals);
    const loop =
      passes === 0
        ? runToolLoop(lang, pass.messages, options)
        : resumeToolLoop(lang, pass.messages, options);
    const last = await drive(loop, pass, seen);
    saved = pass.saved ?? JSON.stringify(pass.messages);
    const history = new LangMessages(JSON.parse(saved) as LangMessage[]);
    expectValidOrPending(history);
    expectValidForProviders(history);
    const pending = pendingToolCalls(history);
    if (pass.isDead())
      for (const call of pending?.calls ?? [])
        if (pending?.started.has(call.callId) === true) seen.interrupted.add(call.callId);
    if (last?.type === 'paused') decide(last, approvals, later);
    if (finished(last, history)) return history;
  }
  throw new Error('The run did not finish in 40 passes.');
}

/** The loop marks a result that is not a success (`isError`, sent to Anthropic as `is_error`). */
function isFlagged(result: LangMessageItem): boolean {
  return (result as { isError?: unknown }).isError === true;
}

/** The status a recorded result stands for: the loop names each error result after it. */
function statusOf(result: LangMessageItem & { type: 'tool-result' }): ToolResultStatus {
  if (!isFlagged(result)) return 'ok';
  const { name } = result.result as { name?: unknown };
  const named = Object.entries(LOOP_RESULT_NAMES).find(([, value]) => value === name);
  return named === undefined ? 'error' : (named[0] as ToolResultStatus);
}

interface Answer {
  readonly call: LangMessageItem & { type: 'tool' };
  readonly results: (LangMessageItem & { type: 'tool-result' })[];
}

/** Each call of the history with the results that answer it. */
function answersOf(history: readonly LangMessage[]): Answer[] {
  const answers = new Map<string, Answer>();
  for (const message of history)
    for (const item of message.items) {
      if (item.type === 'tool') answers.set(item.callId, { call: item, results: [] });
      if (item.type === 'tool-result') answers.get(item.callId)?.results.push(item);
    }
  return [...answers.values()];
}

/**
 * What a call's result should be, from what its handler did: the handler's value when it
 * returned, or an error result whose name says what happened (and that it happened).
 */
function explain(answer: Answer, seen: Observer): string {
  const [result] = answer.results;
  const plan = planOf(answer.call.arguments);
  const runs = seen.invocations.get(plan.step) ?? 0;
  const spec = SCRIPTED_TOOLS[answer.call.name as ScriptedToolName];
  if (result === undefined) return 'no result';
  const value: unknown = result.result;
  if (!isFlagged(result))
    return seen.returned.has(plan.step) &&
      JSON.stringify(value) === JSON.stringify({ tool: answer.call.name, step: plan.step })
      ? 'ok'
      : `a success its handler never returned: ${JSON.stringify(value)}`;
  const error = value as { error?: unknown; name?: unknown; message?: unknown };
  if (error.error !== true || typeof error.message !== 'string')
    return `an error result not marked as one: ${JSON.stringify(value)}`;
  if (seen.interrupted.has(answer.call.callId) && isOnce(answer.call.name as ScriptedToolName))
    return JSON.stringify(value) === JSON.stringify(interruptedResult(answer.call.name)) &&
      runs === 1
      ? 'ok'
      : `an interrupted 'once' call answered ${JSON.stringify(value)} after ${String(runs)} runs`;
  // Started before a crash and not run again (the run stopped first): it may have run.
  if (seen.interrupted.has(answer.call.callId) && runs < 2)
    return JSON.stringify(value) === JSON.stringify(interruptedResult(answer.call.name))
      ? 'ok'
      : `an interrupted call, not run again, answered ${JSON.stringify(value)}`;
  switch (error.name) {
    case 'RangeError':
      return seen.threw.has(plan.step) ? 'ok' : 'a throw its handler never made';
    case 'ToolTimedOut':
      return spec.timeoutMs !== undefined && runs > 0 ? 'ok' : 'a timeout of a call that never ran';
    case 'ToolCancelled':
      return runs > 0 ? 'ok' : 'a cancel of a call that never started';
    case 'ToolCallDenied':
      return plan.decision === 'deny' && runs === 0 ? 'ok' : 'a denial nobody made';
    case 'ToolNotRun':
      return runs === 0 ? 'ok' : `"not run" for a call that ran ${String(runs)} times`;
    default:
      return `an unknown error result: ${JSON.stringify(value)}`;
  }
}

describe('runToolLoop under faults', () => {
  it.prop([loopScript])(
    'keeps the history valid at every event and after any fault, and resumes it to the end',
    async (script) => {
      const seen = new Observer(script.faults);
      const lang = new ScriptedLang(script.responses);
      const history = await runToEnd(script, lang, seen);

      expect(pendingToolCalls(history)).toBeUndefined();
      expect(validateHistory(history, { format: 'aiwrapper' }).issues).toEqual([]);
      // No request ever carried a call without its result.
      for (const request of lang.requests)
        expect(validateHistory(request.messages, { format: 'aiwrapper' }).issues).toEqual([]);

      // Every call has one result, which says what happened.
      const answers = answersOf(history);
      expect(answers.map((answer) => [answer.call.callId, answer.results.length])).toEqual(
        answers.map((answer) => [answer.call.callId, 1]),
      );
      expect(answers.map((answer) => [answer.call.callId, explain(answer, seen)])).toEqual(
        answers.map((answer) => [answer.call.callId, 'ok']),
      );
      // A reported result is the one recorded, reported once, with the status its value names.
      for (const { call, results } of answers) {
        const event = seen.results.get(call.callId);
        const [result] = results;
        if (event !== undefined && result !== undefined)
          expect({ result: event.result, status: event.status }).toEqual({
            result: result.result,
            status: statusOf(result),
          });
      }
      expect(seen.repeated).toEqual([]);

      // A 'once' call never runs twice; nothing starts once its pass has ended.
      const twice = [...seen.invocations].filter(
        ([step, runs]) => runs > 1 && isOnce(seen.toolOf.get(step) ?? 'charge'),
      );
      expect(twice).toEqual([]);
      expect(seen.lateStarts).toEqual([]);
    },
  );

  // Found by the property: a crash, then a resume stopped before it ran such a call again.
  describe('a call an earlier run started, stopped before this run runs it again', () => {
    const history = (): LangMessages => {
      const messages = new LangMessages('Go.');
      messages.push(
        new LangMessage(
          'assistant',
          [
            { type: 'tool', callId: 'callQ1xyz', name: 'quick', arguments: {} },
            { type: 'tool', callId: 'callH1xyz', name: 'hang', arguments: {} },
            { type: 'tool', callId: 'callS1xyz', name: 'sync', arguments: {} },
          ],
          { [STARTED_META_KEY]: ['callS1xyz'] },
        ),
      );
      return messages;
    };
    const tools = (quick: () => unknown): LoopTool[] => [
      { name: 'quick', parameters: {}, sideEffects: 'none', handler: quick },
      {
        name: 'hang',
        parameters: {},
        sideEffects: 'none',
        handler: (_args, { signal }) =>
          new Promise((_resolve, reject) => {
            signal.addEventListener('abort', () => {
              reject(signal.reason as Error);
            });
          }),
      },
      { name: 'sync', parameters: {}, sideEffects: 'idempotent', handler: () => 'synced' },
    ];
    const interrupted = {
      type: 'tool-result',
      callId: 'callS1xyz',
      name: 'sync',
      result: interruptedResult('sync'),
      isError: true,
    };

    it.each(['abort', 'break'] as const)(
      'is answered as interrupted, not "not run", when the run is stopped by %s',
      async (stop) => {
        const messages = history();
        const controller = new AbortController();
        const loop = resumeToolLoop(new ScriptedLang([]), messages, {
          tools: tools(() => 'quick'),
          concurrency: 1,
          signal: controller.signal,
        });
        for await (const event of loop)
          if (event.type === 'tool-result' && event.callId === 'callQ1xyz') {
            if (stop === 'break') break;
            controller.abort();
          }
        expect(messages.at(-1)?.items).toEqual([
          { type: 'tool-result', callId: 'callQ1xyz', name: 'quick', result: 'quick' },
          {
            type: 'tool-result',
            callId: 'callH1xyz',
            name: 'hang',
            result: cancelledResult('hang'),
            isError: true,
          },
          interrupted,
        ]);
      },
    );

    it('is answered as interrupted, not "not run", when a tool error stops the run', async () => {
      const messages = history();
      const error = new RangeError('no');
      const loop = resumeToolLoop(new ScriptedLang([]), messages, {
        tools: tools(() => {
          throw error;
        }),
        concurrency: 1,
        onToolError: () => 'stop',
      });
      for await (const event of loop) expect(event.type).not.toBe('paused');
      expect(messages.at(-1)?.items).toEqual([
        {
          type: 'tool-result',
          callId: 'callQ1xyz',
          name: 'quick',
          result: thrownResult(error),
          isError: true,
        },
        {
          type: 'tool-result',
          callId: 'callH1xyz',
          name: 'hang',
          result: notRunResult('hang', 'stopped'),
          isError: true,
        },
        interrupted,
      ]);
    });
  });
});
