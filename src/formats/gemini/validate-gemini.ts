import { byMessageIndex } from '../../core/issue.js';
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
import { NO_RULE_CONTEXT, type RuleContext } from '../../core/rule-context.js';
import { ToolTurnTable } from '../../core/tool-turn-table.js';
import { missingThoughtSignatureMessage, requiresThoughtSignatures } from './thought-signature.js';
import {
  checkCallTurn,
  checkResponses,
  missing,
  responsesInModel,
  type FunctionPart,
  type Turn,
} from './gemini-turn-checks.js';
import { checkResponseIds } from './gemini-response-ids.js';
import { emptyResponseNameMessage, GEMINI_RESPONSE_NOT_AFTER_CALL } from './gemini-wording.js';
export {
  GEMINI_COUNT_MISMATCH,
  GEMINI_CALL_NOT_AFTER_USER,
  GEMINI_RESPONSE_IN_MODEL,
  GEMINI_RESPONSE_NOT_AFTER_CALL,
} from './gemini-wording.js';

/**
 * Validates Gemini `contents` for tool-call history and returns every issue, each worded as Gemini
 * words it (Gemini stops at the first).
 *
 * Gemini pairs by position and name, not by id: the turn right after a `model` turn with
 * `functionCall` parts is a `user` turn with exactly as many `functionResponse` parts, whose names
 * match the calls; a response turn anywhere else is refused, and a call turn must follow a `user`
 * turn (a function response turn is one). Responses pair with calls of the same name in order;
 * with equal counts, the ones left over are name mismatches. An issue's `toolCallId` is the part's
 * `id` when it has one, otherwise the function name. A `functionResponse` part in a `model`
 * content, and a response with an empty `name`, are refused in Google's words.
 *
 * With `context.model` a Gemini 3 model (see {@link requiresThoughtSignatures}), every call step
 * of the current turn (the `model` contents with calls after the last `user` content that is not
 * function responses) must carry its `thoughtSignature` on its first `functionCall` part; later
 * parts of parallel calls have none. Earlier turns, Gemini 2.5 and no model: not checked.
 *
 * @throws {ToolHistoryError} `invalid-input` when `contents` is not an array, a content is not an
 *   object with a `parts` array, its role is neither `user` nor `model` (nor the legacy `function`),
 *   or a function part has no string `name`.
 * @example
 * const result = validateGemini(body.contents);
 */
export function validateGemini(
  contents: readonly unknown[],
  context: RuleContext = NO_RULE_CONTEXT,
): ValidationResult {
  return inspectGemini(contents, context).result;
}

