import { fc, it } from '@fast-check/vitest';
import { LangMessage, LangMessages } from 'aiwrapper';
import { describe, expect } from 'vitest';
import {
  pendingToolCalls,
  resumeToolLoop,
  runToolLoop,
  type LoopTool,
  type ToolLoopEvent,
} from '../../../src/aiwrapper/index.js';
import type { ToolSideEffects } from '../../../src/aiwrapper/loop/loop-tool.js';
import { validateHistory } from '../../../src/index.js';
import { ScriptedLang } from '../../helpers/scripted-lang.js';

// Issue 23, item 4: the loop yields `tool-run-start` after a call's start marker is in the history
// and before its handler runs, so an app that saves the history at every event and crashes at any
// point (a handler starting, or an event) resumes from a save that knows every call that may have
// run: a 'once' call runs at most once in all.

const NEVER = new Promise<never>(() => undefined);

/** A call's tool: its side effects, and the microtasks its handler waits before it returns. */
const plan = fc.record({
  sideEffects: fc.constantFrom<ToolSideEffects>('once', 'idempotent', 'none'),
  ticks: fc.nat({ max: 3 }),
});

const scenario = fc.record({
  plans: fc.array(plan, { minLength: 1, maxLength: 5 }),
  concurrency: fc.integer({ min: 1, max: 4 }),
  crash: fc.record({ on: fc.constantFrom('start', 'event'), at: fc.nat({ max: 20 }) }),
});

/** One process: its handlers' runs count only while it lives. */
interface Pass {
  dead: boolean;
  /** Calls whose `tool-run-start` the consumer received in this pass. */
  readonly announced: Set<string>;
  crashed: () => void;
}

describe('tool-run-start', () => {
  it.prop([scenario])(
    "saved at every event, a crash anywhere never runs a 'once' call twice",
    async ({ plans, concurrency, crash }) => {
      const runs = new Map<string, number>();
      const failures: string[] = [];
      let starts = 0;
      let pass: Pass | undefined;
      const tools: LoopTool[] = plans.map((step, index) => ({
        name: `tool_${String(index)}`,
        parameters: { type: 'object' },
        sideEffects: step.sideEffects,
        handler: async (_args, { callId }) => {
          const live = pass;
          if (live === undefined || live.dead) return NEVER;
          if (!live.announced.has(callId)) failures.push(`${callId} ran before tool-run-start`);
          runs.set(callId, (runs.get(callId) ?? 0) + 1);
          if (crash.on === 'start' && starts++ === crash.at) {
            live.dead = true;
            live.crashed();
            return NEVER;
          }
          for (let tick = 0; tick < step.ticks; tick++) await Promise.resolve();
          return { done: callId };
        },
      }));
      const lang = new ScriptedLang([
        {
          calls: plans.map((_step, index) => ({
            callId: `call_${String(index)}`,
            name: `tool_${String(index)}`,
            arguments: {},
          })),
        },
      ]);
      let saved = JSON.stringify(new LangMessages('Go.'));
      let events = 0;
      for (let passes = 0; passes < 3; passes++) {
        const messages = new LangMessages(JSON.parse(saved) as LangMessage[]);
        let crashed: () => void = () => undefined;
        const gone = new Promise<undefined>((resolve) => {
          crashed = () => {
            resolve(undefined);
          };
        });
        const live: Pass = { dead: false, announced: new Set(), crashed };
        pass = live;
        const options = { tools, concurrency };
        const loop =
          passes === 0
            ? runToolLoop(lang, messages, options)
            : resumeToolLoop(lang, messages, options);
        let last: ToolLoopEvent | undefined;
        for (;;) {
          const step = await Promise.race([loop.next(), gone]);
          if (step === undefined || step.done === true) break;
          last = step.value;
          if (last.type === 'tool-run-start') {
            const { callId } = last;
            if (pendingToolCalls(messages)?.started.has(callId) !== true)
              failures.push(`${callId} announced before its start was recorded`);
            if ((runs.get(callId) ?? 0) > 0 && passes === 0)
              failures.push(`${callId} ran before the consumer received tool-run-start`);
            live.announced.add(callId);
          }
          saved = JSON.stringify(messages);
          if (crash.on === 'event' && events++ === crash.at) {
            live.dead = true;
            break;
          }
        }
        if (!live.dead && last?.type === 'done') break;
      }
      expect(failures).toEqual([]);
      for (const [index, step] of plans.entries()) {
        const count = runs.get(`call_${String(index)}`) ?? 0;
        if (step.sideEffects === 'once') expect(count).toBeLessThanOrEqual(1);
      }
      const history = new LangMessages(JSON.parse(saved) as LangMessage[]);
      expect(pendingToolCalls(history)).toBeUndefined();
      expect(validateHistory(history, { format: 'aiwrapper' }).issues).toEqual([]);
    },
  );
});
