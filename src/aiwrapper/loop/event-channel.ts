const EMPTY: readonly never[] = [];

/**
 * A queue between a callback that pushes values and an async loop that reads them: what turns
 * aiwrapper's `onResult` callbacks into events a generator yields. The reader takes what is
 * queued, waits, and stops once the channel is `drained`; `fail(error)` ends it with an error
 * that `rethrow()` throws.
 */
export class EventChannel<T> {
  #queue: T[] = [];
  #ended = false;
  #error: { readonly error: unknown } | undefined;
  #wake: (() => void) | undefined;

  push(value: T): void {
    if (this.#ended) return;
    this.#queue.push(value);
    this.#notify();
  }

  end(): void {
    this.#ended = true;
    this.#notify();
  }

  fail(error: unknown): void {
    this.#error = { error };
    this.end();
  }

  /** The values pushed since the last call, in order (empty when there are none). */
  take(): readonly T[] {
    if (this.#queue.length === 0) return EMPTY;
    const values = this.#queue;
    this.#queue = [];
    return values;
  }

  /** Resolves when a value is pushed or the channel ends (at once if either already happened). */
  wait(): Promise<void> {
    if (this.#queue.length > 0 || this.#ended) return Promise.resolve();
    return new Promise((resolve) => {
      this.#wake = resolve;
    });
  }

  /** True once `end()` or `fail()` was called and every value was taken. */
  get drained(): boolean {
    return this.#ended && this.#queue.length === 0;
  }

  /** Throws what `fail()` was given, if it was called. */
  rethrow(): void {
    if (this.#error !== undefined) throw this.#error.error;
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }
}
