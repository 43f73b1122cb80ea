import { LangMessages, type LangMessage, type LangMessageItemTool } from 'aiwrapper';
import { describe, expect, it } from 'vitest';
import {
  META_KEYS,
  runToolLoop,
  type LoopTool,
  type ToolLoopEvent,
} from '../../../src/aiwrapper/index.js';
import type { ProviderFormat } from '../../../src/core/format.js';
import { convertHistory, UNKNOWN_TOOL_NAME, validateHistory } from '../../../src/index.js';
import { useProviderErrors } from '../../helpers/provider-http.js';
import { withStrictServer } from '../../helpers/strict-server.js';
import { MATRIX_PROVIDERS, type MatrixProvider } from '../../matrix/providers.js';
import { providerIssues } from '../../helpers/loop-fault-harness.js';
import { ScriptedLang } from '../../helpers/scripted-lang.js';

// Issue 23, items 3, 8 and 15c: the loop reads each call of a response as the model sent it,
// never runs one whose arguments or name it cannot trust, and never writes a history the
// provider refuses. Faults are injected through the strict server, which replies with exactly
// the bytes scripted and refuses what each provider refuses.

const server = withStrictServer({
  route: (request) => useProviderErrors(request),
});

/** The three providers whose streams aiwrapper accumulates itself, with the format each speaks. */
const PROVIDERS: readonly (MatrixProvider & { readonly format: ProviderFormat })[] = [
  ['Lang.openai (Responses)', 'openai-responses'],
  ['Lang.openaiLike (Chat Completions)', 'openai-chat'],
  ['Lang.anthropic', 'anthropic'],
].map(([name, format]) => {
  const provider = MATRIX_PROVIDERS.find((candidate) => candidate.name === name);
  if (provider === undefined) throw new Error(`no matrix provider ${String(name)}`);
  return { ...provider, format: format as ProviderFormat };
});

/** A transfer tool that records every argument object it is run with. */
function transferTool(runs: unknown[]): LoopTool {
  return {
    name: 'transfer',
    parameters: {
      type: 'object',
      properties: { to: { type: 'string' }, amount: { type: 'number' } },
    },
    handler: (args) => {
      runs.push(args);
      return { sent: args.amount };
    },
  };
}

async function drain(loop: AsyncGenerator<ToolLoopEvent>): Promise<ToolLoopEvent[]> {
  const events: ToolLoopEvent[] = [];
  for await (const event of loop) events.push(event);
  return events;
}

function results(events: readonly ToolLoopEvent[]): { status: string; result: unknown }[] {
  return events.flatMap((event) =>
    event.type === 'tool-result' ? [{ status: event.status, result: event.result }] : [],
  );
}

function toolItems(message: LangMessage | undefined): LangMessageItemTool[] {
  return (message?.items ?? []).filter((item) => item.type === 'tool');
}

/** Every request reached the provider's path and was accepted. */
function expectAllAccepted(provider: MatrixProvider, count: number): void {
  expect(server.requests.map(({ path, status }) => ({ path, status }))).toEqual(
    Array.from({ length: count }, () => ({ path: provider.path, status: 200 })),
  );
}

function expectValidFor(messages: LangMessages, format: ProviderFormat): void {
  expect(validateHistory([...messages], { format: 'aiwrapper' })).toEqual({ ok: true, issues: [] });
  const written = convertHistory([...messages], { from: 'aiwrapper', to: format }).messages;
  expect(validateHistory(written, { format })).toEqual({ ok: true, issues: [] });
}

