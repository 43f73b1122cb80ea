import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { CallBatch, type CallToRun } from '../../src/loop/call-batch.js';
import type { LoopTool } from '../../src/loop/loop-tool.js';
import type { ToolOutcome } from '../../src/loop/tool-outcome.js';

function run(callId: string, handler: LoopTool['handler']): CallToRun {
  return {
    call: { callId, name: 'tool', arguments: {} },
    tool: { name: 'tool', parameters: { type: 'object' }, handler },
  };
}

async function drain(batch: CallBatch): Promise<ToolOutcome[]> {
  const outcomes: ToolOutcome[] = [];
  for (let outcome = await batch.next(); outcome !== undefined; outcome = await batch.next())
    outcomes.push(outcome);
  return outcomes;
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
    expect(started).toEqual(['a', 'b']);
    expect(most).toBe(2);
    expect(batch.stop('aborted').map(({ callId, status }) => ({ callId, status }))).toEqual([
      { callId: 'a', status: 'cancelled' },
      { callId: 'b', status: 'cancelled' },
      { callId: 'c', status: 'not-run' },
    ]);
    expect(await batch.next()).toBeUndefined();
  });
});
