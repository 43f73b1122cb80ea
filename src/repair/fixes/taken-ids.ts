/**
 * The ids a new id must not equal: every id of the input, and every id handed out. Built for a
 * long history where few new ids are needed: the first lookups scan the input's ids, and only
 * once lookups are many is a set built (a set of 100k ids costs as much as a few scans).
 */
export class TakenIds {
  private readonly input: ArrayLike<string>;
  private readonly added: string[] = [];
  private set: Set<string> | undefined;
  private scans = 0;

  constructor(input: ArrayLike<string>) {
    this.input = input;
  }

  /** True when `id` is an input id or was added. */
  has(id: string): boolean {
    if (this.set) return this.set.has(id);
    if (++this.scans > SCANS_BEFORE_SET) return this.built().has(id);
    // Indexed, not for-of: the input is array-like (a table's ids).
    const { input } = this;
    const length = input.length;
    for (let index = 0; index < length; index++) if (input[index] === id) return true;
    return this.added.includes(id);
  }

  /** Marks `id` as handed out. */
  add(id: string): void {
    if (this.set) this.set.add(id);
    else this.added.push(id);
  }

  private built(): Set<string> {
    const set = new Set<string>(this.added);
    const { input } = this;
    const length = input.length;
    for (let index = 0; index < length; index++) set.add(input[index] ?? '');
    this.set = set;
    return set;
  }
}

const SCANS_BEFORE_SET = 4;
