import { isObject, type JsonObject } from '../../core/input-guards.js';

/** How one kind of Responses call item pairs with its output item, and what OpenAI calls it. */
export interface ResponsesPair {
  readonly call: string;
  readonly output: string;
  /** The call's name in the API's sentences ("No tool output found for custom tool call …"). */
  readonly what: string;
  /** The call's field its output names. */
  readonly callKey: 'call_id' | 'id';
  /** The output's fields that name the call, first found wins. */
  readonly outputKeys: readonly string[];
  /**
   * The output repair adds for a call left unanswered (`note`: why), where one can stand in;
   * none for a computer call (a screenshot cannot be made up) or an approval (a decision cannot).
   */
  readonly placeholder?: ((callId: string, note: string) => JsonObject) | undefined;
}

// "No tool output found for function call …" (tjardoo/openai-client#124);
// "… for custom tool call call_…" (diegosouzapw/OmniRoute#8946);
// "… for local shell call call_…" (openai/openai-agents-python#1855). The other kinds: ours, the same sentence.
const PAIRS: readonly ResponsesPair[] = [
  pair('function_call', 'function call'),
  pair('custom_tool_call', 'custom tool call'),
  // The SDK types name the output's `id`; the server reads `call_id` (openai-agents-python#1855).
  {
    ...pair('local_shell_call', 'local shell call'),
    outputKeys: ['call_id', 'id'],
    placeholder: (callId, note) => ({
      type: 'local_shell_call_output',
      call_id: callId,
      output: note,
    }),
  },
  {
    ...pair('shell_call', 'shell call'),
    placeholder: (callId, note) => ({
      type: 'shell_call_output',
      call_id: callId,
      output: [{ stdout: '', stderr: note, outcome: { type: 'exit', exit_code: 1 } }],
    }),
  },
  {
    ...pair('apply_patch_call', 'apply patch call'),
    placeholder: (callId, note) => ({
      type: 'apply_patch_call_output',
      call_id: callId,
      status: 'failed',
      output: note,
    }),
  },
  pair('computer_call', 'computer call'),
  {
    call: 'mcp_approval_request',
    output: 'mcp_approval_response',
    what: 'MCP approval request',
    callKey: 'id',
    outputKeys: ['approval_request_id'],
  },
];

function pair(call: string, what: string): ResponsesPair {
  return { call, output: `${call}_output`, what, callKey: 'call_id', outputKeys: ['call_id'] };
}

/** Each call item type's pair. */
export const PAIR_OF_CALL: ReadonlyMap<unknown, ResponsesPair> = new Map(
  PAIRS.map((entry) => [entry.call, entry]),
);
/** Each output item type's pair. */
export const PAIR_OF_OUTPUT: ReadonlyMap<unknown, ResponsesPair> = new Map(
  PAIRS.map((entry) => [entry.output, entry]),
);

/** The field of an output item that names its call: the first of `keys` it has, else the first. */
export function pairKeyOf(item: JsonObject, keys: readonly string[]): string {
  return keys.find((key) => item[key] !== undefined) ?? keys[0] ?? 'call_id';
}

/** The ids of a computer call's `pending_safety_checks` its output leaves unacknowledged. */
export function unacknowledgedChecks(call: JsonObject, output: JsonObject): string[] {
  const ids = (checks: unknown): string[] =>
    (Array.isArray(checks) ? (checks as unknown[]) : []).flatMap((check) =>
      isObject(check) && typeof check.id === 'string' ? [check.id] : [],
    );
  const acknowledged = new Set(ids(output.acknowledged_safety_checks));
  return ids(call.pending_safety_checks).filter((id) => !acknowledged.has(id));
}
