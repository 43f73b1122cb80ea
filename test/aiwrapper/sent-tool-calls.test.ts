import { LangMessages } from 'aiwrapper';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { installProviderErrors, runToolLoop, type LoopTool } from '../../src/aiwrapper/index.js';
import {
  routeToStrictServer,
  startStrictServer,
  type StrictServer,
} from '../../src/testing/index.js';
import { MATRIX_PROVIDERS } from '../matrix/providers.js';

// The loop hooks aiwrapper's stream handlers to read calls as the model sent them. The hooks act
// only for the loop's own requests: a plain chat() in the same process, after a loop ran, reads a
// response exactly as aiwrapper alone does.

let server: StrictServer;
let restoreHttp: () => void;

beforeAll(async () => {
  server = await startStrictServer();
  restoreHttp = installProviderErrors({ httpRequest: routeToStrictServer(server) });
});
afterAll(async () => {
  restoreHttp();
  await server.close();
});

const tool: LoopTool = {
  name: 'transfer',
  parameters: { type: 'object' },
  handler: () => 'sent',
};

/** Two calls sharing one id, one with cut-off arguments: what the hooks treat differently. */
const reply = {
  toolCalls: [
    { id: 'call_same', name: 'transfer', arguments: { to: 'bob' } },
    { id: 'call_same', name: 'transfer', arguments: '{"to":"eve"' },
  ],
};

it.each(
  MATRIX_PROVIDERS.filter(({ name }) =>
    ['Lang.openai (Responses)', 'Lang.openaiLike (Chat Completions)', 'Lang.anthropic'].includes(
      name,
    ),
  ),
)('leaves a plain chat() on $name as aiwrapper reads it, after a loop ran', async (provider) => {
  const plainChat = async (): Promise<string> => {
    server.enqueue(reply);
    const messages = new LangMessages('Pay bob and eve.');
    const result = await provider.create(server).chat(messages, { onResult: () => undefined });
    return JSON.stringify(result[1]?.items); // its meta holds a response id made per request
  };
  const before = await plainChat();
  server.enqueue(reply, { text: 'Done.' });
  const looped = new LangMessages('Pay bob and eve.');
  for await (const event of runToolLoop(provider.create(server), looped, { tools: [tool] }))
    if (event.type === 'done') expect(event.reason).toBe('answer');
  expect(looped[1]?.items.filter((item) => item.type === 'tool')).toHaveLength(2);
  expect(await plainChat()).toBe(before);
});
