import { getEventListeners } from 'node:events';
import { fc, test } from '@fast-check/vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CallBatch,
  type BatchStep,
  type CallToRun,
} from '../../../src/aiwrapper/loop/call-batch.js';
import {
  readLoopTools,
  type LoopTool,
  type ToolRunContext,
} from '../../../src/aiwrapper/loop/loop-tool.js';
import type { ToolOutcome } from '../../../src/aiwrapper/loop/tool-outcome.js';
import {
  handing,
  HANDLER_MODES,
  HOSTILE_VALUES,
  hostileValue,
} from '../../arbitraries/hostile-values.js';

function run(callId: string, handler: LoopTool['handler']): CallToRun {
  return {
    call: { callId, name: 'tool', arguments: {} },
    tool: { name: 'tool', parameters: { type: 'object' }, handler },
  };
}

async function drain(batch: CallBatch): Promise<ToolOutcome[]> {
  const outcomes: ToolOutcome[] = [];
  for (let step = await batch.next(); step !== undefined; step = await batch.next())
    if (step.kind === 'settled') outcomes.push(step.outcome);
  return outcomes;
}

/**
 * Takes the first `count` steps (each a start: the handlers hang), then asks once more, which runs
 * the last start's handler; returns that pending request.
 */
async function startHanging(
  batch: CallBatch,
  count: number,
): Promise<{ readonly next: Promise<BatchStep | undefined> }> {
  for (let taken = 0; taken < count; taken++) expect((await batch.next())?.kind).toBe('start');
  return { next: batch.next() };
}

