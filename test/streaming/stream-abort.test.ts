import { describe, expect, it } from 'vitest';
import { accumulateSSE, readStreamEvents } from '../../src/streaming/accumulate-sse.js';

const FIRST = 'data: {"choices":[{"index":0,"delta":{"content":"Hi"}}]}\n\n';

/** A body that sends one event, then never sends anything again; records its cancellation. */
function stalledStream(): { body: ReadableStream<Uint8Array>; cancelled: unknown[] } {
  const cancelled: unknown[] = [];
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(FIRST));
    },
    cancel(reason) {
      cancelled.push(reason);
    },
  });
  return { body, cancelled };
}

/** An async iterable that yields one event, then stalls; records whether return() was called. */
function stalledIterable(): { body: AsyncIterable<string>; returned: boolean[] } {
  const returned: boolean[] = [];
  let sent = false;
  const body: AsyncIterable<string> = {
    [Symbol.asyncIterator]: () => ({
      next: () => {
        if (sent) return new Promise<IteratorResult<string>>(() => undefined);
        sent = true;
        return Promise.resolve({ done: false, value: FIRST });
      },
      return: () => {
        returned.push(true);
        return Promise.resolve({ done: true, value: undefined });
      },
    }),
  };
  return { body, returned };
}

async function abortedAfterFirstEvent(run: (signal: AbortSignal) => Promise<unknown>): Promise<{
  error: unknown;
  reason: Error;
}> {
  const controller = new AbortController();
  const reason = new Error('user pressed stop');
  const settled = run(controller.signal).then(
    () => 'resolved',
    (error: unknown) => error,
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
  controller.abort(reason);
  const timeout = new Promise((resolve) =>
    setTimeout(() => {
      resolve('still waiting');
    }, 1000),
  );
  return { error: await Promise.race([settled, timeout]), reason };
}

describe('abort reaches a pending read', () => {
  it('accumulateSSE rejects with an AbortError and cancels a ReadableStream that stalls', async () => {
    const { body, cancelled } = stalledStream();
    const { error, reason } = await abortedAfterFirstEvent((signal) =>
      accumulateSSE(body, { format: 'openai-chat', signal }),
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'AbortError', cause: reason });
    expect((error as Error).message).toBe('Reading the stream was aborted: user pressed stop');
    expect(cancelled).toEqual([reason]);
  });

  it('accumulateSSE rejects with an AbortError and returns an async iterable that stalls', async () => {
    const { body, returned } = stalledIterable();
    const { error, reason } = await abortedAfterFirstEvent((signal) =>
      accumulateSSE(body, { format: 'openai-chat', signal }),
    );
    expect(error).toMatchObject({ name: 'AbortError', cause: reason });
    expect(returned).toEqual([true]);
  });

  it('readStreamEvents stops a Response body that stalls', async () => {
    const { body, cancelled } = stalledStream();
    const seen: unknown[] = [];
    const { error, reason } = await abortedAfterFirstEvent(async (signal) => {
      for await (const event of readStreamEvents(new Response(body), { signal })) seen.push(event);
    });
    expect(seen).toEqual([{ choices: [{ index: 0, delta: { content: 'Hi' } }] }]);
    expect(error).toMatchObject({ name: 'AbortError', cause: reason });
    expect(cancelled).toEqual([reason]);
  });

  it('readStreamEvents throws an AbortError before reading when the signal is already aborted', async () => {
    const { body, cancelled } = stalledStream();
    const controller = new AbortController();
    controller.abort('gone');
    const events = readStreamEvents(body, { signal: controller.signal });
    await expect(events.next()).rejects.toMatchObject({ name: 'AbortError', cause: 'gone' });
    expect(cancelled).toEqual([]);
  });

  it('passes a read error through unchanged', async () => {
    const failure = new TypeError('network down');
    const body = new ReadableStream<Uint8Array>({
      pull() {
        throw failure;
      },
    });
    const controller = new AbortController();
    await expect(
      accumulateSSE(body, { format: 'openai-chat', signal: controller.signal }),
    ).rejects.toBe(failure);
  });
});
