import { LangMessages, type LangTool, type LanguageProvider } from 'aiwrapper';
import { z } from 'zod';
import { ToolHistoryError } from '../../errors/tool-history-error.js';
import { PROVIDER_PROFILES } from '../../formats/index.js';
import { formatOfLang } from '../provider-prototypes.js';
import { assertLoopHistory } from './pending-tool-calls.js';
import type { ToolCallStreamEvent } from '../../core/stream/tool-call-stream-event.js';
import type { ToolOutcome } from './tool-outcome.js';

/** A started, unanswered call on resume: `'none'`/`'idempotent'` run again; `'once'` does not. */
export type ToolSideEffects = 'none' | 'idempotent' | 'once';

/** What a handler gets besides its arguments. */
export interface ToolRunContext {
  /** Aborted when the loop stops or the tool's `timeoutMs` passes. */
  readonly signal: AbortSignal;
  readonly callId: string;
  readonly name: string;
}

/** A call as a handler or an approval predicate gets it. */
export interface LoopToolCall {
  readonly callId: string;
  readonly name: string;
  readonly arguments: Readonly<Record<string, unknown>>;
}

/** A tool the loop declares to the model and runs itself. */
export interface LoopTool {
  readonly name: string;
  readonly description?: string | undefined;
  /** JSON Schema of the arguments, as the provider takes it. */
  readonly parameters: Readonly<Record<string, unknown>>;
  /** Its JSON return value is the result; a throw is an error result. */
  readonly handler: (args: Readonly<Record<string, unknown>>, context: ToolRunContext) => unknown;
  /** Milliseconds before the run's signal aborts with a `timeout` result. */
  readonly timeoutMs?: number | undefined;
  /** Whether a call waits for approval: the loop pauses; `resumeToolLoop` takes the decision. */
  readonly needsApproval?: boolean | ((call: LoopToolCall) => boolean) | undefined;
  /** @defaultValue `'once'`: a call whose start was recorded is never run a second time. */
  readonly sideEffects?: ToolSideEffects | undefined;
}

const loopTool = z.looseObject({
  name: z.string().min(1),
  description: z.string().optional(),
  parameters: z.record(z.string(), z.unknown()),
  handler: z.custom<LoopTool['handler']>((value) => typeof value === 'function', 'a function'),
  timeoutMs: z.union([z.number().positive(), z.literal(Infinity)]).optional(),
  needsApproval: z
    .union([
      z.boolean(),
      z.custom<(call: LoopToolCall) => boolean>((value) => typeof value === 'function'),
    ])
    .optional(),
  sideEffects: z.enum(['none', 'idempotent', 'once']).optional(),
});

/** Checks the loop's tools and indexes them by name. */
export function readLoopTools(tools: unknown): ReadonlyMap<string, LoopTool> {
  if (!Array.isArray(tools))
    throw new ToolHistoryError('invalid-input', 'options.tools must be an array of tools.');
  const byName = new Map<string, LoopTool>();
  tools.forEach((tool: unknown, index) => {
    const parsed = loopTool.safeParse(tool);
    if (!parsed.success)
      throw invalid(
        `options.tools[${String(index)}]`,
        parsed.error,
        ' A tool needs a name, parameters (a JSON Schema object) and a handler.',
      );
    const name = parsed.data.name;
    if (byName.has(name))
      throw new ToolHistoryError(
        'invalid-input',
        `options.tools[${String(index)}] is named "${name}", as an earlier tool is. Give each tool its own name.`,
      );
    byName.set(name, tool as LoopTool);
  });
  return byName;
}

/** Whether `call` waits for approval under `tool`'s setting. */
export function needsApproval(tool: LoopTool, call: LoopToolCall): boolean {
  const setting = tool.needsApproval;
  return typeof setting === 'function' ? setting(call) : setting === true;
}

/** A human's decision on a call that waits for approval. */
export type ToolApproval =
  boolean | { readonly approved: boolean; readonly reason?: string | undefined };

/** Options of {@link runToolLoop} and {@link resumeToolLoop}. */
export interface ToolLoopOptions {
  readonly tools: readonly LoopTool[];
  /** The most model requests one run makes (10). */
  readonly maxRounds?: number | undefined;
  /** The last request: `'answer'` (default) sends it without tools; `'stop'` ends after its calls. */
  readonly onMaxRounds?: 'answer' | 'stop' | undefined;
  /** Stops the run: running calls end `cancelled`, the rest `not-run`. */
  readonly signal?: AbortSignal | undefined;
  /** How many calls run at once (4). */
  readonly concurrency?: number | undefined;
  /** On a handler's throw: `'continue'` (default) records it; `'stop'` also ends the run (`error`). */
  readonly onToolError?: ((error: unknown, call: LoopToolCall) => 'continue' | 'stop') | undefined;
  /** Decisions on waiting calls by call id: `true`/`{ approved: true }` runs, else denies. */
  readonly approvals?: Readonly<Record<string, ToolApproval>> | undefined;
}

const numbers = z.object({
  maxRounds: z.number().int().min(1).optional(),
  concurrency: z.number().int().min(1).optional(),
  onMaxRounds: z.enum(['answer', 'stop']).optional(),
});

const approvalObject = z.object({ approved: z.boolean(), reason: z.string().optional() });

