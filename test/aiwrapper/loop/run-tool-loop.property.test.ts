import { fc, it } from '@fast-check/vitest';
import { LangMessage, LangMessages, type LangMessageItem } from 'aiwrapper';
import { describe, expect } from 'vitest';
import {
  META_KEYS,
  pendingToolCalls,
  resumeToolLoop,
  type LoopTool,
  type ToolResultStatus,
} from '../../../src/aiwrapper/index.js';
import { LOOP_RESULT_NAMES } from '../../../src/aiwrapper/loop/tool-outcome.js';
import {
  cancelledResult,
  interruptedResult,
  notRunResult,
  thrownResult,
} from '../../../src/aiwrapper/loop/tool-outcome.js';
import { validateHistory } from '../../../src/index.js';
import {
  loopScript,
  SCRIPTED_TOOLS,
  type ScriptedToolName,
} from '../../arbitraries/tool-loop-scripts.js';
import { ScriptedLang } from '../../helpers/scripted-lang.js';
import { hostileScript, type HostileFamilies } from '../../arbitraries/hostile-loop-scripts.js';
import { noFindings, runHostile } from '../../helpers/hostile-loop-harness.js';
import { numRuns } from '../../setup/num-runs.js';
import { isOnce, Observer, planOf, runToEnd } from '../../helpers/loop-fault-harness.js';

// Issue 12's invariant. Whatever stops the loop (an abort, a break, a crash that abandons the
// generator and keeps only the history's JSON, a pause for approval, a failed request, a tool that
// throws or times out), the history is valid at every event, or valid with its latest calls
// pending, and valid for every provider when the run stops. Resumed from that JSON alone, the run
// finishes; every call has one result, which says truly what happened; no 'once' call runs twice.

/** The loop marks a result that is not a success (`isError`, sent to Anthropic as `is_error`). */
function isFlagged(result: LangMessageItem): boolean {
  return (result as { isError?: unknown }).isError === true;
}

/** The status a recorded result stands for: the loop names each error result after it. */
function statusOf(result: LangMessageItem & { type: 'tool-result' }): ToolResultStatus {
  if (!isFlagged(result)) return 'ok';
  const { name } = result.result as { name?: unknown };
  const named = Object.entries(LOOP_RESULT_NAMES).find(([, value]) => value === name);
  return named === undefined ? 'error' : (named[0] as ToolResultStatus);
}

interface Answer {
  readonly call: LangMessageItem & { type: 'tool' };
  readonly results: (LangMessageItem & { type: 'tool-result' })[];
}

/** Each call of the history with the results that answer it. */
function answersOf(history: readonly LangMessage[]): Answer[] {
  const answers = new Map<string, Answer>();
  for (const message of history)
    for (const item of message.items) {
      if (item.type === 'tool') answers.set(item.callId, { call: item, results: [] });
      if (item.type === 'tool-result') answers.get(item.callId)?.results.push(item);
    }
  return [...answers.values()];
}

/**
 * What a call's result should be, from what its handler did: the handler's value when it
 * returned, or an error result whose name says what happened (and that it happened).
 */