describe.each(PROVIDERS)('runToolLoop on $name', (provider) => {
  it('does not run a call whose arguments are cut-off JSON, and keeps the text it sent', async () => {
    const sent = '{"to":"bob","amount":10';
    server.enqueue(
      { toolCalls: [{ name: 'transfer', arguments: sent }] },
      { text: 'I will send it again.' },
    );
    const runs: unknown[] = [];
    const messages = new LangMessages('Send bob 10.');
    const events = await drain(
      runToolLoop(provider.create(server), messages, { tools: [transferTool(runs)] }),
    );
    expect(runs).toEqual([]);
    expect(results(events)).toEqual([
      {
        status: 'not-run',
        result: {
          error: true,
          name: 'ToolNotRun',
          message:
            'Tool "transfer" was not run: its arguments are not valid JSON. It had no effect. Call it again with arguments that are a JSON object.',
        },
      },
    ]);
    const [call] = toolItems(messages[1]);
    expect(call).toMatchObject({ name: 'transfer', arguments: {}, argumentsText: sent });
    expect(events.at(-1)).toMatchObject({ type: 'done', reason: 'answer' });
    expectValidFor(messages, provider.format);
    expectAllAccepted(provider, 2);
  });

  it.each([
    ['an array', '[1,2]'],
    ['null', 'null'],
    ['a number', '5'],
    ['a string', '"bob"'],
  ])('does not run a call whose arguments are %s, not an object', async (_, sent) => {
    server.enqueue({ toolCalls: [{ name: 'transfer', arguments: sent }] }, { text: 'Ok.' });
    const runs: unknown[] = [];
    const messages = new LangMessages('Send bob 10.');
    const events = await drain(
      runToolLoop(provider.create(server), messages, { tools: [transferTool(runs)] }),
    );
    expect(runs).toEqual([]);
    expect(results(events)).toEqual([
      {
        status: 'not-run',
        result: {
          error: true,
          name: 'ToolNotRun',
          message:
            'Tool "transfer" was not run: its arguments are not a JSON object. It had no effect. Call it again with arguments that are a JSON object.',
        },
      },
    ]);
    expectValidFor(messages, provider.format);
    expectAllAccepted(provider, 2);
  });

  it('keeps both of two calls that share one id, the second under a fresh id it records', async () => {
    server.enqueue(
      {
        toolCalls: [
          { id: 'call_same', name: 'transfer', arguments: { to: 'bob', amount: 1 } },
          { id: 'call_same', name: 'transfer', arguments: { to: 'eve', amount: 2 } },
        ],
      },
      { text: 'Both sent.' },
    );
    const runs: unknown[] = [];
    const messages = new LangMessages('Pay bob and eve.');
    const events = await drain(
      runToolLoop(provider.create(server), messages, { tools: [transferTool(runs)] }),
    );
    expect(runs).toEqual([
      { to: 'bob', amount: 1 },
      { to: 'eve', amount: 2 },
    ]);
    const calls = toolItems(messages[1]);
    expect(calls.map((call) => call.arguments)).toEqual([
      { to: 'bob', amount: 1 },
      { to: 'eve', amount: 2 },
    ]);
    const [first, second] = calls;
    expect(first?.callId).toBe('call_same');
    expect(second?.callId).not.toBe('call_same');
    expect(messages[1]?.meta?.[META_KEYS.sentCalls]).toEqual({
      [second?.callId ?? '']: { callId: 'call_same' },
    });
    expect(results(events).map((result) => result.status)).toEqual(['ok', 'ok']);
    expectValidFor(messages, provider.format);
    expectAllAccepted(provider, 2);
  });

  it('gives a call whose id an earlier round used a fresh id, and records it', async () => {
    server.enqueue(
      {
        toolCalls: [{ id: 'call_again', name: 'transfer', arguments: { to: 'bob', amount: 1 } }],
      },
      {
        toolCalls: [{ id: 'call_again', name: 'transfer', arguments: { to: 'eve', amount: 2 } }],
      },
      { text: 'Both sent.' },
    );
    const runs: unknown[] = [];
    const messages = new LangMessages('Pay bob, then eve.');
    await drain(runToolLoop(provider.create(server), messages, { tools: [transferTool(runs)] }));
    expect(runs).toEqual([
      { to: 'bob', amount: 1 },
      { to: 'eve', amount: 2 },
    ]);
    const [again] = toolItems(messages[3]);
    expect(toolItems(messages[1])[0]?.callId).toBe('call_again');
    expect(again?.callId).not.toBe('call_again');
    expect(messages[3]?.meta?.[META_KEYS.sentCalls]).toEqual({
      [again?.callId ?? '']: { callId: 'call_again' },
    });
    expectValidFor(messages, provider.format);
    expectAllAccepted(provider, 3);
  });

  it('does not run a call with an empty name, and writes a name the provider accepts', async () => {
    server.enqueue(
      { toolCalls: [{ name: '', arguments: { to: 'bob', amount: 1 } }] },
      { text: 'Ok.' },
    );
    const runs: unknown[] = [];
    const messages = new LangMessages('Pay bob.');
    const events = await drain(
      runToolLoop(provider.create(server), messages, { tools: [transferTool(runs)] }),
    );
    expect(runs).toEqual([]);
    expect(results(events).map((result) => result.status)).toEqual(['not-run']);
    expectValidFor(messages, provider.format);
    expectAllAccepted(provider, 2);
  });
});

describe('runToolLoop on a provider this package does not know', () => {
  it('writes a call with an empty name as unknown_tool, which every provider accepts', async () => {
    const lang = new ScriptedLang([
      { calls: [{ callId: 'callAAxyz', name: '', arguments: { to: 'bob', amount: 1 } }] },
      { text: 'Ok.' },
    ]);
    const runs: unknown[] = [];
    const messages = new LangMessages('Pay bob.');
    const events = await drain(runToolLoop(lang, messages, { tools: [transferTool(runs)] }));
    expect(runs).toEqual([]);
    expect(results(events).map((result) => result.status)).toEqual(['not-run']);
    expect(toolItems(messages[1])).toEqual([
      {
        type: 'tool',
        callId: 'callAAxyz',
        name: UNKNOWN_TOOL_NAME,
        arguments: { to: 'bob', amount: 1 },
      },
    ]);
    expect(messages[1]?.meta?.[META_KEYS.sentCalls]).toEqual({ callAAxyz: { name: '' } });
    expect(providerIssues(messages)).toEqual([]);
  });
});
