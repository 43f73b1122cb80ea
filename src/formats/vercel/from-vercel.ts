import { assertWritableJson } from '../../core/json-text.js';
import { contentOfParts } from '../../core/history.js';
import { readMediaPieces, type MediaPieceTable } from '../shared/media-pieces.js';
import { extrasOf, withOwnData } from '../shared/conversion-context.js';
import type {
  HistoryMessage,
  JsonValue,
  OpaquePart,
  TextPart,
  ToolCallPart,
  ToolResult,
  ConversionResult,
} from '../../core/history.js';
import { readCallPart } from '../shared/arguments-text.js';
import {
  assertArray,
  invalidField,
  isObject,
  objectAt,
  stringAt,
  type JsonObject,
} from '../../core/input-guards.js';
import { neutralCallId } from '../../core/neutral-issue.js';
import { approvalAnswers, type ApprovalAnswer } from './vercel-approvals.js';
import { VERCEL_LAYOUT, vercelPartsOf } from './validate-vercel.js';

const MESSAGE_KEYS = new Set(['role', 'content']);
const TEXT_KEYS = new Set(['type', 'text']);
const CALL_KEYS = new Set(['type', 'toolCallId', 'toolName', 'input']);
const RESULT_KEYS = new Set(['type', 'toolCallId', 'toolName', 'output']);

/** The pieces of a `content` tool output (AI SDK v6; `media` is v5's). */
export const VERCEL_PIECES: MediaPieceTable = {
  format: 'vercel',
  text: 'text',
  media: [
    { type: 'image-data', holds: 'image', keys: { data: 'data', mediaType: 'mediaType' } },
    { type: 'image-url', holds: 'image', keys: { url: 'url' } },
    { type: 'image-file-id', holds: 'image', keys: { fileId: 'fileId' } },
    {
      type: 'file-data',
      holds: 'document',
      keys: { data: 'data', mediaType: 'mediaType', filename: 'filename' },
    },
    { type: 'file-url', holds: 'document', keys: { url: 'url', mediaType: 'mediaType' } },
    { type: 'file-id', holds: 'document', keys: { fileId: 'fileId' } },
    { type: 'media', holds: 'any', keys: { data: 'data', mediaType: 'mediaType' } },
  ],
};

/**
 * Reads Vercel AI SDK (v5/v6) `ModelMessage`s into a neutral history; never warns.
 * @throws {ToolHistoryError} `invalid-input` naming the index and field of a malformed message.
 */
export function fromVercel(messages: readonly unknown[]): ConversionResult<HistoryMessage[]> {
  assertArray(messages, VERCEL_LAYOUT.arrayShape);
  return readVercel(messages, approvalAnswers(messages));
}

/** Reads `messages` (a stretch of a history) with the approvals that answer calls in the whole. */
export function readVercel(
  messages: readonly unknown[],
  approvals: ReadonlyMap<JsonObject, ApprovalAnswer>,
): ConversionResult<HistoryMessage[]> {
  assertArray(messages, VERCEL_LAYOUT.arrayShape);
  const history: HistoryMessage[] = [];
  for (let index = 0; index < messages.length; index++) {
    const message = objectAt(messages, index, 'messages', VERCEL_LAYOUT.messageShape);
    // Checks the role and the parts; a string content is none, read here as one text part.
    const parts = vercelPartsOf(message, index) ?? [{ type: 'text', text: message.content }];
    const extras = extrasOf(message, MESSAGE_KEYS);
    const at = withOwnData<{ sourceIndex: number }>({ sourceIndex: index }, 'vercel', extras);
    if (message.role === 'system') {
      const text = stringAt(message.content, `messages[${index}].content`);
      history.push({ role: 'system', text, ...at });
    } else if (message.role === 'user')
      history.push({ role: 'user', parts: parts.map(readPart), ...at });
    else if (message.role === 'assistant') {
      const read = parts.map((part, partIndex) =>
        part.type === 'tool-call' ? readCall(part, index, partIndex) : readPart(part),
      );
      history.push({ role: 'assistant', parts: read, ...at });
    } else readTool(parts, extras, index, history, approvals);
  }
  return { messages: history, warnings: [] };
}