/** {@link validateGemini}, with the turn table it read (for repair). */
export function inspectGemini(
  contents: readonly unknown[],
  context: RuleContext = NO_RULE_CONTEXT,
): HistoryInspection {
  assertGeminiContents(contents);
  const issues: HistoryIssue[] = [];
  const table = new ToolTurnTable(contents.length);
  // Call steps of the current turn whose first call part has no signature (Gemini 3 only).
  const unsigned: { index: number; call: FunctionPart }[] | undefined = requiresThoughtSignatures(
    context.model,
  )
    ? []
    : undefined;
  let previous: Turn | undefined;
  for (let index = 0; index < contents.length; index++) {
    const content = objectAt(contents, index, 'contents', GEMINI_CONTENT_SHAPE);
    const turn = readTurn(content.role, geminiPartsOf(content, index), index);
    addTurn(turn, index, table);
    if (turn.role === 'model' && turn.responses.length > 0)
      responsesInModel(turn, index, previous, issues);
    if (unsigned !== undefined) {
      const call = turn.role === 'model' ? turn.calls[0] : undefined;
      if (turn.role === 'user' && turn.responses.length === 0) unsigned.length = 0;
      else if (call?.signed === false) unsigned.push({ index, call });
    }
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
            message:
              part.name === ''
                ? emptyResponseNameMessage(index, part.partIndex)
                : GEMINI_RESPONSE_NOT_AFTER_CALL,
          });
    }
    previous = turn;
  }
  if (previous?.role === 'model' && previous.calls.length > 0)
    issues.push(missing(contents.length - 1, previous.calls));
  for (const { index, call } of unsigned ?? [])
    issues.push({
      code: 'missing-thought-signature',
      messageIndex: index,
      partIndex: call.partIndex,
      toolCallId: call.id ?? call.name,
      message: missingThoughtSignatureMessage(call.name, index),
    });
  return {
    result: toValidationResult(issues.sort(byMessageIndex)),
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
    table.add(part.id ?? `\u0000${index}:${part.partIndex}`, part.partIndex, part.name);
}
function readTurn(role: unknown, parts: readonly JsonObject[], index: number): Turn {
  // Most contents hold no function part: they share one empty array.
  let calls: FunctionPart[] | undefined;
  let responses: FunctionPart[] | undefined;
  for (let partIndex = 0; partIndex < parts.length; partIndex++) {
    const part = parts[partIndex];
    if (part === undefined) continue;
    // What camelCaseGeminiPart reads, without copying the part: a camelCase field beside its
    // snake_case twin wins. Plain property reads: `in` and `hasOwn` cost a lookup that misses on
    // every text part.
    const functionCall = part.functionCall !== undefined ? part.functionCall : part.function_call;
    const functionResponse =
      part.functionResponse !== undefined ? part.functionResponse : part.function_response;
    if (functionCall !== undefined) {
      const signature =
        part.thoughtSignature !== undefined ? part.thoughtSignature : part.thought_signature;
      const signed = typeof signature === 'string' && signature !== '';
      (calls ??= []).push(functionPart(functionCall, index, partIndex, 'functionCall', signed));
    }
    if (functionResponse !== undefined)
      (responses ??= []).push(
        functionPart(functionResponse, index, partIndex, 'functionResponse', false),
      );
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
  field: 'functionCall' | 'functionResponse',
  signed: boolean,
): FunctionPart {
  const named = geminiFunctionOf(value, index, partIndex, field);
  return {
    name: named.name,
    id: typeof named.id === 'string' && named.id !== '' ? named.id : undefined,
    partIndex,
    signed,
  };
}

// The one parse of the Gemini `contents` shape: the validator and the reader (from-gemini.ts)
// read contents, roles, parts and function parts through these guards, so a malformed content is
// refused the same way, in the same words, by both.

/** What `objectAt` says a Gemini content must be. */
export const GEMINI_CONTENT_SHAPE = 'a content object with parts';

/**
 * Checks that `contents` is a Gemini `contents` array.
 *
 * @throws {ToolHistoryError} `invalid-input` naming what was passed instead.
 */
export function assertGeminiContents(contents: unknown): asserts contents is readonly unknown[] {
  assertArray(contents, 'a Gemini `contents`');
}

/**
 * Checks the content's role (`user`, `model`, the legacy `function`, or none) and returns its
 * parts, each an object.
 *
 * @throws {ToolHistoryError} `invalid-input` for another role, `parts` that is not an array, or a
 *   part that is not an object.
 */
export function geminiPartsOf(content: JsonObject, index: number): readonly JsonObject[] {
  const role = content.role;
  if (role !== undefined && role !== 'user' && role !== 'model' && role !== 'function') {
    throw invalidField(`contents[${index}].role`, role, "'user' or 'model'");
  }
  const parts = content.parts;
  if (!Array.isArray(parts))
    throw invalidField(`contents[${index}].parts`, parts, 'an array of parts');
  for (let partIndex = 0; partIndex < parts.length; partIndex++) {
    const part: unknown = parts[partIndex];
    if (!isObject(part))
      throw invalidField(`contents[${index}].parts[${partIndex}]`, part, 'a part object');
  }
  // Checked above: every entry is an object.
  return parts as readonly JsonObject[];
}

/**
 * A part's `functionCall` or `functionResponse` (`value`), checked: an object with a string `name`.
 *
 * @throws {ToolHistoryError} `invalid-input` naming the part and the field.
 */
export function geminiFunctionOf(
  value: unknown,
  index: number,
  partIndex: number,
  field: 'functionCall' | 'functionResponse',
): JsonObject & { readonly name: string } {
  if (!isObject(value) || typeof value.name !== 'string')
    throw invalidField(
      `contents[${index}].parts[${partIndex}].${field}`,
      value,
      'an object with a string `name`',
    );
  return value as JsonObject & { readonly name: string };
}
