import type { HistoryIssue } from '../../errors/history-issue.js';

// Gemini's rules for a call turn and the response turn after it, with Gemini's wording: what
// the validator checks once it has read a turn's function parts.

/**
 * "Please ensure that the number of function response parts is equal to the number of function
 * call parts of the function call turn." (400 INVALID_ARGUMENT):
 * https://github.com/google-gemini/gemini-cli/issues/4217, https://github.com/microsoft/vscode/issues/299295.
 */
export const GEMINI_COUNT_MISMATCH =
  'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.';

/**
 * "Please ensure that function response turn comes immediately after a function call turn.":
 * https://github.com/langchain-ai/langchain/issues/27799, https://github.com/GoogleCloudPlatform/generative-ai/pull/368.
 */
export const GEMINI_RESPONSE_NOT_AFTER_CALL =
  'Please ensure that function response turn comes immediately after a function call turn.';

/**
 * "Please ensure that function call turn comes immediately after a user turn or after a function
 * response turn." (also when the history starts with a call turn):
 * https://github.com/google-gemini/gemini-cli/issues/11814, https://github.com/google-gemini/gemini-cli/issues/26486.
 */
export const GEMINI_CALL_NOT_AFTER_USER =
  'Please ensure that function call turn comes immediately after a user turn or after a function response turn.';

/** A `functionCall` or `functionResponse` part, as the checks need it. */
export interface FunctionPart {
  readonly name: string;
  readonly id: string | undefined;
  readonly partIndex: number;
}

/** One content's role and function parts. */
export interface Turn {
  readonly role: 'user' | 'model';
  readonly calls: readonly FunctionPart[];
  readonly responses: readonly FunctionPart[];
}

// Above this many calls in one turn, repeated ids are found through a set instead of a scan.
const SCAN_LIMIT = 16;

/** Checks a call turn: it follows a user turn, and its ids (where given) tell calls apart. */
export function checkCallTurn(
  turn: Turn,
  index: number,
  previous: Turn | undefined,
  issues: HistoryIssue[],
): void {
  if (previous?.role !== 'user') {
    issues.push({
      code: 'misplaced-tool-call',
      messageIndex: index,
      toolCallIds: turn.calls.map(keyOf),
      message: GEMINI_CALL_NOT_AFTER_USER,
    });
  }
  const { calls } = turn;
  if (calls.length > SCAN_LIMIT) {
    const seen = new Set<string>();
    for (const call of calls) {
      if (call.id === undefined) continue;
      if (seen.has(call.id)) issues.push(duplicateCall(call, call.id, index));
      seen.add(call.id);
    }
    return;
  }
  for (let position = 1; position < calls.length; position++) {
    const call = calls[position];
    const id = call?.id;
    if (call === undefined || id === undefined) continue;
    for (let earlier = 0; earlier < position; earlier++) {
      if (calls[earlier]?.id !== id) continue;
      issues.push(duplicateCall(call, id, index));
      break;
    }
  }
}

/** Ids are optional in Gemini; when given they must tell calls apart. Ours: no Gemini wording found. */
function duplicateCall(call: FunctionPart, id: string, index: number): HistoryIssue {
  return {
    code: 'duplicate-tool-call-id',
    messageIndex: index,
    partIndex: call.partIndex,
    toolCallId: id,
    message: `Function call id ${id} appears twice in contents[${index}]; give each functionCall part its own id.`,
  };
}

