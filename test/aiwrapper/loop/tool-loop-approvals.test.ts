import { LangMessage, LangMessages } from 'aiwrapper';
import { describe, expect, it, vi } from 'vitest';
import {
  META_KEYS,
  resumeToolLoop,
  type LoopTool,
  type ToolLoopEvent,
  type ToolLoopOptions,
} from '../../../src/aiwrapper/index.js';
import type { ToolSideEffects } from '../../../src/aiwrapper/loop/loop-tool.js';
import { InvalidHistoryError, ToolHistoryError } from '../../../src/index.js';
import { ScriptedLang } from '../../helpers/scripted-lang.js';

// Issue 23, item 5: approvals never fail open. A call that needs approval runs only on a decision
// of exactly `true` (or `{ approved: true }`) read as an own property under its exact id, whatever
// the history's start markers say; decisions and markers that are not what they should be are
// typed errors before anything runs.

/** A saved conversation whose last turn holds one call of `transfer`, unanswered. */
function pendingHistory(callId: string, meta?: Record<string, unknown>): LangMessages {
  const saved = JSON.stringify([
    new LangMessage('user', 'Pay Bob.'),
    new LangMessage(
      'assistant',
      [{ type: 'tool', callId, name: 'transfer', arguments: { to: 'bob' } }],
      meta,
    ),
  ]);
  return new LangMessages(JSON.parse(saved) as LangMessage[]);
}

/** `transfer`, which needs approval, with a spy for a handler. */
function transfer(sideEffects: ToolSideEffects = 'once') {
  const handler = vi.fn(() => ({ sent: true }));
  const tool: LoopTool = {
    name: 'transfer',
    parameters: { type: 'object' },
    needsApproval: true,
    sideEffects,
    handler,
  };
  return { tool, handler };
}

async function drain(loop: AsyncGenerator<ToolLoopEvent, void, undefined>) {
  const events: ToolLoopEvent[] = [];
  for await (const event of loop) events.push(event);
  return events;
}

function resume(messages: LangMessages, options: ToolLoopOptions) {
  return drain(resumeToolLoop(new ScriptedLang([]), messages, options));
}

