import { findUnwritableJson, unwritableJsonError } from '../core/json-text.js';
/** Characters per token: OpenAI's rule of thumb (https://help.openai.com/en/articles/4936856). */
export const CHARACTERS_PER_TOKEN = 4;

/** Tokens a chat template adds per message (https://cookbook.openai.com/examples/how_to_count_tokens_with_tiktoken). */
export const TOKENS_PER_MESSAGE = 3;

// Characters a number, boolean or null counts as: a fixed cost, so nothing is formatted.
const SCALAR_CHARACTERS = 4;
// Past this depth the walk hands over to JSON.stringify, which also reports cycles.
const DEPTH_LIMIT = 64;

/**
 * The default token counter of `trimHistory`: `ceil(characters / 4) + 3`, where `characters` is
 * the length of the message's JSON without escapes (numbers, booleans and `null` count 4). It
 * needs no model, never decreases when content is added, and errs high for tool payloads; pass a
 * real tokenizer as `countTokens` when the budget must be exact.
 *
 * @throws {ToolHistoryError} `invalid-input` for a value JSON cannot carry (a BigInt, a cycle),
 *   naming the path to it inside the message.
 * @example
 * estimateTokens({ role: 'user', content: 'What is the weather in Paris?' }); // 18
 */
export function estimateTokens(message: unknown): number {
  let characters: number;
  try {
    characters = valueCharacters(message, '', 0);
  } catch (error) {
    const found = findUnwritableJson(message);
    if (found === undefined) throw error;
    throw unwritableJsonError('message', found, error);
  }
  return (
    Math.ceil((characters === -1 ? 0 : characters) / CHARACTERS_PER_TOKEN) + TOKENS_PER_MESSAGE
  );
}

/** Characters of `value`, or -1 for a value JSON leaves out (undefined, a function, a symbol). */
function valueCharacters(value: unknown, key: string | number, depth: number): number {
  switch (typeof value) {
    case 'string':
      return value.length + 2;
    case 'number':
    case 'boolean':
      return SCALAR_CHARACTERS;
    case 'object':
      return value === null ? SCALAR_CHARACTERS : objectCharacters(value, key, depth);
    case 'bigint':
      return stringified(value);
    default:
      return -1;
  }
}

function objectCharacters(value: object, key: string | number, depth: number): number {
  const toJSON: unknown = (value as { readonly toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return stringified(toJSON.call(value, String(key)));
  const prototype: unknown = Object.getPrototypeOf(value);
  if (Array.isArray(value)) {
    if (prototype !== Array.prototype || depth > DEPTH_LIMIT) return stringified(value);
    const items: readonly unknown[] = value;
    // Brackets and one separator per item; an item JSON leaves out is written as null.
    let characters = items.length === 0 ? 2 : items.length + 1;
    for (let index = 0; index < items.length; index++) {
      const item = valueCharacters(items[index], index, depth + 1);
      characters += item === -1 ? SCALAR_CHARACTERS : item;
    }
    return characters;
  }
  if ((prototype !== Object.prototype && prototype !== null) || depth > DEPTH_LIMIT)
    return stringified(value);
  const record = value as Readonly<Record<string, unknown>>;
  // Braces; per member its key in quotes, a colon, its value and a separator.
  let characters = 1;
  for (const name in record) {
    const member = valueCharacters(record[name], name, depth + 1);
    if (member !== -1) characters += name.length + 4 + member;
  }
  return characters === 1 ? 2 : characters;
}

function stringified(value: unknown): number {
  const text = JSON.stringify(value) as string | undefined;
  return text === undefined ? -1 : text.length;
}
