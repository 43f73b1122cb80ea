import { assertArray, invalidField, isObject, type JsonObject } from '../../core/input-guards.js';

/** What `objectAt` says a content must be; this file is the one parse of `contents`. */
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
};

/** Returns `part` with snake_case field names in camelCase (the same object when it has none). */
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
