/** Slots of a {@link RecentKeys} cache (a power of two). */
const SLOTS = 64;

/** The slot of a key of `length` characters that starts with `first` and ends with `last`. */
function slotOf(length: number, first: number, last: number): number {
  return (length * 31 + first * 7 + last) & (SLOTS - 1);
}

/**
 * The object keys a parser saw last, so that a repeated key is one string, not a new one each time:
 * arrays of objects repeat the same few keys, and a remembered key costs neither an allocation nor
 * the lookup that makes a new string a property name. Direct-mapped on the key's length, first and
 * last character: a lookup compares at most one key, and a key that collides replaces the older one.
 */
export class RecentKeys {
  private readonly slots: (string | undefined)[] = new Array<string | undefined>(SLOTS).fill(
    undefined,
  );

  /** The key `chunk[start, end)`, the remembered string when it is one. */
  slice(chunk: string, start: number, end: number): string {
    const slot = slotOf(end - start, chunk.charCodeAt(start), chunk.charCodeAt(end - 1));
    const known = this.slots[slot];
    if (known?.length === end - start && chunk.startsWith(known, start)) return known;
    const key = chunk.slice(start, end);
    this.slots[slot] = key;
    return key;
  }

  /** `key`, or the remembered string equal to it. */
  remember(key: string): string {
    const length = key.length;
    if (length === 0) return key;
    const slot = slotOf(length, key.charCodeAt(0), key.charCodeAt(length - 1));
    const known = this.slots[slot];
    if (known === key) return known;
    this.slots[slot] = key;
    return key;
  }
}
