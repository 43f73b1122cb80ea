import { jsonTextOf } from '../core/json-text.js';

// Characters JSON.stringify writes as an escape: quotes, backslashes, control characters, and
// (well-formed JSON.stringify, ES2019) lone surrogates. Strings with none are written as they are.
// eslint-disable-next-line no-control-regex -- control characters are what JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;
// Past this depth the walk hands over to JSON.stringify, which also reports cycles as it does.
const DEPTH_LIMIT = 64;

/**
 * The length of `JSON.stringify(value)`, without building the string: the same number for every
 * value (`undefined` for a value JSON.stringify writes nothing for); a value it cannot write (a
 * BigInt, a cycle) throws a `ToolHistoryError` naming the path inside the message. Plain objects and arrays are walked; anything JSON.stringify treats specially (`toJSON`,
 * boxed primitives, class instances) is handed to JSON.stringify itself.
 */
export function jsonLength(value: unknown): number | undefined {
  let length: number;
  try {
    length = valueLength(value, '', 0);
  } catch (error) {
    // A BigInt, a cycle or a stack-deep value: written again, typed, with the path to it.
    jsonTextOf(value, 'message');
    throw error;
  }
  return length === -1 ? undefined : length;
}

/** Length of `value` as JSON, or -1 for a value JSON leaves out (undefined, a function, a symbol). */
function valueLength(value: unknown, key: string | number, depth: number): number {
  switch (typeof value) {
    case 'string':
      return stringLength(value);
    case 'number':
      return Number.isFinite(value) ? String(value).length : 4;
    case 'boolean':
      return value ? 4 : 5;
    case 'object':
      return value === null ? 4 : objectLength(value, key, depth);
    case 'bigint':
      return stringified(value);
    default:
      return -1;
  }
}

function stringLength(value: string): number {
  return NEEDS_ESCAPE.test(value) ? JSON.stringify(value).length : value.length + 2;
}

function objectLength(value: object, key: string | number, depth: number): number {
  const toJSON: unknown = (value as { readonly toJSON?: unknown }).toJSON;
  // JSON.stringify calls toJSON with the member's key (a Date ignores it); what it returns is
  // written as it is (only a returned object's own toJSON would be called again, here not).
  if (typeof toJSON === 'function') return stringified(toJSON.call(value, String(key)));
  const prototype: unknown = Object.getPrototypeOf(value);
  const plain = Array.isArray(value)
    ? prototype === Array.prototype
    : prototype === Object.prototype || prototype === null;
  if (!plain || depth > DEPTH_LIMIT) return stringified(value);
  if (Array.isArray(value)) {
    const items: readonly unknown[] = value;
    // Brackets and commas; an item JSON leaves out is written as null.
    let length = items.length === 0 ? 2 : items.length + 1;
    for (let index = 0; index < items.length; index++) {
      const item = valueLength(items[index], index, depth + 1);
      length += item === -1 ? 4 : item;
    }
    return length;
  }
  const record = value as Readonly<Record<string, unknown>>;
  // Braces, then per member: its key, a colon, its value and a comma (one comma too many).
  let length = 1;
  for (const name of Object.keys(record)) {
    const member = valueLength(record[name], name, depth + 1);
    if (member !== -1) length += stringLength(name) + 2 + member;
  }
  return length === 1 ? 2 : length;
}

function stringified(value: unknown): number {
  const text = JSON.stringify(value) as string | undefined;
  return text === undefined ? -1 : text.length;
}
