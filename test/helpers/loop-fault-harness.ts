import { LangMessage, LangMessages } from 'aiwrapper';
import { expect } from 'vitest';
import {
  pendingToolCalls,
  resumeToolLoop,
  runToolLoop,
  type LoopTool,
  type ToolApproval,
  type ToolLoopEvent,
  type ToolLoopOptions,
} from '../../src/aiwrapper/index.js';
import type { LoopToolCall } from '../../src/aiwrapper/loop/loop-tool.js';
import type { ToolSideEffects } from '../../src/aiwrapper/loop/loop-tool.js';
import { PROVIDER_FORMATS } from '../../src/core/format.js';
import { convertHistory, validateHistory } from '../../src/index.js';
import {
  SCRIPTED_TOOLS,
  type CallPlan,
  type LoopFault,
  type LoopScript,
  type ScriptedToolName,
} from '../arbitraries/tool-loop-scripts.js';
import type { ScriptedLang } from './scripted-lang.js';

// The harness of the tool loop's fault property (test/aiwrapper/loop/run-tool-loop.property.test.ts):
// scripted tools that do what their call's plan says, an observer of what ran, and the driver that
// strikes each fault where the script puts it and resumes from the saved JSON until the run ends.

/** A promise that never settles: a handler that never returns. */
const NEVER = new Promise<never>(() => undefined);

/** What one property run saw, across its passes (the first run and each resume). */
export class Observer {
  /** Handler invocations by plan step, in live passes (a crashed pass's later ones never were). */
  readonly invocations: Map<number, number> = new Map<number, number>();
  /** The tool of each step that ran. */
  readonly toolOf: Map<number, ScriptedToolName> = new Map<number, ScriptedToolName>();
  /** Steps whose handler returned, or threw, in a live pass. */
  readonly returned: Set<number> = new Set<number>();
  readonly threw: Set<number> = new Set<number>();
  /** Steps whose handler started after its pass ended: the loop ran a call nobody drives. */
  readonly lateStarts: number[] = [];
  /**
   * The calls a crash left started and unanswered, by id, with their step's handler runs at that
   * crash: a crash at `tool-run-start` leaves a call started whose handler never ran.
   */
  readonly interrupted: Map<string, number> = new Map<string, number>();
  /** The `tool-result` events, by call id (a second one for an id goes to `repeated`). */
  readonly results: Map<string, Extract<ToolLoopEvent, { type: 'tool-result' }>> = new Map<
    string,
    Extract<ToolLoopEvent, { type: 'tool-result' }>
  >();
  readonly repeated: Extract<ToolLoopEvent, { type: 'tool-result' }>[] = [];
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
export class Pass {
  state: 'live' | 'ended' | 'crashed' = 'live';
  /** The history's JSON at the crash: all that survives it. */
  saved: string | undefined;
  /** A handler asked for a break: the consumer breaks out at the next event. */
  breakPending = false;
  readonly controller: AbortController = new AbortController();
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

export function isOnce(name: ScriptedToolName): boolean {
  const sideEffects: ToolSideEffects | undefined = SCRIPTED_TOOLS[name].sideEffects;
  return sideEffects === undefined || sideEffects === 'once';
}

export function planOf(args: Readonly<Record<string, unknown>>): CallPlan {
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
export function expectValidOrPending(messages: readonly LangMessage[]): void {
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
 * The issues of the settled part (before any pending turn) in each provider's format, as the next
 * request sends it: after a final answer, with the user's next message (Mistral refuses a request
 * that ends with an assistant message). Empty when every provider accepts it.
 */
export function providerIssues(
  messages: readonly LangMessage[],
): { format: string; issues: unknown[] }[] {
  const pending = pendingToolCalls(messages);
  const settled = JSON.parse(
    JSON.stringify(pending === undefined ? messages : messages.slice(0, pending.messageIndex)),
  ) as { role: string }[];
  if (settled.at(-1)?.role === 'assistant')
    settled.push({ role: 'user', items: [{ type: 'text', text: 'Next.' }] } as { role: string });
  return PROVIDER_FORMATS.map((format) => {
    const converted = convertHistory(settled, { from: 'aiwrapper', to: format });
    return { format, issues: [...validateHistory(converted.messages, { format }).issues] };
  }).filter(({ issues }) => issues.length > 0);
}

function expectValidForProviders(messages: readonly LangMessage[]): void {
  expect(providerIssues(messages)).toEqual([]);
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
function decide(
  paused: Extract<ToolLoopEvent, { type: 'paused' }>,
  approvals: Map<string, ToolApproval>,
  later: Set<string>,
) {
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
    onMaxRounds: options.onMaxRounds,
    ...(options.maxRounds === undefined ? {} : { maxRounds: options.maxRounds }),
    ...(options.stopOnThrow ? { onToolError: () => 'stop' as const } : {}),
  };
}

/** Runs the script to the end, resuming from the history's JSON after every stop; returns it. */
export async function runToEnd(
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
        if (pending?.started.has(call.callId) === true)
          seen.interrupted.set(call.callId, seen.invocations.get(planOf(call.arguments).step) ?? 0);
    if (last?.type === 'paused') decide(last, approvals, later);
    if (finished(last, history)) return history;
  }
  throw new Error('The run did not finish in 40 passes.');
}
