/**
 * A set of taken ids for `uniqueCallIds`: `has` sees the history's ids and the ones added here,
 * without copying the history's set (it holds every id of a long conversation, and a copy per
 * helper call made building a history quadratic). Its size and iteration cover only what was added.
 */
export class TakenIdsView extends Set<string> {
  readonly #history: ReadonlySet<string>;

  constructor(history: ReadonlySet<string>) {
    super();
    this.#history = history;
  }

  override has(id: string): boolean {
    return super.has(id) || this.#history.has(id);
  }
}
