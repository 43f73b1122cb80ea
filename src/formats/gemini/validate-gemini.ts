import {
  byMessageIndex,
  toValidationResult,
  type HistoryIssue,
} from '../../errors/history-issue.js';
import type { HistoryInspection } from '../../core/history-inspection.js';
import { objectAt, type JsonObject } from '../../core/input-guards.js';
import { NO_RULE_CONTEXT, type RuleContext } from '../../core/format.js';
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
  refusesResponseParts,
  GEMINI_RESPONSE_PARTS_UNSUPPORTED,
  assertGeminiContents,
  camelCaseGeminiPart,
  GEMINI_CONTENT_SHAPE,
  geminiFunctionOf,
  geminiPartsOf,
} from './gemini-rules.js';

/** A `functionCall` or `functionResponse` part; `signed`: a call with a `thoughtSignature`. */
interface FunctionPart {
  readonly name: string;
  readonly id: string | undefined;
  readonly partIndex: number;
  readonly signed: boolean;
  /** A response with `parts` (multimodal, Gemini 3). */
  readonly media: boolean;
}

interface Turn {
  readonly role: 'user' | 'model';
  readonly calls: readonly FunctionPart[];
  readonly responses: readonly FunctionPart[];
}

/**
 * Validates Gemini `contents`, returning every issue in Gemini's words (`toolCallId`: the part's id,
 * else its name) and the turn table. A Gemini 3 `context.model` also needs thought signatures.
 *
 * @throws {ToolHistoryError} `invalid-input` for a content, role or part of a shape Gemini lacks.
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
  const noResponseParts = refusesResponseParts(context.model);
  let previous: Turn | undefined;
  for (let index = 0; index < contents.length; index++) {
    const content = objectAt(contents, index, 'contents', GEMINI_CONTENT_SHAPE);
    const turn = readTurn(content.role, geminiPartsOf(content, index), index);
    addTurn(turn, index, table);
    if (noResponseParts)
      for (const part of turn.responses)
        if (part.media)
          issues.push({
            code: 'invalid-content',
            messageIndex: index,
            partIndex: part.partIndex,
            param: `contents[${index}].parts[${part.partIndex}].function_response.parts`,
            message: GEMINI_RESPONSE_PARTS_UNSUPPORTED,
          });
    if (turn.role === 'model' && turn.responses.length > 0)
      responsesInModel(turn, index, previous, issues);
    if (unsigned !== undefined) {
      const call = turn.role === 'model' ? turn.calls[0] : undefined;
      if (turn.role === 'user' && turn.responses.length === 0) unsigned.length = 0;
      else if (call?.signed === false) unsigned.push({ index, call });
    }
    if (turn.role === 'model' && turn.calls.length > 0)
      checkCallTurn(turn, index, previous, issues);
    const callTurn = previous?.role === 'model' && previous.calls.length > 0 ? previous : undefined;
    if (callTurn !== undefined && (turn.role === 'model' || turn.responses.length === 0))
      issues.push(missing(index - 1, callTurn.calls));
    if (turn.role === 'user' && turn.responses.length > 0) {
      if (callTurn !== undefined) {
        checkResponseIds(callTurn, index - 1, turn, index, issues);
        checkResponses(callTurn, index - 1, turn, index, issues);
      } else
        for (const part of turn.responses) {
          const { name, partIndex } = part;
          const message = name === '' ? emptyResponseNameMessage(index, partIndex) : undefined;
          issues.push(orphan(part, index, message ?? GEMINI_RESPONSE_NOT_AFTER_CALL));
        }
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
  return { result: toValidationResult(issues.sort(byMessageIndex)), table };
}

/** Adds a content's turn to the table; a part without an id gets a unique key. */
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

function readTurn(role: unknown, parts: readonly JsonObject[], index: number): Turn {
  const calls: FunctionPart[] = [];
  const responses: FunctionPart[] = [];
  for (let partIndex = 0; partIndex < parts.length; partIndex++) {
    const part = parts[partIndex];
    if (part === undefined) continue;
    const { functionCall, functionResponse, thoughtSignature } = camelCaseGeminiPart(part);
    const signed = typeof thoughtSignature === 'string' && thoughtSignature !== '';
    for (const field of ['functionCall', 'functionResponse'] as const) {
      const value = field === 'functionCall' ? functionCall : functionResponse;
      if (value === undefined) continue;
      const { name, id, parts } = geminiFunctionOf(value, index, partIndex, field);
      const validId = typeof id === 'string' && id !== '' ? id : undefined;
      const call = field === 'functionCall';
      const media = !call && Array.isArray(parts) && parts.length > 0;
      (call ? calls : responses).push({
        name,
        id: validId,
        partIndex,
        signed: call && signed,
        media,
      });
    }
  }
  return { role: role === 'model' ? 'model' : 'user', calls, responses };
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
    // Wording ours.
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

/** Responses answer their call turn by name, in order; an empty name takes the first open call. */
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
  const byName = new GeminiTurn();
  for (const call of calls) byName.arm('', call.name, true);
  // Named responses first, so a nameless one cannot take their calls.
  const named = responses.filter(
    (response) => response.name !== '' && byName.answer('', response.name) === undefined,
  );
  for (const response of responses) {
    if (response.name !== '') continue;
    const message = emptyResponseNameMessage(index, response.partIndex);
    const taken = byName.answer('', '');
    const call = taken === undefined ? undefined : calls[taken.position];
    if (call === undefined) issues.push(orphan(response, index, message));
    else if (call.name !== '') issues.push(mismatch(response, call, index, message));
  }
  const left = calls.filter((_, position) => byName.calls[position]?.answered === false);
  if (left.length === named.length) {
    // Wording ours.
    named.forEach((response, position) => {
      const call = left[position];
      if (call === undefined) return;
      const message = `Please ensure that each function response part names a function of the function call turn: contents[${index}].parts[${response.partIndex}] answers '${response.name}', but contents[${callIndex}] called '${call.name}'.`;
      issues.push(mismatch(response, call, index, message));
    });
    return;
  }
  if (left.length > 0) issues.push(missing(callIndex, left));
  for (const part of named) issues.push(orphan(part, index));
}

/** Responses with an id answer distinct calls by that id ({@link GeminiTurn}); wording ours. */
function checkResponseIds(
  callTurn: Turn,
  callIndex: number,
  turn: Turn,
  index: number,
  issues: HistoryIssue[],
): void {
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

/** `functionResponse` parts in a `model` content; their call is there or in the turn before. */
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
