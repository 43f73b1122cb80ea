import { ToolHistoryError } from '../../errors/tool-history-error.js';
import { isObject, type JsonObject } from '../../core/input-guards.js';

// The readers' guards. They share the object test and the object type with the validators'
// (core/input-guards.ts); the messages differ because a reader names the format it expected.

/** A plain object (not null, not an array): the validators' {@link JsonObject}. */
export type WireRecord = JsonObject;

/** True for a non-null object that is not an array (the validators' `isObject`). */
export const isRecord: (value: unknown) => value is WireRecord = isObject;

/** A short description of a value's type for error messages. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'object') return 'an object';
  return typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint'
    ? `${typeof value} ${String(value)}`
    : typeof value;
}

/** The `invalid-input` error for a field at `path` that is not what the format documents. */
export function invalidInput(
  formatName: string,
  path: string,
  expected: string,
  value: unknown,
): ToolHistoryError {
  return new ToolHistoryError(
    'invalid-input',
    `${formatName}: ${path} must be ${expected}, but got ${describeValue(value)}. Pass messages in the ${formatName} shape, or pick the matching converter.`,
  );
}

/** Throws `invalid-input` unless `messages` is an array. */
export function requireArray(
  messages: unknown,
  formatName: string,
  name = 'messages',
): asserts messages is readonly unknown[] {
  if (!Array.isArray(messages)) throw invalidInput(formatName, name, 'an array', messages);
}

/** Returns `value` as a record, or throws `invalid-input` naming `path`. */
export function requireRecord(value: unknown, formatName: string, path: string): WireRecord {
  if (!isRecord(value)) throw invalidInput(formatName, path, 'an object', value);
  return value;
}

/** Returns `value` as a string, or throws `invalid-input` naming `path`. */
export function requireString(value: unknown, formatName: string, path: string): string {
  if (typeof value !== 'string') throw invalidInput(formatName, path, 'a string', value);
  return value;
}

/** The keys of `record` not in `known`, as a new object, or `undefined` when there are none. */
export function extrasOf(
  record: WireRecord,
  known: ReadonlySet<string>,
): Record<string, unknown> | undefined {
  let extras: Record<string, unknown> | undefined;
  for (const key in record) {
    if (known.has(key) || !Object.hasOwn(record, key)) continue;
    extras ??= {};
    // Defined, not assigned: `extras['__proto__'] = …` would set the prototype and lose the key.
    Object.defineProperty(extras, key, {
      value: record[key],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return extras;
}
