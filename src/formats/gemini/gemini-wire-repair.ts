import type { HistoryIssue } from '../../errors/history-issue.js';
import { hashCallId } from '../../core/call-id.js';
import type { RuleContext } from '../../core/format.js';
import type { HistoryMessage, ToolResult } from '../../core/history.js';
import { isObject, type JsonObject } from '../../core/input-guards.js';
import type { RepairRead, WireFix, WireRepair } from '../shared/wire-repair.js';
import { fromGemini } from './from-gemini.js';
import {
  GEMINI_RESPONSE_IN_MODEL,
  GEMINI_RESPONSE_PARTS_UNSUPPORTED,
  refusesResponseParts,
  SKIP_THOUGHT_SIGNATURE,
} from './gemini-rules.js';

// Gemini's repair steps around the neutral engine: the wire pass before it, the read that gives
// made-up ids stable values, and the pass after it for models before Gemini 3.

/**
 * Gemini's wire pass before the neutral engine, on the contents the validator named:
 * - a `functionResponse` in a `model` content moves to a `user` content (itself when it holds
 *   nothing else, else the next `user` content, else a new one);
 * - a Gemini 3 call step without a thought signature gets Google's documented placeholder.
 */
export function repairGeminiWire(
  contents: readonly unknown[],
  // The validator applied the rule context: its issues say which steps need a signature.
  issues: readonly HistoryIssue[],
): WireRepair | undefined {
  const moving = new Set<number>();
  const unsigned = new Map<number, number>();
  for (const issue of issues) {
    if (issue.code === 'misplaced-tool-result' && issue.message === GEMINI_RESPONSE_IN_MODEL)
      moving.add(issue.messageIndex);
    else if (issue.code === 'missing-thought-signature')
      unsigned.set(issue.messageIndex, issue.partIndex ?? 0);
  }
  if (moving.size === 0 && unsigned.size === 0) return undefined;
  const out: unknown[] = [];
  const inputIndexes: number[] = [];
  const fixes: WireFix[] = [];
  let inserted = false;
  const push = (content: unknown, from: number): number => {
    out.push(content);
    inputIndexes.push(from);
    return out.length - 1;
  };
  for (let index = 0; index < contents.length; index++) {
    const content = contents[index];
    const signAt = unsigned.get(index);
    if (
      !isObject(content) ||
      !Array.isArray(content.parts) ||
      (signAt === undefined && !moving.has(index))
    ) {
      push(content, index);
      continue;
    }
    const parts = content.parts as readonly JsonObject[];
    const signed =
      signAt === undefined
        ? parts
        : parts.map((part, partIndex) =>
            partIndex === signAt ? { ...part, thoughtSignature: SKIP_THOUGHT_SIGNATURE } : part,
          );
    const kept: JsonObject[] = [];
    const responses: { readonly part: JsonObject; readonly from: number }[] = [];
    signed.forEach((part, from) => {
      if (moving.has(index) && isResponse(part)) responses.push({ part, from });
      else kept.push(part);
    });
    if (kept.length === 0) {
      // Nothing but responses: the content is a response turn with the wrong role.
      const at = push({ ...content, role: 'user' }, index);
      responses.forEach(({ part, from }, position) =>
        fixes.push(moved(part, at, position, index, from, 'its role became user')),
      );
      continue;
    }
    const at = push(
      signed === parts && responses.length === 0 ? content : { ...content, parts: kept },
      index,
    );
    if (signAt !== undefined) {
      const call = signed[signAt];
      fixes.push({
        kind: 'added-thought-signature',
        messageIndex: at,
        partIndex: signAt - responses.filter(({ from }) => from < signAt).length,
        callId: callKey(call),
        signature: SKIP_THOUGHT_SIGNATURE,
        message: `Gemini 3 refuses a call step of the current turn whose first functionCall part has no thought signature, and this one had none (the history came from another model, or was rebuilt); it got "${SKIP_THOUGHT_SIGNATURE}", the placeholder Google documents for that case.`,
      });
    }
    if (responses.length === 0) continue;
    const next = contents[index + 1];
    // Joins the response turn after it; a user turn of its own (text) stays one, so the responses
    // go in a new content before it and the current turn does not move.
    if (isResponseTurn(next)) {
      const target = push(
        { ...next, parts: [...responses.map(({ part }) => part), ...next.parts] },
        index + 1,
      );
      responses.forEach(({ part, from }, position) =>
        fixes.push(
          moved(part, target, position, index, from, 'it joined the response turn after it'),
        ),
      );
      index++;
      continue;
    }
    inserted = true;
    const target = push({ role: 'user', parts: responses.map(({ part }) => part) }, index);
    responses.forEach(({ part, from }, position) =>
      fixes.push(
        moved(part, target, position, index, from, 'it went to a new user content after it'),
      ),
    );
  }
  return { messages: out, fixes, warnings: [], inputIndexes: inserted ? inputIndexes : undefined };
}

function isResponseTurn(content: unknown): content is JsonObject & { parts: unknown[] } {
  return (
    isObject(content) &&
    content.role !== 'model' &&
    Array.isArray(content.parts) &&
    content.parts.length > 0 &&
    content.parts.every((part) => isObject(part) && isResponse(part))
  );
}

function isResponse(part: JsonObject): boolean {
  return part.functionResponse !== undefined || part.function_response !== undefined;
}

