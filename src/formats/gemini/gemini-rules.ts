import { assertArray, invalidField, isObject, type JsonObject } from '../../core/input-guards.js';

// Gemini's refusals in Google's words, with where each was seen, the turn pairing rule and the parse.

/** https://github.com/google-gemini/gemini-cli/issues/4217 (400 INVALID_ARGUMENT). */
export const GEMINI_COUNT_MISMATCH =
  'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.';

/** https://github.com/langchain-ai/langchain/issues/27799. */
export const GEMINI_RESPONSE_NOT_AFTER_CALL =
  'Please ensure that function response turn comes immediately after a function call turn.';

/** Also for a history that starts with a call turn (google-gemini/gemini-cli#11814). */
export const GEMINI_CALL_NOT_AFTER_USER =
  'Please ensure that function call turn comes immediately after a user turn or after a function response turn.';

/** `validateChatHistory` in google-gemini/generative-ai-js chat-session-helpers.ts. */
export const GEMINI_RESPONSE_IN_MODEL =
  "Content with role 'model' can't contain 'functionResponse' part";

/**
 * The proto check on an empty response name (https://github.com/langflow-ai/langflow/issues/9437);
 * Gemini checks shape before turns, so it wins over any other problem of the response.
 */
export function emptyResponseNameMessage(index: number, partIndex: number): string {
  return `* GenerateContentRequest.contents[${index}].parts[${partIndex}].function_response.name: Name cannot be empty.`;
}

/** Accepted by Gemini 3 in place of a real signature (ai.google.dev thought-signatures FAQ). */
export const SKIP_THOUGHT_SIGNATURE = 'skip_thought_signature_validator';

// `gemini-<major>` after an optional path (`models/`, `publishers/google/models/`, `google/`).
const GEMINI_MODEL = /^(?:.*\/)?gemini-(\d+)(?:[.-]|$)/i;
const IMAGE_MODEL = /-image(?:[-.]|$)/i;

/**
 * True when `model` needs thought signatures on the current turn's calls: Gemini 3 and later, not
 * the image models (https://docs.cloud.google.com/vertex-ai/generative-ai/docs/thought-signatures).
 */
export function requiresThoughtSignatures(model: string | undefined): boolean {
  if (model === undefined) return false;
  const match = GEMINI_MODEL.exec(model);
  return match !== null && Number(match[1]) >= 3 && !IMAGE_MODEL.test(model);
}

/**
 * Multimodal function responses (`functionResponse.parts`) need Gemini 3; a Gemini 1.x or 2.x
 * `model` refuses them (https://github.com/google-gemini/gemini-cli/issues/19436, Gemini 2.5).
 */
export const GEMINI_RESPONSE_PARTS_UNSUPPORTED =
  'Unable to submit request because `function_response.parts` is not supported for this model. Learn more: https://cloud.google.com/vertex-ai/generative-ai/docs/multimodal/function-calling';

/** True when `model` names a Gemini before 3, which refuses `functionResponse.parts`. */
export function refusesResponseParts(model: string | undefined): boolean {
  const match = model === undefined ? null : GEMINI_MODEL.exec(model);
  return match !== null && Number(match[1]) < 3;
}

/** https://github.com/nanbingxyz/5ire/issues/405; `position` counts contents from 1. */
export function missingThoughtSignatureMessage(name: string, contentIndex: number): string {
  return `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call \`default_api:${name}\` , position ${contentIndex + 1}. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.`;
}

/** A call of a model turn. */
export interface TurnCall {
  readonly callId: string;
  readonly name: string;
  readonly idless: boolean;
  readonly position: number;
  answered: boolean;
}

/** The calls that share one id or one name, in order; `left`/`xor`: the unanswered ones. */
interface Keyed {
  readonly calls: TurnCall[];
  next: number;
  left: number;
  xor: number;
}

/**
 * The calls of one model turn and which response answers which: by id when the response has one,
 * else by function name (Gemini ids are optional). O(1) amortized per step.
 */
export class GeminiTurn {
  readonly calls: TurnCall[] = [];
  private readonly byId = new Map<string, Keyed>();
  private readonly byName = new Map<string, Keyed>();
  private firstOpen = 0;

