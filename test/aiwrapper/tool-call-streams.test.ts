import { LangMessages, setHttpRequestImpl } from 'aiwrapper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  runToolLoop,
  withToolCallStreams,
  type LoopTool,
  type ToolLoopEvent,
} from '../../src/aiwrapper/index.js';
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
    // partialArguments is live (mutated as deltas arrive): keep a snapshot.
    events.push(
      event.type === 'tool-call-delta'
        ? { ...event, partialArguments: structuredClone(event.partialArguments) }
        : event,
    );
  }
  return events;
}

const streamed = MATRIX_PROVIDERS.filter((provider) => provider.name !== 'Lang.google');

describe('withToolCallStreams', () => {
  beforeAll(() => {
    restoreHttp = useProviderErrors(withToolCallStreams(routeToStrictServer(server)));
  });

  describe.each(streamed)('$name', (provider) => {
    it('reports the argument text as it arrives, under the id the history keeps', async () => {
      const events = await run(provider);
      const deltas = events.filter((event) => event.type === 'tool-call-delta');
      const end = events.find((event) => event.type === 'tool-call-end');
      const full = JSON.stringify({ text: note });
      expect(deltas.length).toBeGreaterThan(3);
      // Every delta's text is a growing prefix of the whole argument text.
      let before = 0;
      for (const delta of deltas) {
        expect(full.startsWith(delta.argumentsText ?? '')).toBe(true);
        expect(delta.argumentsText?.length ?? 0).toBeGreaterThan(before);
        before = delta.argumentsText?.length ?? 0;
      }
      expect(deltas.at(-1)?.argumentsText).toBe(full);
      // A partial value mid-stream: the text so far, not yet the whole note.
      const middle = deltas[Math.floor(deltas.length / 2)];
      const partial = (middle?.partialArguments as { text?: string } | undefined)?.text ?? '';
      expect(note.startsWith(partial) && partial.length < note.length).toBe(true);
      expect(new Set(deltas.map((delta) => delta.callId))).toEqual(new Set([end?.callId]));
      expect(end).toMatchObject({ name: 'save_note', arguments: { text: note } });
      expect(events.at(-1)).toMatchObject({ type: 'done', reason: 'answer', answer: 'Saved.' });
      expect(server.requests.map((request) => request.status)).toEqual([200, 200]);
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

describe('without withToolCallStreams', () => {
  beforeAll(() => {
    restoreHttp();
    setHttpRequestImpl(routeToStrictServer(server));
    restoreHttp = useProviderErrors(routeToStrictServer(server));
  });

  it("reports arguments only as aiwrapper's whole-buffer parse exposes them", async () => {
    const provider = streamed[1];
    if (provider === undefined) throw new Error('no Chat Completions provider');
    const events = await run(provider);
    const deltas = events.filter((event) => event.type === 'tool-call-delta');
    expect(deltas.every((delta) => delta.argumentsText === undefined)).toBe(true);
    expect(deltas.map((delta) => delta.partialArguments)).toEqual(
      deltas.map(() => ({ text: note })),
    );
    expect(events.at(-1)).toMatchObject({ type: 'done', reason: 'answer' });
  });
});
