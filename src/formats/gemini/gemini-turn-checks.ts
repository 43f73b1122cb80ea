import type { HistoryIssue } from '../../errors/history-issue.js';
import {
  emptyResponseNameMessage,
  GEMINI_CALL_NOT_AFTER_USER,
  GEMINI_COUNT_MISMATCH,
  GEMINI_RESPONSE_IN_MODEL,
} from './gemini-wording.js';

// Gemini's rules for a call turn and the response turn after it, with Gemini's wording
// (gemini-wording.ts): what the validator checks once it has read a turn's function parts.

/** A `functionCall` or `functionResponse` part, as the checks need it. */
export interface FunctionPart {
  readonly name: string;
  readonly id: string | undefined;
  readonly partIndex: number;
  /** A call part that carries a non-empty `thoughtSignature` (always false for responses). */
  readonly signed: boolean;
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

/**
 * Checks that a response turn answers its call turn's calls by name, one response per call. A
 * response with an empty name pairs with the first call still unanswered, as it is renamed after it.
 */
export function checkResponses(
  callTurn: Turn,
  callIndex: number,
  turn: Turn,
  index: number,
  issues: HistoryIssue[],
): void {
  if (sameNames(callTurn.calls, turn.responses)) return;
  // Pair by name, in order, so parallel calls of one function pair positionally. Queues keep a
  // read position instead of shifting: shift is linear on long arrays.
  const { calls } = callTurn;
  const waiting = new Map<string, { readonly positions: number[]; next: number }>();
  for (let position = 0; position < calls.length; position++) {
    const name = calls[position]?.name ?? '';
    const queue = waiting.get(name);
    if (queue) queue.positions.push(position);
    else waiting.set(name, { positions: [position], next: 0 });
  }
  const answered = new Uint8Array(calls.length);
  const unmatched: FunctionPart[] = [];
  for (const response of turn.responses) {
    const queue = waiting.get(response.name);
    if (queue !== undefined && queue.next < queue.positions.length)
      answered[queue.positions[queue.next++] ?? 0] = 1;
    else unmatched.push(response);
  }
  const unanswered = calls.filter((_, position) => answered[position] === 0);
  const nameless = unmatched.filter((response) => response.name === '');
  const named = unmatched.filter((response) => response.name !== '');
  nameless.forEach((response, position) => {
    const call = unanswered[position];
    const message = emptyResponseNameMessage(index, response.partIndex);
    issues.push(
      call ? mismatch(response, call, index, message) : { ...orphan(response, index), message },
    );
  });
  const left = unanswered.slice(nameless.length);
  if (left.length === named.length) {
    // No Gemini wording was found for a name mismatch (Gemini pairs by position); ours.
    named.forEach((response, position) => {
      const call = left[position];
      if (!call) return;
      issues.push(
        mismatch(
          response,
          call,
          index,
          `Please ensure that each function response part names a function of the function call turn: contents[${index}].parts[${response.partIndex}] answers '${response.name}', but contents[${callIndex}] called '${call.name}'.`,
        ),
      );
    });
    return;
  }
  if (left.length > 0) issues.push(missing(callIndex, left));
  for (const part of named) issues.push(orphan(part, index));
}

function mismatch(
  response: FunctionPart,
  call: FunctionPart,
  index: number,
  message: string,
): HistoryIssue {
  return {
    code: 'tool-name-mismatch',
    messageIndex: index,
    partIndex: response.partIndex,
    toolCallId: call.id ?? call.name,
    expectedName: call.name,
    actualName: response.name,
    message,
  };
}

function orphan(part: FunctionPart, index: number): HistoryIssue {
  return {
    code: 'orphan-tool-result',
    messageIndex: index,
    partIndex: part.partIndex,
    toolCallId: keyOf(part),
    message: GEMINI_COUNT_MISMATCH,
  };
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

/**
 * A `model` content holding `functionResponse` parts: refused in the words of Google's SDK check.
 * The call a response answers is taken to be in the same content, else in the call turn right
 * before it; with neither, `callMessageIndex` is the content itself.
 */
export function responsesInModel(
  turn: Turn,
  index: number,
  previous: Turn | undefined,
  issues: HistoryIssue[],
): void {
  const callMessageIndex =
    turn.calls.length === 0 && previous?.role === 'model' && previous.calls.length > 0
      ? index - 1
      : index;
  for (const part of turn.responses)
    issues.push({
      code: 'misplaced-tool-result',
      messageIndex: index,
      partIndex: part.partIndex,
      toolCallId: part.id ?? part.name,
      callMessageIndex,
      message: GEMINI_RESPONSE_IN_MODEL,
    });
}
