import { fc, test } from '@fast-check/vitest';
import { LangMessages, type LangMessage } from 'aiwrapper';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  runToolLoop,
  type LoopTool,
  type ToolLoopEvent,
  type ToolLoopOptions,
} from '../../../src/aiwrapper/index.js';
import { PROVIDER_FORMATS } from '../../../src/core/format.js';
import { convertHistory, validateHistory } from '../../../src/index.js';
import {
  handing,
  HANDLER_MODES,
  HOSTILE_VALUES,
  hostileValue,
  type HandlerMode,
  type HostileValueName,
} from '../../arbitraries/hostile-values.js';
import { ScriptedLang } from '../../helpers/scripted-lang.js';

// Issue 23, items 1, 2 and 6: whatever a handler (or an approval predicate, or onToolError) throws,
// rejects with or returns, the run goes on or ends as documented, nothing escapes as an unhandled
// rejection, and the history the loop writes is valid plain JSON data, the same every time it is
// serialized.

const unhandled: unknown[] = [];
const listener = (reason: unknown): void => {
  unhandled.push(reason);
};
beforeEach(() => {
  unhandled.length = 0;
  process.on('unhandledRejection', listener);
});
afterEach(() => {
  process.off('unhandledRejection', listener);
  vi.useRealTimers();
});

function make(name: HostileValueName): unknown {
  return HOSTILE_VALUES[name]();
}

function tool(name: string, handler: LoopTool['handler'], extra?: Partial<LoopTool>): LoopTool {
  return { name, parameters: { type: 'object' }, handler, ...extra };
}

/** Two calls of `name` in round 1, one of `ok` in round 2, then the answer. */
function scriptFor(name: string): ScriptedLang {
  return new ScriptedLang([
    {
      calls: [
        { callId: 'callAAAA1', name, arguments: { n: 1 } },
        { callId: 'callAAAA2', name, arguments: { n: 2 } },
      ],
    },
    { calls: [{ callId: 'callAAAA3', name: 'ok', arguments: {} }] },
    { text: 'Done.' },
  ]);
}

const okTool = tool('ok', () => ({ fine: true }));

interface Run {
  readonly events: ToolLoopEvent[];
  readonly messages: LangMessages;
  readonly lang: ScriptedLang;
}

async function runWith(name: string, options: ToolLoopOptions): Promise<Run> {
  const lang = scriptFor(name);
  const messages = new LangMessages('Go.');
  const events: ToolLoopEvent[] = [];
  for await (const event of runToolLoop(lang, messages, options)) {
    // An app that saves at every event: the history must serialize, the same each time.
    expect(JSON.stringify(messages)).toBe(JSON.stringify(messages));
    events.push(event);
  }
  // Unhandled rejections are reported once the microtask queue has drained.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { events, messages, lang };
}

/** Valid for aiwrapper and, converted, for every provider; a stable JSON round trip. */
function expectSound(messages: LangMessages, lang: ScriptedLang): void {
  const json = JSON.stringify(messages);
  expect(JSON.stringify(messages)).toBe(json);
  const history = JSON.parse(json) as LangMessage[];
  expect(JSON.stringify(new LangMessages(history))).toBe(json);
  expect(validateHistory(history, { format: 'aiwrapper' }).issues).toEqual([]);
  for (const request of lang.requests)
    expect(validateHistory(request.messages, { format: 'aiwrapper' }).issues).toEqual([]);
  const settled: { role: string }[] = [...history];
  if (settled.at(-1)?.role === 'assistant')
    settled.push({ role: 'user', items: [{ type: 'text', text: 'Next.' }] } as { role: string });
  for (const format of PROVIDER_FORMATS) {
    const converted = convertHistory(settled, { from: 'aiwrapper', to: format });
    expect({ format, issues: validateHistory(converted.messages, { format }).issues }).toEqual({
      format,
      issues: [],
    });
  }
}

function outline(events: readonly ToolLoopEvent[]): string[] {
  return events.flatMap((event) =>
    event.type === 'tool-result'
      ? [`${event.callId}:${event.status}`]
      : event.type === 'done'
        ? [`done:${event.reason}`]
        : [],
  );
}

function resultsOf(messages: LangMessages): unknown[] {
  return [...messages].flatMap((message) =>
    message.items.flatMap((item): unknown[] => (item.type === 'tool-result' ? [item.result] : [])),
  );
}

