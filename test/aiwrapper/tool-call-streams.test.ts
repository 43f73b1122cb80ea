import { LangMessages, setHttpRequestImpl } from 'aiwrapper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runToolLoop, type LoopTool, type ToolLoopEvent } from '../../src/aiwrapper/index.js';
import { routeToStrictServer } from '../../src/testing/index.js';
import { useProviderErrors } from '../helpers/provider-http.js';
import { withStrictServer } from '../helpers/strict-server.js';
import { MATRIX_PROVIDERS, type MatrixProvider } from '../matrix/providers.js';

const note = 'A note long enough to stream in many pieces: ' + 'déjà vu, "quoted", \\ '.repeat(12);
const tools: LoopTool[] = [
  {
    name: 'save_note',
    parameters: { type: 'object', properties: { text: { type: 'string' } } },
    handler: (args) => ({ saved: typeof args.text === 'string' ? args.text.length : 0 }),
  },
];
const replies = [
  { toolCalls: [{ name: 'save_note', arguments: { text: note } }] },
  { text: 'Saved.' },
];

const server = withStrictServer({ route: false });
let restoreHttp: () => void;
afterAll(() => {
  restoreHttp();
});

async function run(provider: MatrixProvider): Promise<ToolLoopEvent[]> {
  server.enqueue(...replies);
  const events: ToolLoopEvent[] = [];
  for await (const event of runToolLoop(provider.create(server), new LangMessages('Save it.'), {
    tools,
  })) {
    // The call view is live (updated in place as deltas arrive): keep a snapshot.
    events.push(
      event.type === 'tool-call-delta' ? { ...event, call: structuredClone(event.call) } : event,
    );
  }
  return events;
}

const streamed = MATRIX_PROVIDERS.filter((provider) => provider.name !== 'Lang.google');

function expectLiveText(events: readonly ToolLoopEvent[]): void {
  const deltas = events.filter((event) => event.type === 'tool-call-delta');
  const end = events.find((event) => event.type === 'tool-call-end');
  const full = JSON.stringify({ text: note });
  expect(deltas.length).toBeGreaterThan(3);
  let before = 0;
  // The deltas add up to the whole text; the live view, read later, is never behind them.
  expect(deltas.map((delta) => delta.argumentsDelta).join('')).toBe(full);
  for (const delta of deltas) {
    before += delta.argumentsDelta.length;
    expect(full.startsWith(delta.call.argumentsText)).toBe(true);
    expect(delta.call.argumentsText.length).toBeGreaterThanOrEqual(before);
  }
  expect(deltas.at(-1)?.call.argumentsText).toBe(full);
  expect(deltas.at(-1)?.call.partialArguments).toEqual({ text: note });
  expect(new Set(deltas.map((delta) => delta.callId))).toEqual(new Set([end?.call.callId]));
  expect(end?.call).toMatchObject({ name: 'save_note', arguments: { text: note } });
  expect(events.at(-1)).toMatchObject({ type: 'done', reason: 'answer', answer: 'Saved.' });
  expect(server.requests.map((request) => request.status)).toEqual([200, 200]);
}

describe('the loop over withProviderErrors', () => {
  beforeAll(() => {
    restoreHttp = useProviderErrors(routeToStrictServer(server));
  });

  describe.each(streamed)('$name', (provider) => {
    it('reports the argument text as it arrives, under the id the history keeps', async () => {
      expectLiveText(await run(provider));
    });
  });

  it('leaves the requests and replies of plain chat() untouched', async () => {
    server.enqueue({ text: 'Hello.' });
    const provider = streamed[1];
    if (provider === undefined) throw new Error('no Chat Completions provider');
    const result = await provider.create(server).chat(new LangMessages('Hi.'));
    expect(result.answer).toBe('Hello.');
    expect(server.requests.map((request) => request.status)).toEqual([200]);
  });
});

describe('the loop over a plain request function', () => {
  beforeAll(() => {
    restoreHttp();
    setHttpRequestImpl(routeToStrictServer(server));
    restoreHttp = () => {
      setHttpRequestImpl((url, options) => fetch(url, options));
    };
  });

  describe.each(streamed)('$name', (provider) => {
    it('reports the argument text as it arrives too', async () => {
      expectLiveText(await run(provider));
    });
  });
});
