/**
 * A queue between a callback that pushes values and an async loop that reads them: what turns
 * aiwrapper's `onResult` callbacks into events a generator yields. Reading ends after `end()`,
 * once the queue is drained; `fail(error)` ends it with that error instead.
 */
export class EventChannel<T> {
  readonly #queue: T[] = [];
  #head = 0;
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

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for (;;) {
      while (this.#head < this.#queue.length) {
        const value = this.#queue[this.#head] as T;
        this.#queue[this.#head++] = undefined as T;
        yield value;
      }
      this.#queue.length = 0;
      this.#head = 0;
      if (this.#ended) break;
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
    if (this.#error !== undefined) throw this.#error.error;
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }
}
