import { z } from 'zod';
import { ToolHistoryError } from '../../errors/tool-history-error.js';

/**
 * What running a tool may do to the world, which decides what a resumed loop does with a call whose
 * start was recorded but whose result was not (the process died, or the loop was abandoned):
 * - `'none'`: reads only; it runs again.
 * - `'idempotent'`: running it twice does no more than running it once; it runs again.
 * - `'once'`: it must not run twice; the call gets a result saying it may have run.
 */
export type ToolSideEffects = 'none' | 'idempotent' | 'once';

/** What a handler gets besides its arguments. */
export interface ToolRunContext {
  /** Aborted when the loop stops (abort, break, a stopping tool error) or the tool's `timeoutMs` passes. */
  readonly signal: AbortSignal;
  /** The id of the call being answered. */
  readonly callId: string;
  /** The tool's name. */
  readonly name: string;
}

/** A call as the loop hands it to a handler or an approval predicate. */
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
  /**
   * Runs the tool. Its return value (any JSON value) becomes the result; a throw becomes an error
   * result naming the error. It should stop when `context.signal` aborts: the loop writes the
   * call's result at that moment and does not wait for the handler.
   */
  readonly handler: (args: Readonly<Record<string, unknown>>, context: ToolRunContext) => unknown;
  /**
   * Milliseconds a run may take; past it the signal aborts and the call gets a `timeout` result.
   * Any positive number, however large; `Infinity` is no limit.
   */
  readonly timeoutMs?: number | undefined;
  /**
   * Whether a call waits for a human's approval before it runs: the loop pauses with the call
   * unanswered, and `resumeToolLoop` takes the decision.
   * @defaultValue false
   */
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

/**
 * Checks the tools given to the loop and indexes them by name.
 *
 * @throws {ToolHistoryError} `invalid-input` naming the tool (index and field) that is not a tool,
 *   or the name two tools share.
 */
export function readLoopTools(tools: unknown): ReadonlyMap<string, LoopTool> {
  if (!Array.isArray(tools))
    throw new ToolHistoryError('invalid-input', 'options.tools must be an array of tools.');
  const byName = new Map<string, LoopTool>();
  tools.forEach((tool: unknown, index) => {
    const parsed = loopTool.safeParse(tool);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.') ?? '';
      throw new ToolHistoryError(
        'invalid-input',
        `options.tools[${String(index)}]${field === '' ? '' : `.${field}`} is not valid: ${issue?.message ?? 'not a tool'}. A tool needs a name, parameters (a JSON Schema object) and a handler.`,
      );
    }
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