/** The synchronous throw of `run`, or a failure when it does not throw. */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('approvals', () => {
  it('refuses a decision that is not a boolean, naming the call id, and runs nothing', () => {
    const { tool, handler } = transfer();
    const messages = pendingHistory('call_1');
    const before = JSON.stringify(messages);
    const error = thrown(() =>
      resumeToolLoop(new ScriptedLang([]), messages, {
        tools: [tool],
        approvals: JSON.parse('{ "call_1": { "approved": "false" } }') as Record<string, boolean>,
      }),
    );
    expect(error).toBeInstanceOf(ToolHistoryError);
    expect(error).toMatchObject({ code: 'invalid-input' });
    expect((error as Error).message).toContain('options.approvals["call_1"].approved');
    expect(handler).not.toHaveBeenCalled();
    expect(JSON.stringify(messages)).toBe(before);
  });

  it.each([
    ['a string', '"yes"', 'options.approvals["call_1"]'],
    ['null', 'null', 'options.approvals["call_1"]'],
    ['a number', '1', 'options.approvals["call_1"]'],
    ['a reason that is not text', '{ "approved": true, "reason": 7 }', '.reason'],
    ['an object without approved', '{}', '.approved'],
  ])('refuses %s as a decision', (_name, decision, where) => {
    const { tool, handler } = transfer();
    const error = thrown(() =>
      resumeToolLoop(new ScriptedLang([]), pendingHistory('call_1'), {
        tools: [tool],
        approvals: JSON.parse(`{ "call_1": ${decision} }`) as Record<string, boolean>,
      }),
    );
    expect(error).toMatchObject({ code: 'invalid-input' });
    expect((error as Error).message).toContain(where);
    expect(handler).not.toHaveBeenCalled();
  });

  it.each([['null'], ['[true]'], ['true'], ['"call_1"']])('refuses %s as the approvals', (text) => {
    const { tool } = transfer();
    const error = thrown(() =>
      resumeToolLoop(new ScriptedLang([]), pendingHistory('call_1'), {
        tools: [tool],
        approvals: JSON.parse(text) as Record<string, boolean>,
      }),
    );
    expect(error).toMatchObject({ code: 'invalid-input' });
    expect((error as Error).message).toContain('options.approvals');
  });

  it.each(['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'])(
    'holds a call with id %s when nobody decided it (no decision is inherited)',
    async (callId) => {
      const { tool, handler } = transfer();
      const events = await resume(pendingHistory(callId), { tools: [tool], approvals: {} });
      expect(events.map((event) => event.type)).toEqual(['paused']);
      expect(handler).not.toHaveBeenCalled();
    },
  );

  it('runs a call with id __proto__ approved by an own key of a parsed object', async () => {
    const { tool, handler } = transfer();
    const approvals = JSON.parse('{ "__proto__": true }') as Record<string, boolean>;
    const events = await resume(pendingHistory('__proto__'), { tools: [tool], approvals });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(events.find((event) => event.type === 'tool-result')).toMatchObject({
      callId: '__proto__',
      status: 'ok',
    });
  });

  it('does not take a decision from the prototype of the approvals', async () => {
    const { tool, handler } = transfer();
    // A literal `__proto__:` sets the prototype: the object has no own decision.
    const approvals = { __proto__: { call_1: true } } as unknown as Record<string, boolean>;
    const events = await resume(pendingHistory('call_1'), { tools: [tool], approvals });
    expect(events.map((event) => event.type)).toEqual(['paused']);
    expect(handler).not.toHaveBeenCalled();
  });

  it('reads each decision once, at the start of the run', async () => {
    const { tool, handler } = transfer();
    let reads = 0;
    const approvals = {
      get call_1() {
        reads++;
        return reads === 1 ? false : true;
      },
    };
    const events = await resume(pendingHistory('call_1'), { tools: [tool], approvals });
    expect(handler).not.toHaveBeenCalled();
    expect(events.find((event) => event.type === 'tool-result')).toMatchObject({
      status: 'denied',
    });
  });

  it.each(['idempotent', 'none'] as const)(
    'asks again for a %s call whose start the history records (a forged or earlier marker)',
    async (sideEffects) => {
      const { tool, handler } = transfer(sideEffects);
      const messages = pendingHistory('call_1', { [META_KEYS.started]: ['call_1'] });
      const events = await resume(messages, { tools: [tool] });
      expect(events.map((event) => event.type)).toEqual(['paused']);
      expect(handler).not.toHaveBeenCalled();
      // Approved now, it runs.
      await resume(messages, { tools: [tool], approvals: { call_1: true } });
      expect(handler).toHaveBeenCalledTimes(1);
    },
  );

  it('answers a denied call whose start the history records as interrupted, not as never run', async () => {
    const { tool, handler } = transfer('idempotent');
    const messages = pendingHistory('call_1', { [META_KEYS.started]: ['call_1'] });
    const events = await resume(messages, {
      tools: [tool],
      approvals: { call_1: { approved: false, reason: 'No.' } },
    });
    expect(handler).not.toHaveBeenCalled();
    expect(events.find((event) => event.type === 'tool-result')).toMatchObject({
      status: 'cancelled',
      result: { error: true, name: 'ToolCancelled' },
    });
  });
});

describe('start markers', () => {
  it.each([
    ['a string', 'call_1'],
    ['a list holding a number', ['call_1', 7]],
    ['an object', { call_1: true }],
    ['null', null],
    ['a list naming a call the turn does not hold', ['call_9']],
  ])('refuses a marker that is %s, with the turn’s index, and runs nothing', (_name, marker) => {
    const { tool, handler } = transfer();
    const messages = pendingHistory('call_1', { [META_KEYS.started]: marker });
    const before = JSON.stringify(messages);
    const error = thrown(() =>
      resumeToolLoop(new ScriptedLang([]), messages, {
        tools: [tool],
        approvals: { call_1: true },
      }),
    );
    expect(error).toBeInstanceOf(InvalidHistoryError);
    expect((error as InvalidHistoryError).issues[0]).toMatchObject({ messageIndex: 1 });
    expect((error as Error).message).toContain(META_KEYS.started);
    expect(handler).not.toHaveBeenCalled();
    expect(JSON.stringify(messages)).toBe(before);
  });
});
