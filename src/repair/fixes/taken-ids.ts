/**
 * The ids a new id must not equal: every id of the input, and every id handed out. Built for a
 * long history where few new ids are needed. New ids are mostly 9 characters of `[A-Za-z0-9]`
 * (see `hashCallId`); for those, a bitmap of the first four characters of the input's ids of that
 * shape answers "not taken" at once, and only a hit compares whole ids. Other ids are first looked
 * up by scanning, and after a few lookups through a set.
 */
export class TakenIds {
  private readonly input: ArrayLike<string>;
  private readonly added = new Set<string>();
  private prefixes: Uint8Array | undefined;
  private set: Set<string> | undefined;
  private scans = 0;

  constructor(input: ArrayLike<string>) {
    this.input = input;
  }

  /** True when `id` is an input id or was added. */
  has(id: string): boolean {
    if (this.added.has(id)) return true;
    if (this.set) return this.set.has(id);
    const prefix = prefixOf(id);
    if (prefix !== -1) {
      const prefixes = (this.prefixes ??= prefixBitmap(this.input));
      if (((prefixes[prefix >>> 3] ?? 0) & (1 << (prefix & 7))) === 0) return false;
    }
    if (++this.scans > SCANS_BEFORE_SET) return this.built().has(id);
    // Indexed, not for-of: the input is array-like (a table's ids).
    const { input } = this;
    const length = input.length;
    for (let index = 0; index < length; index++) if (input[index] === id) return true;
    return false;
  }

  /** Marks `id` as handed out. */
  add(id: string): void {
    this.added.add(id);
  }

  private built(): Set<string> {
    const set = new Set<string>();
    const { input } = this;
    const length = input.length;
    for (let index = 0; index < length; index++) set.add(input[index] ?? '');
    this.set = set;
    return set;
  }
}

const SCANS_BEFORE_SET = 4;
const ID_LENGTH = 9;

/** 0–61 for `[A-Za-z0-9]`, -1 for any other character. */
function digit(code: number): number {
  if (code >= 65 && code <= 90) return code - 65;
  if (code >= 97 && code <= 122) return code - 71;
  if (code >= 48 && code <= 57) return code + 4;
  return -1;
}

/** The first four characters of a 9-character `[A-Za-z0-9]` id as a number below 62^4; -1 for any other id. */
function prefixOf(id: string): number {
  if (id.length !== ID_LENGTH) return -1;
  let prefix = 0;
  for (let index = 0; index < ID_LENGTH; index++) {
    const value = digit(id.charCodeAt(index));
    if (value === -1) return -1;
    if (index < 4) prefix = prefix * 62 + value;
  }
  return prefix;
}

/** One bit per four-character prefix of the input's ids of the new ids' shape. */
function prefixBitmap(input: ArrayLike<string>): Uint8Array {
  const bitmap = new Uint8Array(Math.ceil(62 ** 4 / 8));
  const length = input.length;
  for (let index = 0; index < length; index++) {
    const prefix = prefixOf(input[index] ?? '');
    if (prefix !== -1) bitmap[prefix >>> 3] = (bitmap[prefix >>> 3] ?? 0) | (1 << (prefix & 7));
  }
  return bitmap;
}