describe('CallBatch', () => {
  it('leaves no listener on the signal once every call has settled', async () => {
    const controller = new AbortController();
    for (let round = 0; round < 3; round++) {
      const batch = new CallBatch([run('a', () => 1), run('b', () => Promise.resolve(2))], {
        concurrency: 2,
        signal: controller.signal,
        onStart: () => undefined,
      });
      expect(await drain(batch)).toEqual([
        { callId: 'a', name: 'tool', status: 'ok', result: 1 },
        { callId: 'b', name: 'tool', status: 'ok', result: 2 },
      ]);
    }
    const empty = new CallBatch([], {
      concurrency: 1,
      signal: controller.signal,
      onStart: () => undefined,
    });
    expect(await empty.next()).toBeUndefined();
    expect(getEventListeners(controller.signal, 'abort')).toEqual([]);
  });

  it('runs at most `concurrency` handlers at once and stops in call order', async () => {
    let running = 0;
    let most = 0;
    const hang: LoopTool['handler'] = () => {
      running++;
      most = Math.max(most, running);
      return new Promise(() => undefined);
    };
    const started: string[] = [];
    const batch = new CallBatch([run('a', hang), run('b', hang), run('c', hang)], {
      concurrency: 2,
      onStart: (call) => started.push(call.callId),
    });
    const { next } = await startHanging(batch, 2);
    expect(started).toEqual(['a', 'b']);
    expect(most).toBe(2);
    expect(batch.stop('aborted').map(({ callId, status }) => ({ callId, status }))).toEqual([
      { callId: 'a', status: 'cancelled' },
      { callId: 'b', status: 'cancelled' },
      { callId: 'c', status: 'not-run' },
    ]);
    expect(await next).toBeUndefined();
    expect(await batch.next()).toBeUndefined();
  });

  it('hands out each start, recorded, before its handler runs, which waits for the next ask', async () => {
    const log: string[] = [];
    const handler: LoopTool['handler'] = (_args, { callId }) => {
      log.push(`run ${callId}`);
      return callId;
    };
    const batch = new CallBatch([run('a', handler), run('b', handler)], {
      concurrency: 2,
      onStart: (call) => log.push(`record ${call.callId}`),
    });
    expect(log).toEqual([]);
    const steps: string[] = [];
    for (let step = await batch.next(); step !== undefined; step = await batch.next()) {
      steps.push(step.kind === 'start' ? `start ${step.call.callId}` : `ok ${step.outcome.callId}`);
      log.push(`handed out ${steps.at(-1) ?? ''}`);
    }
    expect(log).toEqual([
      'record a',
      'handed out start a',
      'run a',
      // b's start was queued before a settled; a's outcome follows it.
      'record b',
      'handed out start b',
      'run b',
      'handed out ok a',
      'handed out ok b',
    ]);
    expect(steps).toEqual(['start a', 'start b', 'ok a', 'ok b']);
  });

  it('answers a call whose start was handed out but whose handler never ran as not run', async () => {
    let runs = 0;
    const batch = new CallBatch(
      [
        run('a', () => {
          runs++;
          return 1;
        }),
      ],
      { concurrency: 1, onStart: () => undefined },
    );
    expect((await batch.next())?.kind).toBe('start');
    expect(batch.stop('aborted').map(({ callId, status }) => ({ callId, status }))).toEqual([
      { callId: 'a', status: 'not-run' },
    ]);
    expect(await batch.next()).toBeUndefined();
    expect(runs).toBe(0);
  });

  it('hands a signal that aborts on a stop or a timeout, even when first read after it', async () => {
    const contexts: ToolRunContext[] = [];
    const hang: LoopTool['handler'] = (_args, context) => {
      contexts.push(context);
      return new Promise(() => undefined);
    };
    const stopped = new CallBatch([run('a', hang), run('b', hang)], {
      concurrency: 2,
      onStart: () => undefined,
    });
    await startHanging(stopped, 2);
    const [early, late] = contexts;
    const earlySignal = early?.signal;
    expect(earlySignal?.aborted).toBe(false);
    stopped.stop('aborted');
    expect(earlySignal?.aborted).toBe(true);
    // Read for the first time after the stop, and through a spread of the context.
    const lateSignal = { ...late }.signal;
    expect(lateSignal?.aborted).toBe(true);
    expect((lateSignal?.reason as DOMException).name).toBe('AbortError');
    expect(late?.callId).toBe('b');

    contexts.length = 0;
    const timed: CallToRun = {
      call: { callId: 't', name: 'slow', arguments: {} },
      tool: { name: 'slow', parameters: { type: 'object' }, timeoutMs: 5, handler: hang },
    };
    const batch = new CallBatch([timed], { concurrency: 1, onStart: () => undefined });
    const [outcome] = await drain(batch);
    expect(outcome?.status).toBe('timeout');
    const signal = contexts[0]?.signal;
    expect(signal?.aborted).toBe(true);
    expect((signal?.reason as DOMException).name).toBe('TimeoutError');
  });

  it('answers a value JSON cannot carry with an error result, and undefined with null', async () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    const batch = new CallBatch(
      [run('big', () => 1n), run('cycle', () => cycle), run('none', () => undefined)],
      { concurrency: 3, onStart: () => undefined },
    );
    const outcomes = await drain(batch);
    expect(outcomes.map(({ callId, status }) => ({ callId, status }))).toEqual([
      { callId: 'big', status: 'error' },
      { callId: 'cycle', status: 'error' },
      { callId: 'none', status: 'ok' },
    ]);
    const messages = outcomes.map(
      (outcome) => (outcome.result as { readonly message?: unknown } | null)?.message,
    );
    // The engine's reason, on one line (V8 words a cycle over several).
    expect(messages.slice(0, 2)).toEqual([
      expect.stringMatching(
        /^The tool returned a value the conversation cannot store as JSON \([^\n]*BigInt[^\n]*\)\.$/,
      ),
      expect.stringMatching(
        /^The tool returned a value the conversation cannot store as JSON \([^\n]*circular[^\n]*\)\.$/,
      ),
    ]);
    expect(outcomes[0]?.result).toMatchObject({ error: true, name: 'ToolResultNotJSON' });
    expect(outcomes[2]?.result).toBeNull();
  });

  describe('hostile handler values', () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown): void => {
      unhandled.push(reason);
    };
    beforeEach(() => {
      unhandled.length = 0;
    });
    afterEach(() => {
      process.off('unhandledRejection', listener);
    });

    /** Is `value` plain JSON data: JSON primitives, arrays and objects of Object.prototype only? */
    function isPlain(value: unknown): boolean {
      if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
      if (typeof value === 'number') return Number.isFinite(value);
      if (Array.isArray(value))
        return Object.getPrototypeOf(value) === Array.prototype && value.every(isPlain);
      if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype)
        return false;
      return Object.values(Object.getOwnPropertyDescriptors(value)).every(
        (descriptor) => 'value' in descriptor && isPlain(descriptor.value),
      );
    }

    async function outcomeOf(handler: LoopTool['handler']): Promise<ToolOutcome[]> {
      const batch = new CallBatch([run('h', handler)], {
        concurrency: 1,
        onStart: () => undefined,
        stopsOn: () => false,
      });
      const outcomes = await drain(batch);
      // Unhandled rejections are reported once the microtask queue has drained.
      await new Promise((resolve) => setTimeout(resolve, 0));
      return outcomes;
    }

    test.prop([fc.constantFrom(...HANDLER_MODES), hostileValue()])(
      'settle the call with plain JSON data and never escape as an unhandled rejection',
      async (mode, value) => {
        const outcomes = await outcomeOf(handing(mode, value.make()));
        expect(unhandled).toEqual([]);
        expect(outcomes).toHaveLength(1);
        const [outcome] = outcomes;
        expect(isPlain(outcome?.result)).toBe(true);
        expect(JSON.stringify(outcome?.result)).toBe(JSON.stringify(outcome?.result));
        if (outcome?.status !== 'ok')
          expect(outcome?.result).toEqual({
            error: true,
            name: expect.any(String),
            message: expect.any(String),
          });
      },
    );

    it.each(Object.entries(HOSTILE_VALUES))(
      'answers a handler that rejects with a %s with an error result',
      async (_name, make) => {
        const thrown = make();
        const [rejected] = await outcomeOf(handing('reject', thrown));
        const [threw] = await outcomeOf(handing('throw', thrown));
        expect(unhandled).toEqual([]);
        for (const outcome of [rejected, threw]) {
          expect(outcome?.status).toBe('error');
          expect(outcome?.result).toEqual({
            error: true,
            name: expect.any(String),
            message: expect.any(String),
          });
        }
      },
    );

    it('stores a copy of the result made when it settles: later changes and getters do not reach it', async () => {
      let reads = 0;
      const returned = {
        list: [1, 2],
        get counted(): number {
          reads++;
          return reads;
        },
        at: new Date(0),
      };
      const [outcome] = await outcomeOf(() => returned);
      returned.list.push(3);
      expect(outcome).toEqual({
        callId: 'h',
        name: 'tool',
        status: 'ok',
        result: { list: [1, 2], counted: 1, at: '1970-01-01T00:00:00.000Z' },
      });
      expect(JSON.stringify(outcome?.result)).toBe(JSON.stringify(outcome?.result));
      expect(reads).toBe(1);
    });

    it('answers a result whose toJSON throws on its second call with its first value, read once', async () => {
      const [outcome] = await outcomeOf(() =>
        HOSTILE_VALUES['object whose toJSON throws on its second call'](),
      );
      expect(outcome).toMatchObject({ status: 'ok', result: { calls: 1 } });
    });

    it('answers an Error whose message is a BigInt or cyclic with its text', async () => {
      const [big] = await outcomeOf(
        handing('throw', HOSTILE_VALUES['Error whose message is a BigInt']()),
      );
      const [cyclic] = await outcomeOf(
        handing('reject', HOSTILE_VALUES['Error whose message is cyclic']()),
      );
      expect(big?.result).toEqual({ error: true, name: 'Error', message: '7' });
      expect(cyclic?.result).toEqual({ error: true, name: 'Error', message: '[object Object]' });
    });

    it('hands the thrown value itself to stopsOn, and goes on when stopsOn throws a hostile value', async () => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      const seen: unknown[] = [];
      const batch = new CallBatch([run('a', handing('reject', proxy)), run('b', () => 'fine')], {
        concurrency: 1,
        onStart: () => undefined,
        stopsOn: (error) => {
          seen.push(error);
          // eslint-disable-next-line @typescript-eslint/only-throw-error -- a hostile value
          throw proxy;
        },
      });
      const outcomes = await drain(batch);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(unhandled).toEqual([]);
      expect(seen).toHaveLength(1);
      expect(seen[0]).toBe(proxy);
      expect(outcomes.map(({ status }) => status)).toEqual(['error', 'not-run']);
      expect(batch.stoppedBy?.error).toBe(proxy);
    });
  });

  describe('time limits past what setTimeout holds', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    function hangingWithLimit(timeoutMs: number): CallToRun {
      const tool: LoopTool = {
        name: 'slow',
        parameters: { type: 'object' },
        timeoutMs,
        handler: () => new Promise(() => undefined),
      };
      return { call: { callId: 's', name: 'slow', arguments: {} }, tool };
    }

    /**
     * Takes the call's start, then asks for the next step (which runs the handler); returns a
     * reader of the outcome settled so far.
     */
    async function launch(batch: CallBatch): Promise<() => ToolOutcome | undefined> {
      expect((await batch.next())?.kind).toBe('start');
      let settled: ToolOutcome | undefined;
      void batch.next().then((step) => {
        if (step?.kind === 'settled') settled = step.outcome;
      });
      return () => settled;
    }

    /** The outcome settled by `ms` after the handler started. */
    async function settledWithin(batch: CallBatch, ms: number): Promise<ToolOutcome | undefined> {
      const settled = await launch(batch);
      await vi.advanceTimersByTimeAsync(ms);
      return settled();
    }

    it.each([2 ** 31, 2 ** 31 - 1 + 5, 30 * 24 * 3600 * 1000, 2 ** 33 + 17])(
      'times out a call with a limit of %i ms at its limit, not at once',
      async (timeoutMs) => {
        vi.useFakeTimers();
        const batch = new CallBatch([hangingWithLimit(timeoutMs)], {
          concurrency: 1,
          onStart: () => undefined,
        });
        const settled = await launch(batch);
        await vi.advanceTimersByTimeAsync(timeoutMs - 1);
        expect(settled()).toBeUndefined();
        await vi.advanceTimersByTimeAsync(1);
        expect(settled()?.status).toBe('timeout');
        expect(vi.getTimerCount()).toBe(0);
      },
    );

    it('never times out a call whose limit is Infinity, and leaves no timer', async () => {
      vi.useFakeTimers();
      const [tool] = readLoopTools([hangingWithLimit(Infinity).tool]).values();
      expect(tool?.timeoutMs).toBe(Infinity);
      const batch = new CallBatch([hangingWithLimit(Infinity)], {
        concurrency: 1,
        onStart: () => undefined,
      });
      expect(vi.getTimerCount()).toBe(0);
      expect(await settledWithin(batch, 2 ** 40)).toBeUndefined();
      expect(batch.stop('aborted').map(({ status }) => status)).toEqual(['cancelled']);
    });

    it('clears the chained timer when the call settles before its limit', async () => {
      vi.useFakeTimers();
      let finish: (value: unknown) => void = () => undefined;
      const run: CallToRun = {
        ...hangingWithLimit(2 ** 32),
        tool: {
          ...hangingWithLimit(2 ** 32).tool,
          handler: () => new Promise((resolve) => (finish = resolve)),
        },
      };
      const batch = new CallBatch([run], { concurrency: 1, onStart: () => undefined });
      expect((await batch.next())?.kind).toBe('start');
      const next = batch.next();
      await vi.advanceTimersByTimeAsync(2 ** 31 + 10);
      finish('done');
      expect(await next).toMatchObject({
        kind: 'settled',
        outcome: { status: 'ok', result: 'done' },
      });
      expect(vi.getTimerCount()).toBe(0);
    });
  });
});
