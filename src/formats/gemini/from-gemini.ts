import type { ReadFormatOptions } from '../shared/format-adapter.js';
import { assertWritableJson } from '../../core/json-text.js';
import { contentPiece } from '../../core/history.js';
import { extrasOf, appendAll } from '../shared/conversion-context.js';
import { createCallId } from '../../core/call-id.js';
import type {
  HistoryMessage,
  JsonValue,
  OpaquePart,
  TextPart,
  ToolCallPart,
  ToolResult,
  ConversionResult,
  ConversionWarning,
} from '../../core/history.js';
import { parseArgumentsValue } from '../shared/arguments-text.js';
import { invalidField, isObject, objectAt, type JsonObject } from '../../core/input-guards.js';
import {
  GeminiTurn,
  SKIP_THOUGHT_SIGNATURE,
  type TurnCall,
  assertGeminiContents,
  camelCaseGeminiPart,
  GEMINI_CONTENT_SHAPE,
  geminiFunctionOf,
  geminiPartsOf,
} from './gemini-rules.js';
import { readGeminiResultMedia } from './gemini-result-parts.js';
import { systemText } from '../anthropic/read-blocks.js';

const CALL_PART_KEYS = new Set(['functionCall']);
const RESPONSE_PART_KEYS = new Set(['functionResponse']);
const CALL_KEYS = new Set(['name', 'args']);
const RESPONSE_KEYS = new Set(['name', 'response']);
const MEDIA_RESPONSE_KEYS = new Set(['name', 'response', 'parts']);
const TEXT_PART_KEYS = new Set(['text']);

/** Makes an id for a part of content `contentIndex` that has none. */
type GenerateId = (contentIndex: number) => string;

/**
 * Reads Gemini `contents` (and `systemInstruction`) into a neutral history; parts without an id
 * get generated ones. @throws {ToolHistoryError} `invalid-input` on a malformed content.
 */
export function fromGemini(
  contents: readonly unknown[],
  options: Pick<ReadFormatOptions, 'systemInstruction'> & {
    generateId?: GenerateId | undefined;
  } = {},
): ConversionResult<HistoryMessage[]> {
  assertGeminiContents(contents);
  const generateId = options.generateId ?? createCallId;
  const history: HistoryMessage[] = [];
  const warnings: ConversionWarning[] = [];
  const system = options.systemInstruction;
  if (system !== undefined)
    history.push({
      role: 'system',
      // A string, a content, or its parts.
      text:
        typeof system === 'string'
          ? system
          : isObject(system)
            ? systemText(system.parts, 'systemInstruction.parts')
            : systemText(system, 'systemInstruction'),
    });
  let turn = new GeminiTurn();
  for (let index = 0; index < contents.length; index++) {
    const content = objectAt(contents, index, 'contents', GEMINI_CONTENT_SHAPE);
    const parts = geminiPartsOf(content, index).map(camelCaseGeminiPart);
    if (content.role === 'model') {
      const calls = new GeminiTurn();
      turn = calls;
      const modelParts = parts.map((part, partIndex) =>
        readModelPart(part, index, partIndex, calls, generateId, warnings),
      );
      history.push({ role: 'assistant', parts: modelParts, sourceIndex: index });
    } else {
      const claimed = claimByIds(parts, turn);
      parts.forEach((part, partIndex) => {
        const last = history.at(-1);
        const same = last?.sourceIndex === index;
        if (part.functionResponse !== undefined) {
          const result = readResponse(part, index, partIndex, turn, claimed, generateId, warnings);
          if (same && last.role === 'tool') appendAll(last.results, [result]);
          else history.push({ role: 'tool', results: [result], sourceIndex: index });
          return;
        }
        // Past a user part no call stays answerable.
        if (turn.calls.length > 0) turn = new GeminiTurn();
        const userPart = readUserPart(part);
        if (same && last.role === 'user') appendAll(last.parts, [userPart]);
        else history.push({ role: 'user', parts: [userPart], sourceIndex: index });
      });
      if (parts.length === 0) history.push({ role: 'user', parts: [], sourceIndex: index });
    }
  }
  return { messages: history, warnings };
}

/** Reads a part of a model content; a call joins `turn`. */
function readModelPart(
  part: JsonObject,
  index: number,
  partIndex: number,
  turn: GeminiTurn,
  generateId: GenerateId,
  warnings: ConversionWarning[],
): TextPart | ToolCallPart | OpaquePart {
  if (part.functionCall === undefined) return readUserPart(part);
  const path = `contents[${index}].parts[${partIndex}]`;
  const call = geminiFunctionOf(part.functionCall, index, partIndex, 'functionCall');
  const name = call.name;
  const idless = typeof call.id !== 'string' || call.id === '';
  const callId = idless ? generateId(index) : (call.id as string);
  turn.arm(callId, name, idless);
  if (idless) {
    warnings.push({
      code: 'generated-call-id',
      messageIndex: index,
      callId,
      message: `${path}.functionCall has no id; it was given "${callId}".`,
    });
  }
  const extras = extrasOf(part, CALL_PART_KEYS);
  if (extras?.thoughtSignature === SKIP_THOUGHT_SIGNATURE) delete extras.thoughtSignature;
  const gemini = withInnerExtras(extras, 'functionCall', call, CALL_KEYS, callId);
  return {
    type: 'tool-call',
    callId,
    name,
    ...parseArgumentsValue(call.args ?? {}, `${path}.functionCall.args`),
    ...(gemini === undefined ? {} : { providerData: { gemini } }),
  };
}

