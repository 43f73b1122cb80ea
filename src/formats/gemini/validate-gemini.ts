import { toValidationResult } from '../../errors/history-issue.js';
import type { HistoryIssue, ValidationResult } from '../../errors/history-issue.js';
import { InvalidHistoryError } from '../../errors/invalid-history-error.js';
import type { HistoryInspection } from '../../core/history-inspection.js';
import {
  assertArray,
  invalidField,
  isObject,
  objectAt,
  type JsonObject,
} from '../../core/input-guards.js';
import { ToolTurnTable } from '../../core/tool-turn-table.js';

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

interface FunctionPart {
  readonly name: string;
  readonly id: string | undefined;
  readonly partIndex: number;
}

interface Turn {
  readonly role: 'user' | 'model';
  readonly calls: readonly FunctionPart[];
  readonly responses: readonly FunctionPart[];
}

/**
 * Validates Gemini `contents` for tool-call history and returns every issue, each worded as Gemini
 * words it (Gemini stops at the first).
 *
 * Gemini pairs by position and name, not by id: the turn right after a `model` turn with
 * `functionCall` parts is a `user` turn with exactly as many `functionResponse` parts, whose names
 * match the calls; a response turn anywhere else is refused, and a call turn must follow a `user`
 * turn (a function response turn is one). Responses pair with calls of the same name in order;
 * with equal counts, the ones left over are name mismatches. An issue's `toolCallId` is the part's
 * `id` when it has one, otherwise the function name.
 *
 * @throws {ToolHistoryError} `invalid-input` when `contents` is not an array, a content is not an
 *   object with a `parts` array, its role is neither `user` nor `model` (nor the legacy `function`),
 *   or a function part has no string `name`.
 * @example
 * const result = validateGemini(body.contents);
 */
export function validateGemini(contents: readonly unknown[]): ValidationResult {
  return inspectGemini(contents).result;
}

/** {@link validateGemini}, with the turn table it read (for repair). */
export function inspectGemini(contents: readonly unknown[]): HistoryInspection {
  assertArray(contents, 'a Gemini `contents`');
  const issues: HistoryIssue[] = [];
  const table = new ToolTurnTable(contents.length);
  let previous: Turn | undefined;
  for (let index = 0; index < contents.length; index++) {
    const turn = readTurn(
      objectAt(contents, index, 'contents', 'a content object with parts'),
      index,
    );
    addTurn(turn, index, table);
    if (turn.role === 'model' && turn.calls.length > 0)
      checkCallTurn(turn, index, previous, issues);
    if (
      previous?.role === 'model' &&
      previous.calls.length > 0 &&
      (turn.role === 'model' || turn.responses.length === 0)
    ) {
      issues.push(missing(index - 1, previous.calls));
    }
    if (turn.role === 'user' && turn.responses.length > 0) {
      if (previous?.role === 'model' && previous.calls.length > 0) {
        checkResponseIds(previous, index - 1, turn, index, issues);
        checkResponses(previous, index - 1, turn, index, issues);
      } else
        for (const part of turn.responses)
          issues.push({
            code: 'orphan-tool-result',
            messageIndex: index,
            partIndex: part.partIndex,
            toolCallId: part.id ?? part.name,
            message: GEMINI_RESPONSE_NOT_AFTER_CALL,
          });
    }
    previous = turn;
  }
  if (previous?.role === 'model' && previous.calls.length > 0)
    issues.push(missing(contents.length - 1, previous.calls));
  return {
    result: toValidationResult(issues.sort((a, b) => a.messageIndex - b.messageIndex)),
    table,
  };
}

/**
 * Throws when {@link validateGemini} finds any issue; shares its implementation.
 *
 * @throws {InvalidHistoryError} listing every issue, when the history has any.
 * @throws {ToolHistoryError} `invalid-input` on the same misuse as {@link validateGemini}.
 */
export function assertValidGemini(contents: readonly unknown[]): void {
  const result = validateGemini(contents);
  if (!result.ok) throw new InvalidHistoryError(result.issues);
}

const NO_PARTS: readonly FunctionPart[] = [];

/** Adds a content's turn to the table. A part without an id gets one no other part has: Gemini pairs it by name, in its own turn. */
function addTurn(turn: Turn, index: number, table: ToolTurnTable): void {
  const parts = turn.role === 'model' ? turn.calls : turn.responses;
  if (parts.length === 0) {
    table.other(index);
    return;
  }
  table.begin(index, turn.role === 'model' ? 'calls' : 'results');
  for (const part of parts)
    table.add(part.id ?? `\u0000${index}:${part.partIndex}`, part.partIndex);
}
// Above this many calls in one turn, repeated ids are found through a set instead of a scan.
const SCAN_LIMIT = 16;

function readTurn(content: JsonObject, index: number): Turn {
  const role = content.role;
  if (role !== undefined && role !== 'user' && role !== 'model' && role !== 'function') {
    throw invalidField(`contents[${index}].role`, role, "'user' or 'model'");
  }
  const parts = content.parts;
  if (!Array.isArray(parts))
    throw invalidField(`contents[${index}].parts`, parts, 'an array of parts');
  // Most contents hold no function part: they share one empty array.
  let calls: FunctionPart[] | undefined;
  let responses: FunctionPart[] | undefined;
  for (let partIndex = 0; partIndex < parts.length; partIndex++) {
    const part: unknown = parts[partIndex];
    if (!isObject(part))
      throw invalidField(`contents[${index}].parts[${partIndex}]`, part, 'a part object');
    // What camelCaseGeminiPart reads, without copying the part: a camelCase field beside its
    // snake_case twin wins. Plain property reads: `in` and `hasOwn` cost a lookup that misses on
    // every text part.
    const functionCall = part.functionCall !== undefined ? part.functionCall : part.function_call;
    const functionResponse =
      part.functionResponse !== undefined ? part.functionResponse : part.function_response;
    if (functionCall !== undefined)
      (calls ??= []).push(functionPart(functionCall, index, partIndex, 'functionCall'));
    if (functionResponse !== undefined)
      (responses ??= []).push(functionPart(functionResponse, index, partIndex, 'functionResponse'));
  }
  if (calls === undefined && responses === undefined)
    return role === 'model' ? MODEL_TEXT : USER_TEXT;
  return {
    role: role === 'model' ? 'model' : 'user',
    calls: calls ?? NO_PARTS,
    responses: responses ?? NO_PARTS,
  };
}

// Contents without function parts, most of a history, share these.
const MODEL_TEXT: Turn = { role: 'model', calls: NO_PARTS, responses: NO_PARTS };
const USER_TEXT: Turn = { role: 'user', calls: NO_PARTS, responses: NO_PARTS };

function functionPart(
  value: unknown,
  index: number,
  partIndex: number,
  field: string,
): FunctionPart {
  if (!isObject(value) || typeof value.name !== 'string')
    throw invalidField(
      `contents[${index}].parts[${partIndex}].${field}`,
      value,
      'an object with a string `name`',
    );
  return {
    name: value.name,
    id: typeof value.id === 'string' && value.id !== '' ? value.id : undefined,
    partIndex,
  };
}

function checkCallTurn(
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

function checkResponses(
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
function checkResponseIds(
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

function missing(callIndex: number, calls: readonly FunctionPart[]): HistoryIssue {
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
