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

function pathOf(keys: readonly (string | number)[]): string {
  const shown = keys
    .slice(0, SHOWN_PATH_DEPTH)
    .map((key) => (typeof key === 'number' ? `[${key}]` : `.${key}`))
    .join('');
  return keys.length > SHOWN_PATH_DEPTH ? `${shown}…` : shown;
}

/**
 * The first part of `value` JSON cannot carry (a BigInt, a cycle, nesting too deep). The walk
 * recurses at most {@link MAX_JSON_VALUE_DEPTH} levels, so a deeper value cannot overflow it.
 */
export function findUnwritableJson(value: unknown): UnwritableJson | undefined {
  const onPath = new Set<object>();
  const keys: (string | number)[] = [];
  const found = (problem: string): UnwritableJson => ({ path: pathOf(keys), problem });
  const walk = (current: unknown): UnwritableJson | undefined => {
    if (typeof current === 'bigint') return found(`is the BigInt ${String(current)}n`);
    if (typeof current !== 'object' || current === null) return undefined;
    if (typeof (current as { readonly toJSON?: unknown }).toJSON === 'function') return undefined;
    if (onPath.has(current)) return found('refers back to itself (a cycle)');
    if (keys.length >= MAX_JSON_VALUE_DEPTH)
      return found(`nests deeper than ${MAX_JSON_VALUE_DEPTH} levels`);
    onPath.add(current);
    const entries: Iterable<[string | number, unknown]> = Array.isArray(current)
      ? (current as unknown[]).entries()
      : Object.entries(current);
    for (const [key, item] of entries) {
      keys.push(key);
      const problem = walk(item);
      if (problem !== undefined) return problem;
      keys.pop();
    }
    onPath.delete(current);
    return undefined;
  };
  return walk(value);
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
