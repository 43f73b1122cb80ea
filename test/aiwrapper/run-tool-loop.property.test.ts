import { it } from '@fast-check/vitest';
import { LangMessages, type LangMessage } from 'aiwrapper';
import { describe, expect } from 'vitest';
import {
  pendingToolCalls,
  resumeToolLoop,
  runToolLoop,
  type LoopTool,
  type ToolApproval,
  type ToolLoopEvent,
} from '../../src/aiwrapper/index.js';
import { convertHistory, validateHistory, type MessageFormat } from '../../src/index.js';
import { loopScript, type LoopScript } from '../arbitraries/tool-loop-scripts.js';
import { ScriptedLang } from '../helpers/scripted-lang.js';

// Issue 12's invariant: whatever stops the loop (an abort, a break, a crash that abandons the
// generator, a pause for approval, a tool that throws or times out), the history is valid for
// every provider, or valid with its latest calls pending; resumed from its JSON alone, the run
// finishes, every call has exactly one result, and no 'once' tool runs twice for one call.

const PROVIDERS: readonly MessageFormat[] = [
  'openai-chat',
  'openai-responses',
  'anthropic',
  'gemini',
  'mistral',
  'bedrock',
];

/** Handler runs, by tool and call id, and what each returned. */
interface Runs {
  readonly count: Map<string, number>;
  readonly returned: Map<string, unknown>;
}

function toolsFor(script: LoopScript, runs: Runs): LoopTool[] {
  const handler =
    (name: string, fail = false) =>
    async (args: Readonly<Record<string, unknown>>, context: { callId: string }) => {
      const key = `${name}:${context.callId}`;
      runs.count.set(key, (runs.count.get(key) ?? 0) + 1);
      for (let wait = script.delays[context.callId] ?? 0; wait > 0; wait--) await Promise.resolve();
      if (fail) throw new RangeError(`no ${String(args.value)}`);
      const value = { tool: name, callId: context.callId, echo: args.value };
      runs.returned.set(key, value);
      return value;
    };
  const object = { type: 'object' };
  return [
    { name: 'read', parameters: object, sideEffects: 'none', handler: handler('read') },
    { name: 'sync', parameters: object, sideEffects: 'idempotent', handler: handler('sync') },
    { name: 'charge', parameters: object, sideEffects: 'once', handler: handler('charge') },
    {
      name: 'approve_me',
      parameters: object,
      needsApproval: true,
      handler: handler('approve_me'),
    },
    { name: 'boom', parameters: object, handler: handler('boom', true) },
    {
      name: 'slow',
      parameters: object,
      timeoutMs: 1,
      handler: (_args, { signal }) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            reject(new Error('stopped'));
          });
        }),
    },
  ];
}

/** Valid, or valid with the last turn's calls pending (their missing results are no issue). */
function expectValidOrPending(messages: readonly LangMessage[]): void {
  const pending = pendingToolCalls(messages);
  const issues = validateHistory(messages, { format: 'aiwrapper' }).issues.filter(
    (issue) =>
      !(
        pending !== undefined &&
        issue.code === 'missing-tool-result' &&
        issue.messageIndex === pending.messageIndex
      ),
  );
  expect(issues).toEqual([]);
}

/**
 * The settled part (before any pending turn) is valid in every provider's format, as the next
 * request sends it: after a final answer, with the user's next message (Mistral refuses a request
 * that ends with an assistant message).
 */
function expectValidForProviders(messages: readonly LangMessage[]): void {
  const pending = pendingToolCalls(messages);
  const settled = JSON.parse(
    JSON.stringify(pending === undefined ? messages : messages.slice(0, pending.messageIndex)),
  ) as { role: string }[];
  if (settled.at(-1)?.role === 'assistant')
    settled.push({ role: 'user', items: [{ type: 'text', text: 'Next.' }] } as { role: string });
  for (const format of PROVIDERS) {
    const converted = convertHistory(settled, { from: 'aiwrapper', to: format });
    const issues = validateHistory(converted.messages, { format }).issues;
    expect({ format, issues }).toEqual({ format, issues: [] });
  }
}

async function resumeToEnd(
  lang: ScriptedLang,
  messages: LangMessages,
  tools: LoopTool[],
  approve: boolean,
): Promise<ToolLoopEvent[]> {
  const events: ToolLoopEvent[] = [];
  let approvals: Record<string, ToolApproval> = {};
  for (let pass = 0; pass < 12; pass++) {
    for await (const event of resumeToolLoop(lang, messages, { tools, approvals })) {
      expectValidOrPending(messages);
      events.push(event);
    }
    const last = events.at(-1);
    if (last?.type !== 'paused') return events;
    approvals = Object.fromEntries(last.pending.map((call) => [call.callId, approve]));
  }
  throw new Error('the run did not finish');
}

describe('runToolLoop under faults', () => {
  it.prop([loopScript])(
    'leaves a valid history at every event and after any fault, and resumes to the end',
    async (script) => {
      const runs: Runs = { count: new Map(), returned: new Map() };
      const tools = toolsFor(script, runs);
      const lang = new ScriptedLang(script.responses);
      const controller = new AbortController();
      let messages = new LangMessages('Go.');
      const loop = runToolLoop(lang, messages, {
        tools,
        concurrency: script.concurrency,
        signal: controller.signal,
      });
      let saved: string | undefined;
      let index = 0;
      for (let step = await loop.next(); step.done !== true; step = await loop.next()) {
        expectValidOrPending(messages);
        const fault = script.fault;
        if (fault.kind !== 'none' && fault.at === index) {
          if (fault.kind === 'abort') controller.abort();
          else if (fault.kind === 'break') {
            await loop.return();
            break;
          } else {
            // A crash: the generator is abandoned mid-run and only the JSON survives.
            saved = JSON.stringify(messages);
            break;
          }
        }
        index++;
      }
      saved ??= JSON.stringify(messages);
      expectValidOrPending(messages);
      messages = new LangMessages(JSON.parse(saved) as LangMessage[]);
      expectValidForProviders(messages);

      const events = await resumeToEnd(lang, messages, tools, script.approve);
      expect(events.at(-1)).toMatchObject({ type: 'done' });
      expect(pendingToolCalls(messages)).toBeUndefined();
      expect(validateHistory(messages, { format: 'aiwrapper' }).issues).toEqual([]);
      expectValidForProviders(messages);

      // No result lost or altered: a success is exactly what its handler returned; anything else
      // is an error result marked as one. A 'once' call ran at most once.
      for (const message of messages)
        for (const item of message.items) {
          if (item.type !== 'tool-result') continue;
          const key = `${item.name}:${item.callId}`;
          const marked = (item as { isError?: unknown }).isError === true;
          if (marked) expect(item.result).toMatchObject({ error: true });
          else expect(item.result).toEqual(runs.returned.get(key));
        }
      for (const [key, count] of runs.count)
        if (key.startsWith('charge:') || key.startsWith('approve_me:'))
          expect({ key, count }).toEqual({ key, count: 1 });
    },
  );
});
