import { toValidationResult } from '../../core/issue.js';
import type { HistoryIssue, ValidationResult } from '../../core/issue.js';
import { InvalidHistoryError } from '../../errors/invalid-history-error.js';
import { assertArray, invalidField, isObject, objectAt, type JsonObject } from '../../validate/rules/input-guards.js';
import { camelCaseGeminiPart } from './camel-case-gemini-part.js';

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
export const GEMINI_RESPONSE_NOT_AFTER_CALL = 'Please ensure that function response turn comes immediately after a function call turn.';

/**
 * "Please ensure that function call turn comes immediately after a user turn or after a function
 * response turn." (also when the history starts with a call turn):
 * https://github.com/google-gemini/gemini-cli/issues/11814, https://github.com/google-gemini/gemini-cli/issues/26486.
 */
export const GEMINI_CALL_NOT_AFTER_USER = 'Please ensure that function call turn comes immediately after a user turn or after a function response turn.';

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
  assertArray(contents, 'a Gemini `contents`');
  const issues: HistoryIssue[] = [];
  let previous: Turn | undefined;
  for (let index = 0; index < contents.length; index++) {
    const turn = readTurn(objectAt(contents, index, `contents[${index}]`, 'a content object with parts'), index);
    if (turn.role === 'model' && turn.calls.length > 0) checkCallTurn(turn, index, previous, issues);
    if (previous?.role === 'model' && previous.calls.length > 0 && (turn.role === 'model' || turn.responses.length === 0)) {
      issues.push(missing(index - 1, previous.calls));
    }
    if (turn.role === 'user' && turn.responses.length > 0) {
      if (previous?.role === 'model' && previous.calls.length > 0) checkResponses(previous, index - 1, turn, index, issues);
      else for (const part of turn.responses) issues.push({ code: 'orphan-tool-result', messageIndex: index, partIndex: part.partIndex, toolCallId: part.id ?? part.name, message: GEMINI_RESPONSE_NOT_AFTER_CALL });
    }
    previous = turn;
  }
  if (previous?.role === 'model' && previous.calls.length > 0) issues.push(missing(contents.length - 1, previous.calls));
  return toValidationResult(issues.sort((a, b) => a.messageIndex - b.messageIndex));
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

function readTurn(content: JsonObject, index: number): Turn {
  const role = content.role;
  if (role !== undefined && role !== 'user' && role !== 'model' && role !== 'function') {
    throw invalidField(`contents[${index}].role`, role, "'user' or 'model'");
  }
  const parts = content.parts;
  if (!Array.isArray(parts)) throw invalidField(`contents[${index}].parts`, parts, 'an array of parts');
  const calls: FunctionPart[] = [];
  const responses: FunctionPart[] = [];
  parts.forEach((value: unknown, partIndex) => {
    if (!isObject(value)) throw invalidField(`contents[${index}].parts[${partIndex}]`, value, 'a part object');
    const part = camelCaseGeminiPart(value);
    if (part.functionCall !== undefined) calls.push(functionPart(part.functionCall, `contents[${index}].parts[${partIndex}].functionCall`, partIndex));
    if (part.functionResponse !== undefined) responses.push(functionPart(part.functionResponse, `contents[${index}].parts[${partIndex}].functionResponse`, partIndex));
  });
  return { role: role === 'model' ? 'model' : 'user', calls, responses };
}

function functionPart(value: unknown, field: string, partIndex: number): FunctionPart {
  if (!isObject(value) || typeof value.name !== 'string') throw invalidField(field, value, 'an object with a string `name`');
  return { name: value.name, id: typeof value.id === 'string' && value.id !== '' ? value.id : undefined, partIndex };
}

function checkCallTurn(turn: Turn, index: number, previous: Turn | undefined, issues: HistoryIssue[]): void {
  if (previous?.role !== 'user') {
    issues.push({ code: 'misplaced-tool-call', messageIndex: index, toolCallIds: turn.calls.map(keyOf), message: GEMINI_CALL_NOT_AFTER_USER });
  }
  const seen = new Set<string>();
  for (const call of turn.calls) {
    if (call.id === undefined) continue;
    // Ids are optional in Gemini; when given they must tell calls apart. Ours: no Gemini wording found.
    if (seen.has(call.id)) issues.push({ code: 'duplicate-tool-call-id', messageIndex: index, partIndex: call.partIndex, toolCallId: call.id, message: `Function call id ${call.id} appears twice in contents[${index}]; give each functionCall part its own id.` });
    seen.add(call.id);
  }
}

function checkResponses(callTurn: Turn, callIndex: number, turn: Turn, index: number, issues: HistoryIssue[]): void {
  // Pair by name, in order, so parallel calls of one function pair positionally.
  const waiting = new Map<string, FunctionPart[]>();
  for (const call of callTurn.calls) {
    const queue = waiting.get(call.name);
    if (queue) queue.push(call);
    else waiting.set(call.name, [call]);
  }
  const unmatched: FunctionPart[] = [];
  for (const response of turn.responses) if (waiting.get(response.name)?.shift() === undefined) unmatched.push(response);
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
  for (const part of unmatched) issues.push({ code: 'orphan-tool-result', messageIndex: index, partIndex: part.partIndex, toolCallId: keyOf(part), message: GEMINI_COUNT_MISMATCH });
}

function missing(callIndex: number, calls: readonly FunctionPart[]): HistoryIssue {
  return { code: 'missing-tool-result', messageIndex: callIndex, toolCallIds: calls.map(keyOf), message: GEMINI_COUNT_MISMATCH };
}

function keyOf(part: FunctionPart): string {
  return part.id ?? part.name;
}
