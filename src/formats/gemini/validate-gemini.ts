import { byMessageIndex } from '../../core/issue.js';
import { toValidationResult } from '../../errors/history-issue.js';
import type { HistoryIssue } from '../../errors/history-issue.js';
import type { HistoryInspection } from '../../core/history-inspection.js';
import { objectAt, type JsonObject } from '../../core/input-guards.js';
import { NO_RULE_CONTEXT, type RuleContext } from '../../core/rule-context.js';
import { ToolTurnTable } from '../../core/tool-turn-table.js';
import {
  emptyResponseNameMessage,
  GEMINI_CALL_NOT_AFTER_USER,
  GEMINI_COUNT_MISMATCH,
  GEMINI_RESPONSE_IN_MODEL,
  GEMINI_RESPONSE_NOT_AFTER_CALL,
  GeminiTurn,
  missingThoughtSignatureMessage,
  requiresThoughtSignatures,
} from './gemini-rules.js';
import {
  assertGeminiContents,
  GEMINI_CONTENT_SHAPE,
  geminiFunctionOf,
  geminiPartsOf,
} from './gemini-wire.js';

/** A `functionCall` or `functionResponse` part, as the checks need it. */
interface FunctionPart {
  readonly name: string;
  readonly id: string | undefined;
  readonly partIndex: number;
  /** A call part with a non-empty `thoughtSignature` (always false for responses). */
  readonly signed: boolean;
}

/** One content's role and function parts. */
interface Turn {
  readonly role: 'user' | 'model';
  readonly calls: readonly FunctionPart[];
  readonly responses: readonly FunctionPart[];
}

/**
 * Validates Gemini `contents` and returns every issue in Gemini's words (Gemini stops at the first).
 *
 * Gemini pairs by position and name: the turn after a `model` turn with `functionCall` parts is a
 * `user` turn with as many `functionResponse` parts naming the calls' functions; a call turn
 * follows a user or response turn. An issue's `toolCallId` is the part's `id`, else its name.
 * With `context.model` a Gemini 3 model, each call step of the current turn carries a
 * `thoughtSignature` on its first `functionCall` part.
 *
 * @throws {ToolHistoryError} `invalid-input` for a content, role, part or function part of a shape
 *   Gemini does not have.
 */
export function inspectGemini(
  contents: readonly unknown[],
  context: RuleContext = NO_RULE_CONTEXT,
): HistoryInspection {
  assertGeminiContents(contents);
  const issues: HistoryIssue[] = [];
  const table = new ToolTurnTable(contents.length);
  // Call steps of the current turn whose first call part has no signature (Gemini 3 only).
  const unsigned = requiresThoughtSignatures(context.model)
    ? ([] as { index: number; call: FunctionPart }[])
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
          issues.push(
            orphan(
              part,
              index,
              part.name === ''
                ? emptyResponseNameMessage(index, part.partIndex)
                : GEMINI_RESPONSE_NOT_AFTER_CALL,
            ),
          );
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
      toolCallId: keyOf(call),
      message: missingThoughtSignatureMessage(call.name, index),
    });
  return {
    result: toValidationResult(issues.sort(byMessageIndex)),
    table,
  };
}

const NO_PARTS: readonly FunctionPart[] = [];

/** Adds a content's turn to the table; a part without an id gets one of its own. */
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
    // What camelCaseGeminiPart reads, without copying the part.
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

/** A call turn follows a user turn, and its ids (where given) tell calls apart. */
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
  if (calls.length < 2) return;
  const seen = new Set<string>();
  for (const call of calls) {
    const id = call.id;
    if (id === undefined) continue;
    // Ours: no Gemini wording was found.
    if (seen.has(id))
      issues.push({
        code: 'duplicate-tool-call-id',
        messageIndex: index,
        partIndex: call.partIndex,
        toolCallId: id,
        message: `Function call id ${id} appears twice in contents[${index}]; give each functionCall part its own id.`,
      });
    seen.add(id);
  }
}

