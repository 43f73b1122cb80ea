const EMPTY: readonly never[] = [];

/** A queue from aiwrapper's `onResult` callbacks to the generator that yields their events. */
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

  /** The values pushed since the last call, in order. */
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
