import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { CallBatch, type BatchStep, type CallToRun } from '../../src/loop/call-batch.js';
import type { LoopTool, ToolRunContext } from '../../src/loop/loop-tool.js';
import type { ToolOutcome } from '../../src/loop/tool-outcome.js';

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
});