// A tool message joins the results message before it; an approval that answers a call is a
// result; other parts and extras go to providerData.
function readTool(
  parts: readonly JsonObject[],
  extras: Record<string, unknown> | undefined,
  index: number,
  history: HistoryMessage[],
  approvals: ReadonlyMap<JsonObject, ApprovalAnswer>,
): void {
  const last = history.at(-1);
  const previous = last?.role === 'tool' ? last : undefined;
  const results = previous?.results ?? [];
  const stored = previous?.providerData?.vercel;
  const others = Array.isArray(stored?.parts) ? [...(stored.parts as unknown[])] : [];
  parts.forEach((part, partIndex) => {
    const approval = approvals.get(part);
    if (part.type === 'tool-result')
      (results as ToolResult[]).push(readResult(part, index, partIndex));
    else if (approval) (results as ToolResult[]).push(readApproval(part, approval, index));
    else others.push(part);
  });
  const vercel =
    others.length > 0 || extras !== undefined
      ? { ...stored, ...extras, ...(others.length > 0 ? { parts: others } : {}) }
      : stored;
  const sourceIndex = previous?.sourceIndex ?? index;
  const next = withOwnData({ role: 'tool' as const, results, sourceIndex }, 'vercel', vercel);
  if (previous) history[history.length - 1] = next;
  else history.push(next);
}

function readResult(part: JsonObject, index: number, partIndex: number): ToolResult {
  const path = `messages[${index}].content[${partIndex}]`;
  const output = part.output;
  if (!isObject(output)) throw invalidField(`${path}.output`, output, 'an output object');
  const extras = extrasOf(part, RESULT_KEYS);
  const base = {
    callId: neutralCallId(part, VERCEL_LAYOUT, index, partIndex),
    name: stringAt(part.toolName, `${path}.toolName`),
    sourceIndex: index,
  };
  const isError = output.type === 'error-text' || output.type === 'error-json';
  if (output.type === 'text' || output.type === 'error-text') {
    const content = stringAt(output.value, `${path}.output.value`);
    return withOwnData({ ...base, content, isError }, 'vercel', extras);
  }
  if (output.type === 'json' || output.type === 'error-json') {
    assertWritableJson(output.value, `${path}.output.value`);
    const content = (output.value ?? null) as JsonValue;
    return withOwnData({ ...base, content, isError }, 'vercel', extras);
  }
  // `execution-denied` as the AI SDK's providers send it: the reason or their default sentence,
  // no error flag (vercel/ai packages/openai/src/chat/convert-to-openai-chat-messages.ts);
  // `content` (text and media): its text. Either output stays whole in providerData.
  const providerData = { vercel: { ...extras, output } };
  const parts =
    output.type === 'content' ? readMediaPieces(output.value, VERCEL_PIECES) : undefined;
  if (parts !== undefined)
    return { ...base, content: contentOfParts(parts), parts, isError: false, providerData };
  const reason = typeof output.reason === 'string' ? output.reason : 'Tool execution denied.';
  const texts = Array.isArray(output.value) ? (output.value as unknown[]) : [];
  const content =
    output.type === 'execution-denied'
      ? reason
      : texts
          .map((item) => (isObject(item) && typeof item.text === 'string' ? item.text : ''))
          .join('');
  return { ...base, content, isError: false, providerData };
}

/**
 * An approval response that answers its call, as a result. Denied: the result `generateText`
 * sends in its place (`execution-denied`, read as its text); approved: the call is still to run.
 * The part itself goes back whole.
 */
export function readApproval(part: JsonObject, answer: ApprovalAnswer, index: number): ToolResult {
  const reason = typeof part.reason === 'string' ? part.reason : undefined;
  const content =
    part.approved === true
      ? `Approved${reason === undefined ? '' : ` (${reason})`}; the tool has not run yet.`
      : (reason ?? 'Tool execution denied.');
  return {
    callId: answer.callId,
    name: answer.toolName,
    content,
    isError: false,
    sourceIndex: index,
    providerData: { vercel: { approval: part } },
  };
}

function readCall(part: JsonObject, index: number, partIndex: number): ToolCallPart {
  const fields = {
    callId: neutralCallId(part, VERCEL_LAYOUT, index, partIndex),
    name: stringAt(part.toolName, `messages[${index}].content[${partIndex}].toolName`),
    ...withOwnData({}, 'vercel', extrasOf(part, CALL_KEYS)),
  };
  return readCallPart(fields, part.input, `messages[${index}].content[${partIndex}].input`);
}

function readPart(part: JsonObject): TextPart | OpaquePart {
  if (part.type !== 'text' || typeof part.text !== 'string')
    return { type: 'opaque', format: 'vercel', value: part };
  const text: TextPart = { type: 'text', text: part.text };
  return withOwnData(text, 'vercel', extrasOf(part, TEXT_KEYS));
}