/** The part's extras plus, under `field`, the function's unmodelled fields (and a differing `id`). */
function withInnerExtras(
  extras: Record<string, unknown> | undefined,
  field: 'functionCall' | 'functionResponse',
  value: JsonObject,
  known: ReadonlySet<string>,
  callId: string,
): Record<string, unknown> | undefined {
  const inner = extrasOf(value, known);
  if (inner?.id === callId) delete inner.id;
  if (inner !== undefined && Object.keys(inner).length > 0) return { ...extras, [field]: inner };
  return extras === undefined || Object.keys(extras).length === 0 ? undefined : extras;
}

function readUserPart(part: JsonObject): TextPart | OpaquePart {
  if (typeof part.text !== 'string' || part.thought === true)
    return { type: 'opaque', format: 'gemini', value: part };
  const extras = extrasOf(part, TEXT_PART_KEYS);
  if (extras?.thoughtSignature === SKIP_THOUGHT_SIGNATURE) delete extras.thoughtSignature;
  return extras === undefined || Object.keys(extras).length === 0
    ? { type: 'text', text: part.text }
    : { type: 'text', text: part.text, providerData: { gemini: extras } };
}

/** Pairs the leading responses with an id first, so an idless one cannot take their calls. */
function claimByIds(
  parts: readonly JsonObject[],
  turn: GeminiTurn,
): Map<number, TurnCall | undefined> | undefined {
  let claimed: Map<number, TurnCall | undefined> | undefined;
  for (let partIndex = 0; partIndex < parts.length; partIndex++) {
    const response = parts[partIndex]?.functionResponse;
    if (response === undefined) break;
    if (!isObject(response) || typeof response.id !== 'string' || response.id === '') continue;
    if (typeof response.name !== 'string') continue;
    (claimed ??= new Map()).set(partIndex, turn.answer(response.id, response.name));
  }
  return claimed;
}

function readResponse(
  part: JsonObject,
  index: number,
  partIndex: number,
  turn: GeminiTurn,
  claimed: ReadonlyMap<number, TurnCall | undefined> | undefined,
  generateId: GenerateId,
  warnings: ConversionWarning[],
): ToolResult {
  const path = `contents[${index}].parts[${partIndex}]`;
  const response = geminiFunctionOf(part.functionResponse, index, partIndex, 'functionResponse');
  const name = response.name;
  const body = response.response ?? {};
  if (!isObject(body)) throw invalidField(`${path}.functionResponse.response`, body, 'an object');
  const ownId = typeof response.id === 'string' ? response.id : '';
  const call = claimed?.has(partIndex) === true ? claimed.get(partIndex) : turn.answer(ownId, name);
  let callId = ownId;
  if (ownId === '' || (call !== undefined && call.callId !== ownId)) {
    callId = call?.callId ?? generateId(index);
    warnings.push({
      code: 'generated-call-id',
      messageIndex: index,
      callId,
      message:
        ownId === ''
          ? `${path}.functionResponse has no id; it was given "${callId}"${call ? ', the id of its call' : ''}.`
          : `${path}.functionResponse id "${ownId}" names no call; it answers the one "${name}" call of its turn, which had no id, and was given "${callId}".`,
    });
  }
  // Gemini 3 media beside the response; `scheduling` and `willContinue` stay extras.
  const media = readGeminiResultMedia(response.parts);
  const extras = withInnerExtras(
    extrasOf(part, RESPONSE_PART_KEYS),
    'functionResponse',
    response,
    media === undefined ? RESPONSE_KEYS : MEDIA_RESPONSE_KEYS,
    callId,
  );
  const keys = Object.keys(body);
  const only = keys.length === 1 ? keys[0] : undefined;
  // Google documents `output` for a result and `error` for a failure; else the object is the result.
  const content = (only === 'output' || only === 'error' ? body[only] : body) as JsonValue;
  assertWritableJson(
    content,
    `${path}.functionResponse.response${only === undefined ? '' : `.${only}`}`,
  );
  return {
    callId,
    name,
    content,
    ...(media === undefined ? {} : { parts: [contentPiece(content), ...media] }),
    isError: only === 'error',
    sourceIndex: index,
    ...(extras === undefined ? {} : { providerData: { gemini: extras } }),
  };
}
