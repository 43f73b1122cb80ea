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
  const keys: (string | number)[] = [];
  const problem = problemIn(value, [], keys);
  return problem === undefined ? undefined : { path: pathOf(keys.reverse()), problem };
}

/**
 * Why `value` cannot be written, or `undefined`; `onPath` holds its ancestors (a few, so a scan
 * beats a set), and the keys down to the problem are pushed onto `keys` on the way back up.
 */
function problemIn(
  value: unknown,
  onPath: object[],
  keys: (string | number)[],
): string | undefined {
  if (typeof value === 'bigint') return `is the BigInt ${String(value)}n`;
  if (typeof value !== 'object' || value === null) return undefined;
  if (typeof (value as { readonly toJSON?: unknown }).toJSON === 'function') return undefined;
  if (onPath.includes(value)) return 'refers back to itself (a cycle)';
  if (onPath.length >= MAX_JSON_VALUE_DEPTH)
    return `nests deeper than ${MAX_JSON_VALUE_DEPTH} levels`;
  onPath.push(value);
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const problem = problemIn(value[index], onPath, keys);
      if (problem !== undefined) {
        keys.push(index);
        return problem;
      }
    }
  } else {
    const record = value as Readonly<Record<string, unknown>>;
    for (const key in record) {
      if (!Object.hasOwn(record, key)) continue;
      const problem = problemIn(record[key], onPath, keys);
      if (problem !== undefined) {
        keys.push(key);
        return problem;
      }
    }
  }
  onPath.pop();
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