function explain(answer: Answer, seen: Observer): string {
  const [result] = answer.results;
  const plan = planOf(answer.call.arguments);
  const runs = seen.invocations.get(plan.step) ?? 0;
  const spec = SCRIPTED_TOOLS[answer.call.name as ScriptedToolName];
  if (result === undefined) return 'no result';
  const value: unknown = result.result;
  if (!isFlagged(result))
    return seen.returned.has(plan.step) &&
      JSON.stringify(value) === JSON.stringify({ tool: answer.call.name, step: plan.step })
      ? 'ok'
      : `a success its handler never returned: ${JSON.stringify(value)}`;
  const error = value as { error?: unknown; name?: unknown; message?: unknown };
  if (error.error !== true || typeof error.message !== 'string')
    return `an error result not marked as one: ${JSON.stringify(value)}`;
  // Started before a crash (its handler run, or about to run at `tool-run-start`).
  const runsAtCrash = seen.interrupted.get(answer.call.callId);
  if (runsAtCrash !== undefined && isOnce(answer.call.name as ScriptedToolName))
    return JSON.stringify(value) === JSON.stringify(interruptedResult(answer.call.name)) &&
      runs === runsAtCrash
      ? 'ok'
      : `an interrupted 'once' call answered ${JSON.stringify(value)} after ${String(runs)} runs`;
  // Not run again (the run stopped first): it may have run.
  if (runsAtCrash === runs)
    return JSON.stringify(value) === JSON.stringify(interruptedResult(answer.call.name))
      ? 'ok'
      : `an interrupted call, not run again, answered ${JSON.stringify(value)}`;
  switch (error.name) {
    case 'RangeError':
      return seen.threw.has(plan.step) ? 'ok' : 'a throw its handler never made';
    case 'ToolTimedOut':
      return spec.timeoutMs !== undefined && runs > 0 ? 'ok' : 'a timeout of a call that never ran';
    case 'ToolCancelled':
      return runs > 0 ? 'ok' : 'a cancel of a call that never started';
    case 'ToolCallDenied':
      return plan.decision === 'deny' && runs === 0 ? 'ok' : 'a denial nobody made';
    case 'ToolNotRun':
      return runs === 0 ? 'ok' : `"not run" for a call that ran ${String(runs)} times`;
    default:
      return `an unknown error result: ${JSON.stringify(value)}`;
  }
}

describe('runToolLoop under faults', () => {
  it.prop([loopScript], { numRuns: numRuns(30) })(
    'keeps the history valid at every event and after any fault, and resumes it to the end',
    async (script) => {
      const seen = new Observer(script.faults);
      const lang = new ScriptedLang(script.responses);
      const history = await runToEnd(script, lang, seen);

      expect(pendingToolCalls(history)).toBeUndefined();
      expect(validateHistory(history, { format: 'aiwrapper' }).issues).toEqual([]);
      // No request ever carried a call without its result.
      for (const request of lang.requests)
        expect(validateHistory(request.messages, { format: 'aiwrapper' }).issues).toEqual([]);

      // Every call has one result, which says what happened.
      const answers = answersOf(history);
      expect(answers.map((answer) => [answer.call.callId, answer.results.length])).toEqual(
        answers.map((answer) => [answer.call.callId, 1]),
      );
      expect(answers.map((answer) => [answer.call.callId, explain(answer, seen)])).toEqual(
        answers.map((answer) => [answer.call.callId, 'ok']),
      );
      // A reported result is the one recorded, reported once, with the status its value names.
      for (const { call, results } of answers) {
        const event = seen.results.get(call.callId);
        const [result] = results;
        if (event !== undefined && result !== undefined)
          expect({ result: event.result, status: event.status }).toEqual({
            result: result.result,
            status: statusOf(result),
          });
      }
      expect(seen.repeated).toEqual([]);

      // A 'once' call never runs twice; nothing starts once its pass has ended.
      const twice = [...seen.invocations].filter(
        ([step, runs]) => runs > 1 && isOnce(seen.toolOf.get(step) ?? 'charge'),
      );
      expect(twice).toEqual([]);
      expect(seen.lateStarts).toEqual([]);
    },
  );

  // Found by the property: a crash, then a resume stopped before it ran such a call again.
  describe('a call an earlier run started, stopped before this run runs it again', () => {
    const history = (): LangMessages => {
      const messages = new LangMessages('Go.');
      messages.push(
        new LangMessage(
          'assistant',
          [
            { type: 'tool', callId: 'callQ1xyz', name: 'quick', arguments: {} },
            { type: 'tool', callId: 'callH1xyz', name: 'hang', arguments: {} },
            { type: 'tool', callId: 'callS1xyz', name: 'sync', arguments: {} },
          ],
          { [META_KEYS.started]: ['callS1xyz'] },
        ),
      );
      return messages;
    };
    const tools = (quick: () => unknown): LoopTool[] => [
      { name: 'quick', parameters: {}, sideEffects: 'none', handler: quick },
      {
        name: 'hang',
        parameters: {},
        sideEffects: 'none',
        handler: (_args, { signal }) =>
          new Promise((_resolve, reject) => {
            signal.addEventListener('abort', () => {
              reject(signal.reason as Error);
            });
          }),
      },
      { name: 'sync', parameters: {}, sideEffects: 'idempotent', handler: () => 'synced' },
    ];
    const interrupted = {
      type: 'tool-result',
      callId: 'callS1xyz',
      name: 'sync',
      result: interruptedResult('sync'),
      isError: true,
    };

    it.each(['abort', 'break'] as const)(
      'is answered as interrupted, not "not run", when the run is stopped by %s',
      async (stop) => {
        const messages = history();
        const controller = new AbortController();
        const loop = resumeToolLoop(new ScriptedLang([]), messages, {
          tools: tools(() => 'quick'),
          concurrency: 1,
          signal: controller.signal,
        });
        for await (const event of loop)
          if (event.type === 'tool-result' && event.callId === 'callQ1xyz') {
            if (stop === 'break') break;
            controller.abort();
          }
        expect(messages.at(-1)?.items).toEqual([
          { type: 'tool-result', callId: 'callQ1xyz', name: 'quick', result: 'quick' },
          {
            type: 'tool-result',
            callId: 'callH1xyz',
            name: 'hang',
            result: cancelledResult('hang'),
            isError: true,
          },
          interrupted,
        ]);
      },
    );

    it('is answered as interrupted, not "not run", when a tool error stops the run', async () => {
      const messages = history();
      const error = new RangeError('no');
      const loop = resumeToolLoop(new ScriptedLang([]), messages, {
        tools: tools(() => {
          throw error;
        }),
        concurrency: 1,
        onToolError: () => 'stop',
      });
      for await (const event of loop) expect(event.type).not.toBe('paused');
      expect(messages.at(-1)?.items).toEqual([
        {
          type: 'tool-result',
          callId: 'callQ1xyz',
          name: 'quick',
          result: thrownResult(error),
          isError: true,
        },
        {
          type: 'tool-result',
          callId: 'callH1xyz',
          name: 'hang',
          result: notRunResult('hang', 'stopped'),
          isError: true,
        },
        interrupted,
      ]);
    });
  });
});

