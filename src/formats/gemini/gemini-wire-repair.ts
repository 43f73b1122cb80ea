import type { HistoryIssue } from '../../errors/history-issue.js';
import { isObject, type JsonObject } from '../../core/input-guards.js';
import type { WireFix, WireRepair } from '../shared/wire-repair.js';
import { GEMINI_RESPONSE_IN_MODEL, SKIP_THOUGHT_SIGNATURE } from './gemini-rules.js';

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