/**
 * Responses answer their call turn by name, one per call, in order (parallel calls of one function
 * pair positionally). A response with an empty name pairs with the first call still unanswered.
 */
function checkResponses(
  callTurn: Turn,
  callIndex: number,
  turn: Turn,
  index: number,
  issues: HistoryIssue[],
): void {
  const { calls } = callTurn;
  const { responses } = turn;
  if (
    calls.length === responses.length &&
    calls.every((call, position) => call.name === responses[position]?.name)
  )
    return;
  // Read positions instead of shift: shift is linear on long arrays.
  const waiting = new Map<string, { readonly positions: number[]; next: number }>();
  calls.forEach((call, position) => {
    const queue = waiting.get(call.name);
    if (queue) queue.positions.push(position);
    else waiting.set(call.name, { positions: [position], next: 0 });
  });
  const answered = new Uint8Array(calls.length);
  const unmatched: FunctionPart[] = [];
  for (const response of responses) {
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
    issues.push(call ? mismatch(response, call, index, message) : orphan(response, index, message));
  });
  const left = unanswered.slice(nameless.length);
  if (left.length === named.length) {
    // Ours: Gemini pairs by position and has no wording for a name mismatch.
    named.forEach((response, position) => {
      const call = left[position];
      if (call)
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

/**
 * Responses with an id answer different calls of the turn by that id ({@link GeminiTurn}): other
 * providers, which pair by id, refuse anything else. A response whose id names a call of another
 * function of the turn is a name mismatch. Ours: no Gemini wording was found for these.
 */
function checkResponseIds(
  callTurn: Turn,
  callIndex: number,
  turn: Turn,
  index: number,
  issues: HistoryIssue[],
): void {
  // Built at the first response that carries an id: most response turns carry none.
  let calls: GeminiTurn | undefined;
  for (const response of turn.responses) {
    const id = response.id;
    if (id === undefined) continue;
    if (calls === undefined) {
      calls = new GeminiTurn();
      for (const call of callTurn.calls) calls.arm(call.id ?? '', call.name, call.id === undefined);
    }
    const call = calls.answer(id, response.name);
    const at = (): string =>
      `Function response id ${id} at contents[${index}].parts[${response.partIndex}]`;
    if (call === undefined)
      issues.push({
        code: calls.hasId(id) ? 'duplicate-tool-call-id' : 'unknown-tool-call-id',
        messageIndex: index,
        partIndex: response.partIndex,
        toolCallId: id,
        message: calls.hasId(id)
          ? `${at()} answers a call of contents[${callIndex}] that another response already answered; give each response the id of its own call.`
          : `${at()} matches no functionCall id of contents[${callIndex}]; give each response the id of its own call.`,
      });
    else if (call.name !== response.name && response.name !== '' && calls.hasName(response.name))
      issues.push({
        code: 'tool-name-mismatch',
        messageIndex: index,
        partIndex: response.partIndex,
        toolCallId: id,
        expectedName: call.name,
        actualName: response.name,
        message: `${at()} is the id of the '${call.name}' call of contents[${callIndex}], but the response answers '${response.name}'; give each response the id of its own call.`,
      });
  }
}

/**
 * `functionResponse` parts in a `model` content, in the words of Google's SDK check. Their call is
 * taken to be in the same content, else in the call turn right before it.
 */
function responsesInModel(
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
      toolCallId: keyOf(part),
      callMessageIndex,
      message: GEMINI_RESPONSE_IN_MODEL,
    });
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
    toolCallId: keyOf(call),
    expectedName: call.name,
    actualName: response.name,
    message,
  };
}

function orphan(part: FunctionPart, index: number, message = GEMINI_COUNT_MISMATCH): HistoryIssue {
  return {
    code: 'orphan-tool-result',
    messageIndex: index,
    partIndex: part.partIndex,
    toolCallId: keyOf(part),
    message,
  };
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