function moved(
  part: JsonObject,
  messageIndex: number,
  partIndex: number,
  fromIndex: number,
  fromPartIndex: number,
  where: string,
): WireFix {
  return {
    kind: 'moved-result',
    messageIndex,
    partIndex,
    callId: callKey(part),
    fromIndex,
    fromPartIndex,
    message: `The functionResponse at contents[${fromIndex}].parts[${fromPartIndex}] was in a model content, which Gemini refuses ("${GEMINI_RESPONSE_IN_MODEL}"); ${where}.`,
  };
}

/** A function part's id, or its name when it has none (as issues name it). */
function callKey(part: JsonObject | undefined): string {
  const value =
    part?.functionCall ?? part?.function_call ?? part?.functionResponse ?? part?.function_response;
  if (!isObject(value)) return '';
  if (typeof value.id === 'string' && value.id !== '') return value.id;
  return typeof value.name === 'string' ? value.name : '';
}

/**
 * Gemini's wire pass after the engine, for a model before Gemini 3: the media of each function
 * response (`functionResponse.parts`) leaves the response and goes, unchanged, into a new user
 * content right after the response turn, where every Gemini model reads media.
 */
export function moveGeminiResponseMedia(
  contents: readonly unknown[],
  context: RuleContext,
): WireRepair | undefined {
  if (!refusesResponseParts(context.model)) return undefined;
  let out: unknown[] | undefined;
  const fixes: WireFix[] = [];
  contents.forEach((content, index) => {
    const moved = isObject(content) ? stripMedia(content) : undefined;
    if (moved === undefined) {
      out?.push(content);
      return;
    }
    out ??= contents.slice(0, index);
    out.push(moved.content);
    const target = out.length;
    out.push({ role: 'user', parts: moved.media.map(({ part }) => part) });
    moved.media.forEach(({ partIndex, callId }, position) =>
      fixes.push({
        kind: 'moved-result-media',
        messageIndex: target,
        partIndex: position,
        callId,
        fromIndex: index,
        fromPartIndex: partIndex,
        message: `The media of the functionResponse at contents[${String(index)}].parts[${String(partIndex)}] moved to a user content after it: this model refuses it in the response ("${GEMINI_RESPONSE_PARTS_UNSUPPORTED}").`,
      }),
    );
  });
  return out === undefined ? undefined : { messages: out, fixes, warnings: [] };
}

interface Media {
  readonly part: unknown;
  readonly partIndex: number;
  readonly callId: string;
}

/** The content without its responses' `parts`, and those parts; `undefined` when it has none. */
function stripMedia(content: JsonObject): { content: JsonObject; media: Media[] } | undefined {
  const parts = content.parts;
  if (!Array.isArray(parts)) return undefined;
  const media: Media[] = [];
  const stripped = parts.map((part: unknown, partIndex) => {
    if (!isObject(part)) return part;
    const key = isObject(part.functionResponse) ? 'functionResponse' : 'function_response';
    const response = part[key];
    if (!isObject(response) || !Array.isArray(response.parts) || response.parts.length === 0)
      return part;
    const { parts: inner, ...rest } = response;
    const id = typeof rest.id === 'string' && rest.id !== '' ? rest.id : rest.name;
    for (const item of inner as unknown[])
      media.push({ part: item, partIndex, callId: typeof id === 'string' ? id : '' });
    return { ...part, [key]: rest };
  });
  return media.length === 0 ? undefined : { content: { ...content, parts: stripped }, media };
}

/**
 * Reads Gemini `contents` for repair: a made-up id hashes (content index, k), so a stretch read
 * alone gets the ids a whole read gives; made-up and borrowed ids are returned for the writer.
 */
export function readGeminiForRepair(messages: readonly unknown[], offset: number): RepairRead {
  const generated = new Set<string>();
  let made = { contentIndex: -1, count: 0 };
  const { messages: history, warnings } = fromGemini(messages, {
    generateId: (contentIndex) => {
      made = { contentIndex, count: made.contentIndex === contentIndex ? made.count + 1 : 0 };
      const id = hashCallId(`\u0000gemini:${String(contentIndex + offset)}:${String(made.count)}`);
      generated.add(id);
      return id;
    },
  });
  // Per content and call id: how many responses were given the id of the call they answer.
  const borrowedIn = new Map<string, number>();
  for (const { code, callId, messageIndex } of warnings) {
    if (code !== 'generated-call-id' || callId === undefined || generated.has(callId)) continue;
    const key = placeKey(messageIndex, callId);
    borrowedIn.set(key, (borrowedIn.get(key) ?? 0) + 1);
  }
  return { history, idsAsRead: { generated, borrowed: borrowedResults(history, borrowedIn) } };
}

function placeKey(messageIndex: number, callId: string): string {
  return `${String(messageIndex)}\u0000${callId}`;
}

/** The results `borrowedIn` counts. */
function borrowedResults(
  history: readonly HistoryMessage[],
  borrowedIn: ReadonlyMap<string, number>,
): Set<ToolResult> {
  const borrowed = new Set<ToolResult>();
  if (borrowedIn.size === 0) return borrowed;
  const candidates = new Map<string, ToolResult[]>();
  for (const message of history) {
    if (message.role !== 'tool') continue;
    for (const result of message.results) {
      if (result.sourceIndex === undefined) continue;
      const key = placeKey(result.sourceIndex, result.callId);
      if (!borrowedIn.has(key)) continue;
      const list = candidates.get(key);
      if (list === undefined) candidates.set(key, [result]);
      else list.push(result);
    }
  }
  for (const [key, results] of candidates)
    if (results.length === borrowedIn.get(key)) for (const result of results) borrowed.add(result);
  return borrowed;
}