// Issue 23's faults, one family at a time (so each shrinks to its own counterexample), then all
// at once. Whatever the model, the handlers, the approvals and the consumer do: the history
// validates for every provider and stays plain JSON, no 'once' tool runs twice, no handler runs on
// arguments the model did not send or without an approval of its own, every request carries the
// conversation as it is, and nothing escapes as an unhandled rejection or an untyped error.
describe('runToolLoop under hostile input', () => {
  const none: HostileFamilies = {
    handlers: false,
    args: false,
    approvals: false,
    edits: false,
    crashes: false,
  };
  const families: [string, HostileFamilies][] = [
    ['hostile handler values', { ...none, handlers: true }],
    ['malformed arguments, empty names and repeated ids', { ...none, args: true }],
    ['approvals given as any JSON', { ...none, approvals: true }],
    ['edits between events', { ...none, edits: true }],
    ['a save at every event, a crash, and a forged start marker', { ...none, crashes: true }],
    [
      'all of them at once',
      { handlers: true, args: true, approvals: true, edits: true, crashes: true },
    ],
  ];

  // Six properties in one file: a quarter of the configured runs each (25 by default, 2,500 with
  // `npm run test:long`) keeps the file within its time.
  const hostileRuns = Math.max(1, Math.round((fc.readConfigureGlobal().numRuns ?? 100) / 4));
  // A run that stalls costs two seconds, so shrinking one takes longer than the default time limit.
  it.each(families)(
    '%s',
    async (_name, drawn) => {
      await fc.assert(
        fc.asyncProperty(hostileScript(drawn), async (script) => {
          expect(await runHostile(script)).toEqual(noFindings());
        }),
        { numRuns: hostileRuns },
      );
    },
    120_000,
  );
});
