import { LangMessage, LangMessages, type LangMessageItem, type LangOptions } from 'aiwrapper';
import {
  META_KEYS,
  pendingToolCalls,
  resumeToolLoop,
  runToolLoop,
  type LoopTool,
  type ToolLoopEvent,
} from '../../src/aiwrapper/index.js';
import { LOOP_RESULT_NAMES } from '../../src/aiwrapper/loop/tool-outcome.js';
import { isToolHistoryError, validateHistory } from '../../src/index.js';
import {
  HOSTILE_TOOLS,
  type HostilePlan,
  type HostileScript,
  type HostileToolName,
  type LoopEdit,
  type MarkerForgery,
} from '../arbitraries/hostile-loop-scripts.js';
import { described, HOSTILE_VALUES, type HostileValueName } from '../arbitraries/hostile-values.js';
import { providerIssues } from './loop-fault-harness.js';
import { ScriptedLang } from './scripted-lang.js';

// The harness of the tool loop's hostile-input property: handlers that throw, reject and return
// what JSON cannot hold, a model that sends malformed arguments and repeated ids, approvals as any
// JSON, a consumer that edits the conversation and saves it at every event, and crashes after
// which only the last save (its start marker perhaps forged) goes on.

/** A promise that never settles: a handler whose process is gone. */
const NEVER = new Promise<never>(() => undefined);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The decision `approvals` holds for `callId` as an own property, if any. */
function ownDecision(approvals: unknown, callId: string): { decision: unknown } | undefined {
  if (!isPlainObject(approvals) || !Object.hasOwn(approvals, callId)) return undefined;
  return { decision: approvals[callId] };
}

/** Exactly `true` or `{ approved: true, … }`, as an own property: the only ways to approve. */
function approvedIn(approvals: unknown, callId: string): boolean {
  const own = ownDecision(approvals, callId)?.decision;
  return (
    own === true || (isPlainObject(own) && Object.hasOwn(own, 'approved') && own.approved === true)
  );
}

function planIn(args: unknown): HostilePlan | undefined {
  return isPlainObject(args) && typeof args.step === 'number'
    ? (args as unknown as HostilePlan)
    : undefined;
}

/** What the handler of `plan` does. */
function perform(name: string, plan: HostilePlan): unknown {
  switch (plan.act) {
    case 'return':
      return { tool: name, step: plan.step };
    case 'slow':
      return new Promise((resolve) => {
        setTimeout(() => {
          resolve({ tool: name, step: plan.step });
        }, 1);
      });
    case 'throw':
      // The point: a handler may throw anything, not only an Error.
      throw HOSTILE_VALUES[plan.value]();
    case 'reject':
      return Promise.resolve().then(() => {
        throw HOSTILE_VALUES[plan.value]();
      });
    case 'resolve':
      return HOSTILE_VALUES[plan.value]();
  }
}

/**
 * The success a handler resolving to a fresh value of this kind may get: what JSON makes of it.
 * `undefined` when JSON cannot carry it, or when it is a thenable (awaited, and these reject).
 */
function successOf(name: HostileValueName): unknown {
  try {
    const value = HOSTILE_VALUES[name]();
    if (typeof value === 'object' && value !== null && 'then' in value) return undefined;
    const text = JSON.stringify(value) as string | undefined;
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** What went wrong in one run, by invariant: every list is empty when the loop behaves. */
export interface Findings {
  stalled: string[];
  unhandled: string[];
  unsaveable: string[];
  invalid: string[];
  onceTwice: string[];
  wrongArgs: string[];
  unapproved: string[];
  deniedUndecided: string[];
  untypedErrors: string[];
  staleRequests: string[];
  lies: string[];
}

export function noFindings(): Findings {
  return {
    stalled: [],
    unhandled: [],
    unsaveable: [],
    invalid: [],
    onceTwice: [],
    wrongArgs: [],
    unapproved: [],
    deniedUndecided: [],
    untypedErrors: [],
    staleRequests: [],
    lies: [],
  };
}

/** A scripted provider that checks each request carries the conversation as it is at that moment. */
class WitnessLang extends ScriptedLang {
  conversation: readonly LangMessage[] = [];
  readonly #findings: Findings;

  constructor(script: HostileScript, findings: Findings) {
    super(script.responses);
    this.#findings = findings;
  }

  override chat(messages: LangMessages, options?: LangOptions): Promise<LangMessages> {
    try {
      const sent = JSON.stringify([...messages]);
      const now = JSON.stringify([...this.conversation]);
      if (sent !== now)
        this.#findings.staleRequests.push(
          `request ${String(this.requests.length)} sent ${sent} while the conversation was ${now}`,
        );
    } catch (error) {
      this.#findings.unsaveable.push(
        `at request ${String(this.requests.length)}: ${described(error)}`,
      );
    }
    return super.chat(messages, options);
  }
}

