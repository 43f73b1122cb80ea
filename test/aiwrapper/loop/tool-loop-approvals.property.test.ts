import { fc, it } from '@fast-check/vitest';
import { LangMessage, LangMessages } from 'aiwrapper';
import { describe, expect } from 'vitest';
import {
  META_KEYS,
  resumeToolLoop,
  type LoopTool,
  type ToolLoopEvent,
} from '../../../src/aiwrapper/index.js';
import type { ToolSideEffects } from '../../../src/aiwrapper/loop/loop-tool.js';
import { isToolHistoryError } from '../../../src/index.js';
import { ScriptedLang } from '../../helpers/scripted-lang.js';

// Issue 23, item 5: approvals given as any JSON value. Either the run refuses them at setup with a
// typed error, or the call that needs approval runs exactly when the own property under its id is
// `true` or `{ approved: true }`, is denied when it is `false` or `{ approved: false }`, and waits
// otherwise, whatever the prototype holds and whatever the history's start markers say.

/** Ids a lookup through the prototype chain would find something under. */
const HOSTILE_IDS = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty'];
const callId = fc.constantFrom('call_1', ...HOSTILE_IDS);

const validDecision = fc.oneof(
  fc.boolean(),
  fc.record({ approved: fc.boolean() }),
  fc.record({ approved: fc.boolean(), reason: fc.string() }),
  fc.record({ approved: fc.boolean(), note: fc.jsonValue() }),
);

/** Mostly decisions, some near misses (`"false"`, a reason that is not text), some any value. */
const decision = fc.oneof(
  { weight: 16, arbitrary: validDecision },
  { weight: 1, arbitrary: fc.record({ approved: fc.jsonValue() }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: fc.record({ approved: fc.boolean(), reason: fc.jsonValue() }) },
  { weight: 1, arbitrary: fc.jsonValue() },
);

function objectText(entries: readonly (readonly [string, unknown])[]): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',')}}`;
}

/**
 * The call's id, and approvals as a JSON text: an object whose keys include the hostile ids (a
 * `__proto__` key of parsed JSON is an own property) and, often, the call's id, or any JSON value.
 */
const scenario = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .record({
        id: callId,
        own: fc.option(decision, { nil: undefined }),
        others: fc.array(fc.tuple(fc.oneof(callId, fc.string()), decision), { maxLength: 3 }),
        at: fc.nat(),
      })
      .map(({ id, own, others, at }) => {
        const entries = others.filter(([key]) => key !== id);
        if (own !== undefined) entries.splice(at % (entries.length + 1), 0, [id, own]);
        return { id, text: objectText(entries) };
      }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      id: callId,
      text: fc.jsonValue().map((value) => JSON.stringify(value)),
    }),
  },
);

type Expected = 'refused' | 'runs' | 'denied' | 'waits';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The oracle: what a decision read as an own property means, written apart from the loop's code. */
function isDecision(value: unknown): boolean {
  if (typeof value === 'boolean') return true;
  if (!isObject(value)) return false;
  const approved = Object.getOwnPropertyDescriptor(value, 'approved')?.value as unknown;
  const reason = Object.getOwnPropertyDescriptor(value, 'reason')?.value as unknown;
  return typeof approved === 'boolean' && (reason === undefined || typeof reason === 'string');
}

function expected(approvals: unknown, id: string): Expected {
  if (!isObject(approvals)) return 'refused';
  if (!Object.keys(approvals).every((key) => isDecision(approvals[key]))) return 'refused';
  if (!Object.hasOwn(approvals, id)) return 'waits';
  const own = Object.getOwnPropertyDescriptor(approvals, id)?.value as unknown;
  const approved = typeof own === 'boolean' ? own : (own as { approved: boolean }).approved;
  return approved ? 'runs' : 'denied';
}

function history(id: string, started: boolean): LangMessages {
  const meta = started ? { [META_KEYS.started]: [id] } : undefined;
  const saved = JSON.stringify([
    new LangMessage('user', 'Deploy.'),
    new LangMessage(
      'assistant',
      [{ type: 'tool', callId: id, name: 'deploy', arguments: { env: 'prod' } }],
      meta,
    ),
  ]);
  return new LangMessages(JSON.parse(saved) as LangMessage[]);
}

describe('runToolLoop approvals', () => {
  it.prop([scenario, fc.constantFrom<ToolSideEffects>('none', 'idempotent'), fc.boolean()], {
    numRuns: 300,
  })(
    'runs a call that needs approval only on an own decision of exactly true',
    async ({ id, text }, sideEffects, started) => {
      const approvals = JSON.parse(text) as unknown;
      let runs = 0;
      const deploy: LoopTool = {
        name: 'deploy',
        parameters: { type: 'object' },
        needsApproval: true,
        sideEffects,
        handler: () => {
          runs++;
          return 'deployed';
        },
      };
      const messages = history(id, started);
      const want = expected(approvals, id);
      let loop: AsyncGenerator<ToolLoopEvent, void, undefined>;
      try {
        loop = resumeToolLoop(new ScriptedLang([]), messages, {
          tools: [deploy],
          approvals: approvals as Record<string, boolean>,
        });
      } catch (error) {
        expect(isToolHistoryError(error) && error.code === 'invalid-input').toBe(true);
        expect(want).toBe('refused');
        expect(runs).toBe(0);
        return;
      }
      const events: ToolLoopEvent[] = [];
      for await (const event of loop) events.push(event);
      const result = events.find((event) => event.type === 'tool-result');
      const got: Expected =
        events[0]?.type === 'paused'
          ? 'waits'
          : result?.status === 'ok'
            ? 'runs'
            : // A denied call the history says started may have run: it is answered interrupted.
              result?.status === (started ? 'cancelled' : 'denied')
              ? 'denied'
              : 'refused';
      expect(got).toBe(want);
      expect(runs).toBe(want === 'runs' ? 1 : 0);
    },
  );
});
