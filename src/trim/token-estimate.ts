import { findUnwritableJson, unwritableJsonError } from '../core/json-text.js';
/**
 * Characters per token in the default estimate. OpenAI's rule of thumb for English text is
 * "one token ≈ 4 characters" (https://help.openai.com/en/articles/4936856); JSON punctuation and
 * ids tokenize worse than prose, so the estimate errs on the high side for tool payloads, which
 * is the safe side for a budget.
 */
export const CHARACTERS_PER_TOKEN = 4;

/**
 * Tokens every message costs on top of its content: the role and separators a chat template adds.
 * OpenAI's cookbook counts 3 per message for current models
 * (https://cookbook.openai.com/examples/how_to_count_tokens_with_tiktoken).
 */
export const TOKENS_PER_MESSAGE = 3;

// Characters a number, boolean or null counts as: a fixed cost, so nothing is formatted.
const SCALAR_CHARACTERS = 4;
// Past this depth the walk hands over to JSON.stringify, which also reports cycles as it does.
const DEPTH_LIMIT = 64;

/**
 * The default token counter of `trimHistory`: `ceil(characters / 4) + 3`, where `characters` is
 * the length the message's JSON would have if no string needed escaping.
 *
 * Strings count their length plus two quotes, keys their length plus quotes and a colon, every
 * array item and object member one separator, a number, boolean or `null` a fixed 4 characters,
 * braces and brackets 2. For a message whose strings hold no quote, backslash or control
 * character and whose numbers are short, that is exactly the length of its `JSON.stringify`; an
 * escape is not counted (one pass over the message, no string is built or scanned), so such text
 * counts a little under its JSON. A value treated specially by JSON (`toJSON`, a class instance)
 * counts as its JSON's length. The estimate is deterministic, and adding a field, an item or a
 * character never lowers it.
 *
 * An estimate, not a tokenizer: it needs no model and no dependency, counts every field (tool
 * arguments, results, ids) and is stable across formats. Pass your own counter (tiktoken,
 * `@anthropic-ai/tokenizer`, a provider's count-tokens endpoint cached per message) to
 * `trimHistory` when the budget must be exact. A value JSON leaves out (a
 * function, `undefined`) counts as the per-message cost alone.
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
    // A BigInt or a cycle (JSON.stringify's TypeError): the typed error says where it sits.
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
  // for…in: a plain object's prototype (Object.prototype or null) holds no enumerable names.
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