describe('runToolLoop with hostile handler values', () => {
  it.each(['reject', 'throw'] as const)(
    'answers a handler that %ss with undescribable values with error results and goes on',
    async (mode) => {
      const values = [make('null-prototype object holding a BigInt'), make('revoked proxy')];
      let call = 0;
      const hostile = tool('hostile', () => handing(mode, values[call++ % 2])());
      const { events, messages, lang } = await runWith('hostile', { tools: [hostile, okTool] });
      expect(unhandled).toEqual([]);
      expect(outline(events)).toEqual([
        'callAAAA1:error',
        'callAAAA2:error',
        'callAAAA3:ok',
        'done:answer',
      ]);
      expect(resultsOf(messages)).toEqual([
        { error: true, name: 'Error', message: 'an object that cannot be described' },
        { error: true, name: 'Error', message: 'an object that cannot be described' },
        { fine: true },
      ]);
      expectSound(messages, lang);
    },
  );

  it('answers Errors whose message is a BigInt or cyclic with their text, as plain strings', async () => {
    const values = [make('Error whose message is a BigInt'), make('Error whose message is cyclic')];
    let call = 0;
    const hostile = tool('hostile', () => handing('reject', values[call++])());
    const { messages, lang } = await runWith('hostile', { tools: [hostile, okTool] });
    expect(resultsOf(messages)).toEqual([
      { error: true, name: 'Error', message: '7' },
      { error: true, name: 'Error', message: '[object Object]' },
      { fine: true },
    ]);
    expectSound(messages, lang);
  });

  it('stores a result whose toJSON throws on its second call as the JSON of its first', async () => {
    const hostile = tool('hostile', () => make('object whose toJSON throws on its second call'));
    const { events, messages, lang } = await runWith('hostile', { tools: [hostile, okTool] });
    expect(outline(events)).toEqual([
      'callAAAA1:ok',
      'callAAAA2:ok',
      'callAAAA3:ok',
      'done:answer',
    ]);
    expect(resultsOf(messages)).toEqual([{ calls: 1 }, { calls: 1 }, { fine: true }]);
    expectSound(messages, lang);
  });

  it('answers a call whose needsApproval predicate throws a hostile value, unrun', async () => {
    let runs = 0;
    const guarded = tool(
      'hostile',
      () => {
        runs++;
        return 'ran';
      },
      {
        needsApproval: () => {
          throw make('revoked proxy');
        },
      },
    );
    const { events, messages, lang } = await runWith('hostile', { tools: [guarded, okTool] });
    expect(unhandled).toEqual([]);
    expect(runs).toBe(0);
    expect(outline(events)).toEqual([
      'callAAAA1:error',
      'callAAAA2:error',
      'callAAAA3:ok',
      'done:answer',
    ]);
    expectSound(messages, lang);
  });

  it('ends the run with reason error when onToolError throws a hostile value, the history sound', async () => {
    const thrown = make('revoked proxy');
    const hostile = tool(
      'hostile',
      handing('reject', make('null-prototype object holding a BigInt')),
    );
    const { events, messages, lang } = await runWith('hostile', {
      tools: [hostile, okTool],
      concurrency: 1,
      onToolError: () => {
        throw thrown;
      },
    });
    expect(unhandled).toEqual([]);
    expect(outline(events)).toEqual(['callAAAA1:error', 'callAAAA2:not-run', 'done:error']);
    const done = events.at(-1);
    expect(done?.type === 'done' && done.error === thrown).toBe(true);
    expectSound(messages, lang);
  });

  it('waits out a 30-day time limit instead of timing the call out at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const month = 30 * 24 * 3600 * 1000;
    let finish: (value: unknown) => void = () => undefined;
    const slow = tool('slow', () => new Promise((resolve) => (finish = resolve)), {
      timeoutMs: month,
    });
    const lang = new ScriptedLang([
      { calls: [{ callId: 'callAAAA1', name: 'slow', arguments: {} }] },
    ]);
    const messages = new LangMessages('Go.');
    const events: ToolLoopEvent[] = [];
    const loop = (async () => {
      for await (const event of runToolLoop(lang, messages, { tools: [slow] })) events.push(event);
    })();
    await vi.advanceTimersByTimeAsync(month - 1);
    expect(outline(events)).toEqual([]);
    finish({ done: true });
    await vi.advanceTimersByTimeAsync(0);
    await loop;
    expect(outline(events)).toEqual(['callAAAA1:ok', 'done:answer']);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('runToolLoop under any handler value', () => {
  test.prop([fc.constantFrom<HandlerMode>(...HANDLER_MODES), hostileValue(), fc.boolean()])(
    'goes on to the answer with a sound history, whatever a handler hands over and however',
    async (mode, value, withPolicy) => {
      const hostile = tool('hostile', () => handing(mode, value.make())());
      const { events, messages, lang } = await runWith('hostile', {
        tools: [hostile, okTool],
        ...(withPolicy ? { onToolError: () => 'continue' as const } : {}),
      });
      expect(unhandled).toEqual([]);
      expect(events.at(-1)).toMatchObject({ type: 'done', reason: 'answer' });
      expect(outline(events).slice(2)).toEqual(['callAAAA3:ok', 'done:answer']);
      expectSound(messages, lang);
    },
  );
});

describe('runToolLoop when the provider rejects with any value', () => {
  /** A provider whose `chat()` rejects with `reason`. */
  class RejectingLang extends ScriptedLang {
    readonly #reason: () => unknown;

    constructor(reason: () => unknown) {
      super([]);
      this.#reason = reason;
    }

    override chat(): Promise<LangMessages> {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the point
      return Promise.reject(this.#reason());
    }
  }

  test.prop([hostileValue()])(
    'ends with done: error carrying what it rejected with, and throws nothing',
    async (value) => {
      const reason = value.make();
      const messages = new LangMessages('Go.');
      const events: ToolLoopEvent[] = [];
      for await (const event of runToolLoop(new RejectingLang(() => reason), messages, {
        tools: [okTool],
      }))
        events.push(event);
      expect(events).toHaveLength(1);
      const [done] = events;
      expect(done?.type === 'done' && done.reason).toBe('error');
      expect(done?.type === 'done' && Object.is(done.error, reason)).toBe(true);
      expect(JSON.stringify(messages)).toBe(JSON.stringify(new LangMessages('Go.')));
      expect(unhandled).toEqual([]);
    },
  );
});