  /** Adds a call; `idless` when `callId` was generated. */
  arm(callId: string, name: string, idless: boolean): void {
    const call: TurnCall = { callId, name, idless, position: this.calls.length, answered: false };
    this.calls.push(call);
    if (!idless) keyed(this.byId, callId, call);
    keyed(this.byName, name, call);
  }

  hasId(id: string): boolean {
    return this.byId.has(id);
  }

  hasName(name: string): boolean {
    return this.byName.has(name);
  }

  /**
   * The call a response answers: by id, else the only unanswered idless call of its name; without
   * an id, the first unanswered call of its name (of any name for an empty name).
   */
  answer(id: string, name: string): TurnCall | undefined {
    const call =
      id !== ''
        ? (take(this.byId.get(id)) ?? (this.byId.has(id) ? undefined : this.onlyIdless(name)))
        : (take(this.byName.get(name)) ?? (name === '' ? this.firstUnanswered() : undefined));
    if (call) {
      call.answered = true;
      const entry = this.byName.get(call.name);
      if (entry) {
        entry.left--;
        entry.xor ^= call.position;
      }
    }
    return call;
  }

  private firstUnanswered(): TurnCall | undefined {
    while (this.calls[this.firstOpen]?.answered === true) this.firstOpen++;
    return this.calls[this.firstOpen];
  }

  private onlyIdless(name: string): TurnCall | undefined {
    const entry = this.byName.get(name);
    const only = entry?.left === 1 ? this.calls[entry.xor] : undefined;
    return only?.idless === true ? only : undefined;
  }
}

function keyed(map: Map<string, Keyed>, key: string, call: TurnCall): void {
  const entry = map.get(key);
  if (entry === undefined) map.set(key, { calls: [call], next: 0, left: 1, xor: call.position });
  else {
    entry.calls.push(call);
    entry.left++;
    entry.xor ^= call.position;
  }
}

/** The first call of `entry` not answered yet. */
function take(entry: Keyed | undefined): TurnCall | undefined {
  if (entry === undefined) return undefined;
  while (entry.next < entry.calls.length) {
    const call = entry.calls[entry.next++];
    if (call?.answered === false) return call;
  }
  return undefined;
}

// The one parse of `contents`, shared by the validator and the reader.

/** What `objectAt` says a content must be. */
export const GEMINI_CONTENT_SHAPE = 'a content object with parts';

/** @throws {ToolHistoryError} `invalid-input` when `contents` is not an array. */
export function assertGeminiContents(contents: unknown): asserts contents is readonly unknown[] {
  assertArray(contents, 'a Gemini `contents`');
}

/** The content's parts once its role (`user`, `model`, legacy `function`, none) is checked. */
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
  return parts as readonly JsonObject[];
}

/** A part's `functionCall` or `functionResponse`, checked to be an object with a string `name`. */
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

// Proto JSON accepts snake_case names too (aiwrapper 3.0.3 sends `function_call`).
const SNAKE_TO_CAMEL: Readonly<Record<string, string>> = {
  function_call: 'functionCall',
  function_response: 'functionResponse',
  thought_signature: 'thoughtSignature',
  inline_data: 'inlineData',
  file_data: 'fileData',
  mime_type: 'mimeType',
  file_uri: 'fileUri',
  display_name: 'displayName',
};

/**
 * Returns `part` (or a media part's `inlineData` / `fileData`) with snake_case field names in
 * camelCase: the same object when it has none.
 */
export function camelCaseGeminiPart<T extends Readonly<Record<string, unknown>>>(part: T): T {
  if (!hasSnakeCaseKey(part)) return part;
  const renamed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(part)) {
    const camel = Object.hasOwn(SNAKE_TO_CAMEL, key) ? SNAKE_TO_CAMEL[key] : undefined;
    // A camelCase field beside its snake_case twin wins.
    if (camel === undefined) renamed[key] = value;
    else if (!(camel in part)) renamed[camel] = value;
  }
  return renamed as T;
}

function hasSnakeCaseKey(part: Readonly<Record<string, unknown>>): boolean {
  for (const key in part)
    if (Object.hasOwn(SNAKE_TO_CAMEL, key) && Object.hasOwn(part, key)) return true;
  return false;
}
