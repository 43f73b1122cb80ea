/**
 * The calls of one turn still unanswered, per function name: how many, and which one when one is
 * left (the xor of the unanswered positions is that position once one remains). Each step is
 * O(1), so a turn of thousands of calls of one function is read in linear time.
 */
export class UnansweredByName {
  private readonly byName = new Map<string, { left: number; xor: number }>();

  /** Adds the call at `position`, named `name`, as unanswered. */
  add(name: string, position: number): void {
    const entry = this.byName.get(name);
    if (entry === undefined) this.byName.set(name, { left: 1, xor: position });
    else {
      entry.left++;
      entry.xor ^= position;
    }
  }

  /** Forgets every call. */
  clear(): void {
    this.byName.clear();
  }

  /** True when the turn has a call named `name`, answered or not. */
  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** Marks the unanswered call at `position`, named `name`, answered. */
  answer(name: string, position: number): void {
    const entry = this.byName.get(name);
    if (entry === undefined) return;
    entry.left--;
    entry.xor ^= position;
  }

  /** The position of the only unanswered call named `name`; `-1` when there are none or several. */
  only(name: string): number {
    const entry = this.byName.get(name);
    return entry?.left === 1 ? entry.xor : -1;
  }
}
