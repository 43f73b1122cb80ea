/** The error a stream reader rejects with once its signal aborts: `name` is `'AbortError'`. */
export function abortErrorFor(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  const said = reason instanceof Error ? reason.message : String(reason);
  // A plain Error named 'AbortError' rather than a DOMException: the `cause` option of
  // DOMException is missing from older browsers, and callers test `error.name` either way.
  const error = new Error(`Reading the stream was aborted: ${said}`, { cause: reason });
  error.name = 'AbortError';
  return error;
}

/** Throws {@link abortErrorFor} when `signal` has aborted. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) throw abortErrorFor(signal);
}

/**
 * Resolves with `pending`, or rejects with {@link abortErrorFor} as soon as `signal` aborts,
 * whichever comes first: a body that stalls must not hold the caller past the abort.
 */
export function raceAbort<T>(pending: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return pending;
  if (signal.aborted) {
    pending.catch(() => undefined);
    return Promise.reject(abortErrorFor(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      reject(abortErrorFor(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    pending.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error), { cause: error }));
      },
    );
  });
}

type Chunk = Uint8Array | string;

/**
 * Yields the chunks of a reader, each read raced against `signal`. On abort (or any early exit)
 * the reader is cancelled with the abort reason, so the body's source is told to stop.
 */
export async function* readerChunks(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  signal: AbortSignal | undefined,
): AsyncGenerator<Chunk> {
  try {
    for (;;) {
      const { done, value } = await raceAbort(reader.read(), signal);
      if (done) return;
      yield value;
    }
  } finally {
    // cancel() settles the pending read, so releaseLock() cannot throw on it.
    await reader
      .cancel(signal?.aborted === true ? signal.reason : undefined)
      .catch(() => undefined);
    reader.releaseLock();
  }
}

/**
 * Yields the chunks of an (async) iterable, each `next()` raced against `signal`. On abort (or any
 * early exit) the iterator's `return()` is called so a generator runs its cleanup; it is not
 * awaited on abort, as a stalled generator would not answer it either.
 */
export async function* iterableChunks(
  source: AsyncIterable<Chunk> | Iterable<Chunk>,
  signal: AbortSignal | undefined,
): AsyncGenerator<Chunk> {
  const iterator: AsyncIterator<Chunk> | Iterator<Chunk> =
    Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : source[Symbol.iterator]();
  let finished = false;
  try {
    for (;;) {
      const step = await raceAbort(Promise.resolve(iterator.next()), signal);
      if (step.done === true) {
        finished = true;
        return;
      }
      yield step.value;
    }
  } finally {
    if (!finished && iterator.return !== undefined) {
      const closing = Promise.resolve(iterator.return()).catch(() => undefined);
      if (signal?.aborted !== true) await closing;
    }
  }
}
