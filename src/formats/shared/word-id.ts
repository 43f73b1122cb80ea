/**
 * True when `id` is non-empty and every character is one of `[a-zA-Z0-9_-]`: the id alphabet of
 * Anthropic's `tool_use` ids and Bedrock's `toolUseId`s, checked without a regular expression
 * because it runs once per call.
 */
export function isWordId(id: string): boolean {
  if (id.length === 0) return false;
  for (let index = 0; index < id.length; index++) {
    const code = id.charCodeAt(index);
    // 0-9, A-Z, a-z, '_', '-'
    if (!(
      (code >= 48 && code <= 57) ||
      (code >= 65 && code <= 90) ||
      (code >= 97 && code <= 122) ||
      code === 95 ||
      code === 45
    ))
      return false;
  }
  return true;
}
