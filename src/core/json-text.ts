import { ToolHistoryError } from '../errors/tool-history-error.js';

/** How deep a value may nest: JSON.stringify overflows the stack a few thousand levels down. */
export const MAX_JSON_VALUE_DEPTH = 1000;

/** Why a value cannot be written as JSON, and where inside it (`.a[2].b`). */
export interface UnwritableJson {
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

/** The first part of `value` JSON cannot carry (a BigInt, a cycle, nesting past `maxDepth`). */
export function findUnwritableJson(
  value: unknown,
  maxDepth: number = MAX_JSON_VALUE_DEPTH,
): UnwritableJson | undefined {
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
    if (entry.depth >= maxDepth)
      return { path: pathOf(entry), problem: `nests deeper than ${maxDepth} levels` };
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

/**
 * `JSON.stringify(value)`, with a typed error naming the place for what it cannot write.
 * @throws {ToolHistoryError} `invalid-input` naming `where` and the path inside the value.
 */
export function jsonTextOf(value: unknown, where: string): string | undefined {
  try {
    return JSON.stringify(value);
  } catch (error) {
    const found = findUnwritableJson(value) ?? {
      path: '',
      problem: `cannot be written as JSON (${error instanceof Error ? error.message : String(error)})`,
    };
    throw unwritableJsonError(where, found, error);
  }
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
