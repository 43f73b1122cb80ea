// The Gemini API reads proto JSON, which accepts snake_case field names as well as camelCase;
// aiwrapper 3.0.3 sends model calls as `function_call`. Readers see camelCase only.
const SNAKE_TO_CAMEL: Readonly<Record<string, string>> = {
  function_call: 'functionCall',
  function_response: 'functionResponse',
  thought_signature: 'thoughtSignature',
  inline_data: 'inlineData',
  file_data: 'fileData',
};

/**
 * Returns `part` with its snake_case field names in camelCase (the same object when it has none).
 */
export function camelCaseGeminiPart<T extends Readonly<Record<string, unknown>>>(part: T): T {
  if (!hasSnakeCaseKey(part)) return part;
  const renamed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(part)) {
    const camel = Object.hasOwn(SNAKE_TO_CAMEL, key) ? SNAKE_TO_CAMEL[key] : undefined;
    // A camelCase field present beside its snake_case twin wins.
    if (camel === undefined) renamed[key] = value;
    else if (!(camel in part)) renamed[camel] = value;
  }
  return renamed as T;
}

// A loop rather than Object.keys(part).some(...): this runs for every part of long histories.
function hasSnakeCaseKey(part: Readonly<Record<string, unknown>>): boolean {
  for (const key in part)
    if (Object.hasOwn(SNAKE_TO_CAMEL, key) && Object.hasOwn(part, key)) return true;
  return false;
}
