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
  let renamed: Record<string, unknown> | undefined;
  for (const key in part) {
    const camel = SNAKE_TO_CAMEL[key];
    if (camel === undefined) continue;
    renamed ??= { ...part };
    if (!(camel in renamed)) renamed[camel] = part[key];
    delete renamed[key];
  }
  return (renamed ?? part) as T;
}