/** One pass over one rebuilt history; it ends, or crashes leaving its last save. */
class Pass {
  dead = false;
  saved: string;
  readonly messages: LangMessages;
  readonly crashed: Promise<undefined>;
  #onCrash: () => void = () => undefined;

  constructor(messages: LangMessages, saved: string) {
    this.messages = messages;
    this.saved = saved;
    this.crashed = new Promise((resolve) => {
      this.#onCrash = () => {
        resolve(undefined);
      };
    });
  }

  /** Read through a call: a crash may strike between two reads. */
  isDead(): boolean {
    return this.dead;
  }

  crash(): void {
    this.dead = true;
    this.#onCrash();
  }
}

/** The whole run of one script across its passes. */
class Run {
  readonly findings: Findings = noFindings();
  readonly approvals: unknown;
  /** Live handler runs by plan step. */
  readonly runs = new Map<number, number>();
  readonly #sent = new Map<number, unknown>();
  readonly #modelIds = new Set<string>();
  readonly #script: HostileScript;
  readonly #count = { event: 0, start: 0, roundEnd: 0, edit: 0 };

  constructor(script: HostileScript) {
    this.#script = script;
    this.approvals = JSON.parse(script.approvals) as unknown;
    for (const response of script.responses)
      for (const call of response.calls ?? []) {
        this.#modelIds.add(call.callId);
        const step = planIn(call.arguments)?.step;
        if (step !== undefined) this.#sent.set(step, call.arguments);
      }
  }

  planOf(args: unknown): HostilePlan | undefined {
    const plan = planIn(args);
    return plan !== undefined && this.#sent.has(plan.step) ? plan : undefined;
  }