/** The loop's options, checked, with their defaults. */
export interface Setup {
  readonly lang: LanguageProvider;
  readonly messages: LangMessages;
  readonly tools: ReadonlyMap<string, LoopTool>;
  readonly declared: readonly LangTool[];
  readonly declareOnFinal: boolean;
  readonly maxRounds: number;
  readonly onMaxRounds: 'answer' | 'stop';
  readonly concurrency: number;
  readonly signal: AbortSignal | undefined;
  readonly onToolError: ToolLoopOptions['onToolError'];
  readonly approvals: ReadonlyMap<string, Decision>;
}

/** A decision, as the loop keeps it. */
type Decision = Exclude<ToolApproval, boolean>;

/** Checks what `runToolLoop` was given and resolves the defaults. */
export function readSetup(lang: unknown, messages: unknown, options: unknown): Setup {
  const needs = (what: string): ToolHistoryError =>
    new ToolHistoryError('invalid-input', `runToolLoop needs ${what}.`);
  if (typeof (lang as { chat?: unknown } | null)?.chat !== 'function')
    throw needs('an aiwrapper provider (e.g. Lang.openai(…)) as its first argument');
  if (!(messages instanceof LangMessages))
    throw needs(
      'the conversation as a LangMessages (new LangMessages(saved) rebuilds one from JSON)',
    );
  if (typeof options !== 'object' || options === null)
    throw needs('options with tools, e.g. { tools: [weatherTool] }');
  const given = options as ToolLoopOptions;
  const parsed = numbers.safeParse(given);
  if (!parsed.success) throw invalid('options', parsed.error);
  if (given.signal !== undefined && !(given.signal instanceof AbortSignal))
    throw new ToolHistoryError('invalid-input', 'options.signal must be an AbortSignal.');
  const tools = readLoopTools(given.tools);
  const approvals = readApprovals(given.approvals);
  const provider = lang as LanguageProvider;
  const format = formatOfLang(provider);
  assertLoopHistory(messages);
  return {
    lang: provider,
    messages,
    tools,
    declared: [...tools.values()].map(declaredTool),
    declareOnFinal: format !== undefined && PROVIDER_PROFILES[format].toolsWithToolHistory,
    maxRounds: parsed.data.maxRounds ?? 10,
    onMaxRounds: parsed.data.onMaxRounds ?? 'answer',
    concurrency: parsed.data.concurrency ?? 4,
    signal: given.signal,
    onToolError: given.onToolError,
    approvals,
  };
}

/** `options.approvals`' own keys, each read once. */
function readApprovals(approvals: unknown): ReadonlyMap<string, Decision> {
  const decisions = new Map<string, Decision>();
  if (approvals === undefined) return decisions;
  if (typeof approvals !== 'object' || approvals === null || Array.isArray(approvals))
    throw new ToolHistoryError(
      'invalid-input',
      'options.approvals must be an object of decisions by call id, e.g. { call_1: true }.',
    );
  for (const callId of Object.keys(approvals)) {
    const value: unknown = (approvals as Record<string, unknown>)[callId];
    if (typeof value === 'boolean') {
      decisions.set(callId, { approved: value });
      continue;
    }
    const parsed = approvalObject.safeParse(value);
    if (!parsed.success)
      throw invalid(
        `options.approvals[${JSON.stringify(callId)}]`,
        parsed.error,
        ' A decision is true, false or { approved: boolean, reason?: string }.',
      );
    decisions.set(callId, parsed.data);
  }
  return decisions;
}

/** The tool as aiwrapper declares it: with a handler (never called), or Responses sends a built-in tool. */
function declaredTool(tool: LoopTool): LangTool {
  return {
    name: tool.name,
    description: tool.description ?? '',
    parameters: { ...tool.parameters },
    handler: () => undefined,
  };
}

function invalid(at: string, error: z.ZodError, hint = ''): ToolHistoryError {
  const issue = error.issues[0];
  const field = issue?.path.map((key) => `.${String(key)}`).join('') ?? '';
  return new ToolHistoryError(
    'invalid-input',
    `${at}${field} is not valid: ${issue?.message ?? ''}.${hint}`,
  );
}

/** Why the loop ended. */
export type ToolLoopDoneReason = 'answer' | 'maxRounds' | 'aborted' | 'error';

/** What the loop yields: each response's {@link ToolCallStreamEvent}s and the loop's own events. */
export type ToolLoopEvent =
  | ToolCallStreamEvent
  /** A call is about to run; its start is recorded, so a history saved here never runs a `'once'` tool twice. */
  | {
      readonly type: 'tool-run-start';
      readonly round: number;
      readonly callId: string;
      readonly name: string;
    }
  /** A call's result was written to the history. */
  | (Omit<ToolOutcome, 'error'> & { readonly type: 'tool-result'; readonly round: number })
  /** A round (one response and the calls it asked for) finished. */
  | { readonly type: 'round-end'; readonly round: number; readonly calls: number }
  /** The loop stopped to wait for approvals; `resumeToolLoop` with `approvals` goes on. */
  | { readonly type: 'paused'; readonly round: number; readonly pending: readonly LoopToolCall[] }
  /** The loop ended; the generator ends after this event. */
  | {
      readonly type: 'done';
      readonly reason: ToolLoopDoneReason;
      readonly rounds: number;
      /** The text of the model's last response. */
      readonly answer: string;
      /** With reason `error`: what stopped the loop. */
      readonly error?: unknown;
    };
