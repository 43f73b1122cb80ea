/**
 * `object` after a message's or part's extras in the format being written (`{ ...extras,
 * ...object }`, so the extras' keys come first, as they were read), or `object` itself when there
 * are none. Most written messages carry none, and spreading nothing still builds the object key by
 * key, with a shape of its own, where a literal gets its whole shape at once.
 */
export function withExtras<T extends object>(
  extras: Readonly<Record<string, unknown>> | undefined,
  object: T,
): T {
  return extras === undefined ? object : { ...extras, ...object };
}
