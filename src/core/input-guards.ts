import { ToolHistoryError } from '../errors/tool-history-error.js';

/** A JSON object as validators read it: any keys, unknown values. */
export type JsonObject = Readonly<Record<string, unknown>>;

/** True for a non-null, non-array object. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Names a value's JSON type for error messages: "an array", "null", "a string", … */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'undefined') return 'undefined';
  return `a ${typeof value}`;
}

/** @throws {ToolHistoryError} `invalid-input` naming what was passed instead of an array. */
export function assertArray(
  messages: unknown,
  what: string,
): asserts messages is readonly unknown[] {
  if (!Array.isArray(messages)) {
    throw new ToolHistoryError(
      'invalid-input',
      `Expected ${what} array, but got ${describeType(messages)}.`,
    );
  }
}

/** `messages[index]` when it is an object. @throws {ToolHistoryError} `invalid-input` otherwise. */
export function objectAt(
  messages: readonly unknown[],
  index: number,
  name: string,
  expected: string,
): JsonObject {
  const value: unknown = messages[index];
  if (!isObject(value)) throw invalidField(`${name}[${index}]`, value, expected);
  return value;
}

/**
 * `entries` (`messages[index][field]`), checked to hold only objects with a string `type`.
 * @throws {ToolHistoryError} `invalid-input` naming the first entry that is not.
 */
export function typedEntries(
  entries: readonly unknown[],
  index: number,
  field: string,
  noun: string,
): readonly JsonObject[] {
  for (let entryIndex = 0; entryIndex < entries.length; entryIndex++) {
    const entry: unknown = entries[entryIndex];
    if (!isObject(entry) || typeof entry.type !== 'string')
      throw invalidField(
        `messages[${String(index)}].${field}[${String(entryIndex)}]`,
        entry,
        `${noun} object with a string \`type\``,
      );
  }
  return entries as readonly JsonObject[];
}

/** The `invalid-input` error for a field of an unexpected shape. */
export function invalidField(field: string, value: unknown, expected: string): ToolHistoryError {
  const shown =
    typeof value === 'string' ? `the string ${JSON.stringify(value)}` : describeType(value);
  return new ToolHistoryError('invalid-input', `${field} is ${shown}, but must be ${expected}.`);
}

/** `value` when it is a string. @throws {ToolHistoryError} `invalid-input` naming `path` otherwise. */
export function stringAt(value: unknown, path: string): string {
  if (typeof value !== 'string') throw invalidField(path, value, 'a string');
  return value;
}

/** Marks a branch the type system proves unreachable; throws if it is reached anyway. */
export function assertNever(value: never, context: string): never {
  throw new ToolHistoryError('unreachable', `Unhandled ${context}: ${JSON.stringify(value)}`);
}
