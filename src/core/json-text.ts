import { ToolHistoryError } from '../errors/tool-history-error.js';

/** How deep a value may nest: JSON.stringify overflows the stack a few thousand levels down. */
export const MAX_JSON_VALUE_DEPTH = 1000;

/** Why a value cannot be written as JSON, and where inside it (`.a[2].b`). */
interface UnwritableJson {
  readonly path: string;
  readonly problem: string;
}

/** Levels of a path spelled out in messages; deeper ones are elided to `…`. */
const SHOWN_PATH_DEPTH = 12;

interface WalkEntry {
  readonly value: unknown;
  readonly parent: WalkEntry | undefined;
  readonly key: string | number;
  readonly depth: number;
  readonly exit: boolean;
}

function pathOf(entry: WalkEntry): string {
  const keys: (string | number)[] = [];
  for (let at = entry; at.parent !== undefined; at = at.parent) keys.push(at.key);
  keys.reverse();
  const shown = keys
    .slice(0, SHOWN_PATH_DEPTH)
    .map((key) => (typeof key === 'number' ? `[${key}]` : `.${key}`))
    .join('');
  return keys.length > SHOWN_PATH_DEPTH ? `${shown}…` : shown;
}

/** The first part of `value` JSON cannot carry (a BigInt, a cycle, nesting too deep). */
export function findUnwritableJson(value: unknown): UnwritableJson | undefined {
  const onPath = new Set<object>();
  const stack: WalkEntry[] = [{ value, parent: undefined, key: '', depth: 0, exit: false }];
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const current = entry.value;
    if (typeof current === 'bigint')
      return { path: pathOf(entry), problem: `is the BigInt ${String(current)}n` };
    if (typeof current !== 'object' || current === null) continue;
    if (entry.exit) {
      onPath.delete(current);
      continue;
    }
    if (typeof (current as { readonly toJSON?: unknown }).toJSON === 'function') continue;
    if (onPath.has(current))
      return { path: pathOf(entry), problem: 'refers back to itself (a cycle)' };
    if (entry.depth >= MAX_JSON_VALUE_DEPTH)
      return { path: pathOf(entry), problem: `nests deeper than ${MAX_JSON_VALUE_DEPTH} levels` };
    onPath.add(current);
    stack.push({ ...entry, exit: true });
    const depth = entry.depth + 1;
    if (Array.isArray(current)) {
      const items: readonly unknown[] = current;
      for (let index = items.length - 1; index >= 0; index--)
        stack.push({ value: items[index], parent: entry, key: index, depth, exit: false });
    } else {
      const record = current as Readonly<Record<string, unknown>>;
      const keys = Object.keys(record);
      for (let index = keys.length - 1; index >= 0; index--) {
        const key = keys[index] ?? '';
        stack.push({ value: record[key], parent: entry, key, depth, exit: false });
      }
    }
  }
  return undefined;
}

/** The `invalid-input` error for a value JSON cannot carry, found at `where` + its path. */
export function unwritableJsonError(
  where: string,
  found: UnwritableJson,
  cause?: unknown,
): ToolHistoryError {
  return new ToolHistoryError(
    'invalid-input',
    `${where}${found.path} ${found.problem}, which JSON cannot carry. Convert it to a number, string or plain object first.`,
    cause === undefined ? undefined : { cause },
  );
}

/** @throws {ToolHistoryError} `invalid-input` naming `where` and the path, when JSON cannot carry `value`. */
export function assertWritableJson(value: unknown, where: string): void {
  const found = findUnwritableJson(value);
  if (found !== undefined) throw unwritableJsonError(where, found);
}

/** Whether `text` is one JSON value, as `JSON.parse` reads it. */
export function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Structural equality of JSON-like values (objects compared by own enumerable keys). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((value, index) => deepEqual(value, b[index]));
  }
  const aRecord = a as Record<string, unknown>;
  const bRecord = b as Record<string, unknown>;
  const keys = Object.keys(aRecord);
  if (keys.length !== Object.keys(bRecord).length) return false;
  return keys.every((key) => Object.hasOwn(bRecord, key) && deepEqual(aRecord[key], bRecord[key]));
}