  tools(pass: Pass): LoopTool[] {
    return Object.entries(HOSTILE_TOOLS).map(([name, spec]): LoopTool => ({
      name,
      parameters: { type: 'object' },
      ...(spec.sideEffects === undefined ? {} : { sideEffects: spec.sideEffects }),
      needsApproval: spec.needsApproval,
      handler: (args: unknown, { callId }) => {
        if (pass.isDead()) return NEVER;
        const plan = this.planOf(args);
        if (plan === undefined || described(args) !== described(this.#sent.get(plan.step)))
          this.findings.wrongArgs.push(`${name} (call "${callId}") ran on ${described(args)}`);
        if (spec.needsApproval && !approvedIn(this.approvals, callId))
          this.findings.unapproved.push(
            `${name} (call "${callId}") ran on the decision ${described(ownDecision(this.approvals, callId))}`,
          );
        if (plan !== undefined) this.runs.set(plan.step, (this.runs.get(plan.step) ?? 0) + 1);
        if (this.#strikes('start')) pass.crash();
        if (pass.isDead()) return NEVER;
        return plan === undefined
          ? { ranOn: 'arguments the model did not send' }
          : perform(name, plan);
      },
    }));
  }

  /** Whether a crash strikes at this point (counted across passes). */
  #strikes(point: 'event' | 'start'): boolean {
    const at = this.#count[point]++;
    return this.#script.crashes.some((crash) => crash.on === point && crash.at === at);
  }

  /**
   * Drives one pass: edits at `round-end`, saves at every event, crashes where the script says.
   * Returns whether the loop refused its input by throwing.
   */
  async drive(loop: AsyncGenerator<ToolLoopEvent, void, undefined>, pass: Pass): Promise<boolean> {
    for (;;) {
      let step: IteratorResult<ToolLoopEvent, void> | undefined;
      try {
        step = await Promise.race([loop.next(), pass.crashed]);
      } catch (error) {
        this.#refused(error);
        return true;
      }
      if (pass.isDead() || step === undefined || step.done === true) return false;
      const event = step.value;
      if (event.type === 'done' && event.reason === 'error') this.#refused(event.error);
      if (event.type === 'round-end') {
        const at = this.#count.roundEnd++;
        for (const edit of this.#script.edits) if (edit.at === at) this.#edit(pass.messages, edit);
      }
      try {
        const saved = JSON.stringify(pass.messages);
        if (JSON.stringify(pass.messages) !== saved)
          this.findings.unsaveable.push(`its JSON changed between two saves at a ${event.type}`);
        pass.saved = saved;
      } catch (error) {
        this.findings.unsaveable.push(`at a ${event.type} event: ${described(error)}`);
      }
      if (this.#strikes('event')) pass.crash();
      if (pass.isDead()) return false;
    }
  }

  /** A run may end by refusing a history or options with a typed error; anything else is a finding. */
  #refused(error: unknown): void {
    if (isToolHistoryError(error) && ['invalid-input', 'invalid-history'].includes(error.code))
      return;
    this.findings.untypedErrors.push(described(error instanceof Error ? error.message : error));
  }

  #edit(messages: LangMessages, edit: LoopEdit): void {
    const mark = `edit ${String(this.#count.edit++)}`;
    switch (edit.kind) {
      case 'replace': {
        if (messages.length < 3) return;
        const index = 1 + (edit.pick % (messages.length - 2));
        const message = messages[index];
        if (message === undefined) return;
        const items = message.items.map((item): LangMessageItem =>
          item.type === 'text' ? { ...item, text: `redacted (${mark})` } : { ...item },
        );
        messages[index] = new LangMessage(message.role, items, message.meta);
        return;
      }
      case 'insert':
        messages.splice(
          1,
          0,
          new LangMessage('assistant', `Noted (${mark}).`),
          new LangMessage('user', `Also this (${mark}).`),
        );
        return;
      case 'push':
        // An exchange, not a lone user message: Mistral refuses a user message after results.
        messages.push(
          new LangMessage('assistant', `Noted (${mark}).`),
          new LangMessage('user', `One more thing (${mark}).`),
        );
    }
  }

  /** The history a pass starts from: the last save, its start marker changed as the script says. */
  rebuild(saved: string, marker: MarkerForgery): LangMessages {
    const messages = new LangMessages(JSON.parse(saved) as LangMessage[]);
    const pending = pendingToolCalls(messages);
    const turn = pending === undefined ? undefined : messages[pending.messageIndex];
    if (pending === undefined || turn === undefined || marker === 'keep') return messages;
    const meta = (turn.meta ??= {});
    const recorded: unknown = meta[META_KEYS.started];
    const ids = Array.isArray(recorded) ? (recorded as unknown[]) : [];
    const first = pending.calls[0]?.callId ?? '';
    // `string`: the marker as a string; `forged`: every call claimed started; `junk`: not ids.
    if (marker === 'string') meta[META_KEYS.started] = typeof ids[0] === 'string' ? ids[0] : first;
    if (marker === 'forged') meta[META_KEYS.started] = pending.calls.map((call) => call.callId);
    if (marker === 'junk')
      meta[META_KEYS.started] = ids.length === 0 ? {} : ids.map((id) => ({ callId: id }));
    return messages;
  }

  /**
   * Runs the script to its end (an answer, a pause, a refusal); returns the last history the loop
   * wrote. A history the loop refused (a forged marker it cannot read) must come back untouched,
   * and the last save before it is what the loop wrote.
   */
  async toEnd(): Promise<LangMessages> {
    const lang = new WitnessLang(this.#script, this.findings);
    let saved = JSON.stringify(new LangMessages('Go.'));
    for (let passes = 0; ; passes++) {
      const messages =
        passes === 0
          ? new LangMessages(JSON.parse(saved) as LangMessage[])
          : this.rebuild(saved, this.#script.marker);
      const input = JSON.stringify(messages);
      const pass = new Pass(messages, input);
      lang.conversation = messages;
      const options = {
        tools: this.tools(pass),
        approvals: this.approvals as Record<string, boolean>,
        concurrency: this.#script.concurrency,
      };
      let refused: boolean;
      try {
        const start = passes === 0 ? runToolLoop : resumeToolLoop;
        refused = await this.drive(start(lang, messages, options), pass);
      } catch (error) {
        this.#refused(error);
        refused = true;
      }
      if (refused) {
        if (JSON.stringify(messages) !== input)
          this.findings.invalid.push(`the loop changed a history it refused: ${input}`);
        return this.rebuild(saved, 'keep');
      }
      if (!pass.isDead() || passes >= 4)
        return pass.isDead() ? this.rebuild(pass.saved, 'keep') : messages;
      saved = pass.saved;
    }
  }

  /** Checks the last history: valid (or pending), plain JSON, and every result true. */
  check(history: readonly LangMessage[]): void {
    const { findings } = this;
    let pending: ReturnType<typeof pendingToolCalls>;
    try {
      pending = pendingToolCalls(history);
    } catch (error) {
      findings.invalid.push(`the loop wrote a history it cannot read: ${described(error)}`);
      return;
    }
    for (const issue of validateHistory(history, { format: 'aiwrapper' }).issues)
      if (!(issue.code === 'missing-tool-result' && issue.messageIndex === pending?.messageIndex))
        findings.invalid.push(`aiwrapper: ${issue.message}`);
    try {
      for (const { format, issues } of providerIssues(history)) {
        // An id the model sent that this provider's rule refuses is the model's, not the loop's.
        const written = issues.filter(
          (issue) =>
            !(
              (issue as { code?: unknown }).code === 'invalid-tool-call-id' &&
              this.#modelIds.has(String((issue as { toolCallId?: unknown }).toolCallId))
            ),
        );
        if (written.length > 0) findings.invalid.push(`${format}: ${described(written)}`);
      }
      if (JSON.stringify(history) !== JSON.stringify(history))
        findings.unsaveable.push('the final history gives two JSON texts');
    } catch (error) {
      findings.unsaveable.push(`the final history: ${described(error)}`);
    }
    for (const [step, runs] of this.runs) {
      const name = this.#nameOf(step);
      if (runs > 1 && (HOSTILE_TOOLS[name].sideEffects ?? 'once') === 'once')
        findings.onceTwice.push(`${name} (step ${String(step)}) ran ${String(runs)} times`);
    }
    for (const [index, message] of history.entries()) {
      const results = history[index + 1]?.role === 'tool-results' ? history[index + 1] : undefined;
      if (message.role !== 'assistant' || results === undefined) continue;
      for (const call of message.items)
        if (call.type === 'tool')
          for (const result of results.items)
            if (result.type === 'tool-result' && result.callId === call.callId)
              this.#checkResult(call.callId, this.planOf(call.arguments), result);
    }
  }

  #nameOf(step: number): HostileToolName {
    for (const response of this.#script.responses)
      for (const call of response.calls ?? [])
        if (planIn(call.arguments)?.step === step) return call.name as HostileToolName;
    return 'pay';
  }

  /** A success only for a handler that returned one; a denial only for a call someone denied. */
  #checkResult(callId: string, plan: HostilePlan | undefined, result: LangMessageItem): void {
    const flagged = (result as { isError?: unknown }).isError === true;
    const value = (result as { result?: unknown }).result;
    if (flagged) {
      const name = (value as { name?: unknown } | null)?.name;
      if (name === LOOP_RESULT_NAMES.denied && ownDecision(this.approvals, callId) === undefined)
        this.findings.deniedUndecided.push(`call "${callId}" denied with no decision of its own`);
      return;
    }
    const ran = plan !== undefined && (this.runs.get(plan.step) ?? 0) > 0;
    const honest =
      ran &&
      (((plan.act === 'return' || plan.act === 'slow') &&
        described(value) === described({ tool: this.#nameOf(plan.step), step: plan.step })) ||
        (plan.act === 'resolve' &&
          successOf(plan.value) !== undefined &&
          described(value) === described(successOf(plan.value))));
    if (!honest)
      this.findings.lies.push(
        `call "${callId}" (${described(plan)}) recorded as a success: ${described(value)}`,
      );
  }
}

const STALL_MS = 2000;

/** Runs a hostile script to its end and checks the result; returns what went wrong. */
export async function runHostile(script: HostileScript): Promise<Findings> {
  const run = new Run(script);
  const listener = (reason: unknown): void => {
    let text: string;
    try {
      text = reason instanceof Error ? String(reason) : described(reason);
    } catch {
      text = '<a value that cannot be described>';
    }
    run.findings.unhandled.push(text);
  };
  process.on('unhandledRejection', listener);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    // Every live handler settles within a millisecond: a run still going after this is stuck.
    const stalled = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => {
        resolve(undefined);
      }, STALL_MS);
    });
    const history = await Promise.race([run.toEnd(), stalled]);
    if (history === undefined)
      run.findings.stalled.push(`the run did not end within ${String(STALL_MS)} ms`);
    else run.check(history);
    // A rejection nobody handles is reported after the microtasks of its turn.
    await new Promise((resolve) => {
      setTimeout(resolve, 1);
    });
  } finally {
    clearTimeout(timer);
    process.off('unhandledRejection', listener);
  }
  return run.findings;
}