/** Checks that a response turn answers its call turn's calls by name, one response per call. */
export function checkResponses(
  callTurn: Turn,
  callIndex: number,
  turn: Turn,
  index: number,
  issues: HistoryIssue[],
): void {
  if (sameNames(callTurn.calls, turn.responses)) return;
  // Pair by name, in order, so parallel calls of one function pair positionally.
  const waiting = new Map<string, FunctionPart[]>();
  for (const call of callTurn.calls) {
    const queue = waiting.get(call.name);
    if (queue) queue.push(call);
    else waiting.set(call.name, [call]);
  }
  const unmatched: FunctionPart[] = [];
  for (const response of turn.responses)
    if (waiting.get(response.name)?.shift() === undefined) unmatched.push(response);
  const unanswered = callTurn.calls.filter((call) => waiting.get(call.name)?.includes(call));
  if (callTurn.calls.length === turn.responses.length) {
    // No Gemini wording was found for a name mismatch (Gemini pairs by position); ours.
    unmatched.forEach((response, position) => {
      const call = unanswered[position];
      if (!call) return;
      issues.push({
        code: 'tool-name-mismatch',
        messageIndex: index,
        partIndex: response.partIndex,
        toolCallId: call.id ?? call.name,
        expectedName: call.name,
        actualName: response.name,
        message: `Please ensure that each function response part names a function of the function call turn: contents[${index}].parts[${response.partIndex}] answers '${response.name}', but contents[${callIndex}] called '${call.name}'.`,
      });
    });
    return;
  }
  if (unanswered.length > 0) issues.push(missing(callIndex, unanswered));
  for (const part of unmatched)
    issues.push({
      code: 'orphan-tool-result',
      messageIndex: index,
      partIndex: part.partIndex,
      toolCallId: keyOf(part),
      message: GEMINI_COUNT_MISMATCH,
    });
}

/**
 * Responses that carry an id must each answer a different call of the turn by that id: Gemini
 * pairs by name and position, but an id that names no call, or a call already answered, leaves
 * the history ambiguous (and other providers, which pair by id, refuse it). Ours: no Gemini
 * wording was found.
 */
export function checkResponseIds(
  callTurn: Turn,
  callIndex: number,
  turn: Turn,
  index: number,
  issues: HistoryIssue[],
): void {
  const { calls } = callTurn;
  // Calls answered so far, by position (a turn of more than 32 calls falls back to a set).
  let answered = 0;
  let answeredBeyond: Set<number> | undefined;
  for (const response of turn.responses) {
    const id = response.id;
    if (id === undefined) continue;
    let found = -1;
    let repeated = false;
    for (let position = 0; position < calls.length; position++) {
      if (calls[position]?.id !== id) continue;
      const taken =
        position < 32 ? (answered & (1 << position)) !== 0 : answeredBeyond?.has(position) === true;
      if (!taken) {
        found = position;
        break;
      }
      repeated = true;
    }
    if (found !== -1) {
      if (found < 32) answered |= 1 << found;
      else (answeredBeyond ??= new Set()).add(found);
      continue;
    }
    issues.push(
      repeated
        ? {
            code: 'duplicate-tool-call-id',
            messageIndex: index,
            partIndex: response.partIndex,
            toolCallId: id,
            message: `Function response id ${id} at contents[${index}].parts[${response.partIndex}] answers a call of contents[${callIndex}] that another response already answered; give each response the id of its own call.`,
          }
        : {
            code: 'unknown-tool-call-id',
            messageIndex: index,
            partIndex: response.partIndex,
            toolCallId: id,
            message: `Function response id ${id} at contents[${index}].parts[${response.partIndex}] matches no functionCall id of contents[${callIndex}]; give each response the id of its own call.`,
          },
    );
  }
}

/** True when responses name the calls' functions in call order: every response pairs with its call. */
function sameNames(calls: readonly FunctionPart[], responses: readonly FunctionPart[]): boolean {
  if (calls.length !== responses.length) return false;
  for (let position = 0; position < calls.length; position++)
    if (calls[position]?.name !== responses[position]?.name) return false;
  return true;
}

/** The issue for the call at `callIndex` whose calls got no response turn. */
export function missing(callIndex: number, calls: readonly FunctionPart[]): HistoryIssue {
  return {
    code: 'missing-tool-result',
    messageIndex: callIndex,
    toolCallIds: calls.map(keyOf),
    message: GEMINI_COUNT_MISMATCH,
  };
}

function keyOf(part: FunctionPart): string {
  return part.id ?? part.name;
}
