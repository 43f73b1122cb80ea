/** The keys of `record` not in `known`, as a new object, or `undefined` when there are none. */
export function extrasOf(
  record: Readonly<Record<string, unknown>>,
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

/** `object` after the extras a writer puts back (extras' keys first, as read), or `object` itself. */
export function withExtras<T extends object>(
  extras: Readonly<Record<string, unknown>> | undefined,
  object: T,
): T {
  return extras === undefined ? object : { ...extras, ...object };
}
