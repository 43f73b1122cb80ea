import { LangMessages } from 'aiwrapper';
import { describe, expect, it } from 'vitest';
import { runToolLoop, type LoopTool } from '../../src/aiwrapper/index.js';
import { useProviderErrors } from '../helpers/provider-http.js';
import { withStrictServer } from '../helpers/strict-server.js';
import { hookingOnResult, sentArgumentsText } from '../../src/aiwrapper/sent-tool-calls.js';
import { MATRIX_PROVIDERS } from '../matrix/providers.js';

// The loop hooks aiwrapper's stream handlers to read calls as the model sent them. The hooks act
// only for the loop's own requests: a plain chat() in the same process, after a loop ran, reads a
// response exactly as aiwrapper alone does.

const server = withStrictServer({
  route: (request) => useProviderErrors(request),
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

describe('the Anthropic hook at the end of a response', () => {
  /** The fields and methods of aiwrapper's Anthropic stream handler the hook reads. */
  class AnthropicHandler {
    readonly toolBlocks = new Map<number, { readonly callId: string }>();
    readonly toolArgBuffers = new Map<string, string>();
    applyToolDelta(): void {
      // Deltas are not part of these cases: each block's text came whole in its start event.
    }
    finalizeToolArguments(): void {
      // aiwrapper parses the buffers here.
    }
  }

  /** A handler of `count` blocks whose text came whole; every `shareEvery`-th shares an id. */
  function finalized(count: number, shareEvery: number): { readonly callId: string }[] {
    const handler = new AnthropicHandler();
    for (let index = 0; index < count; index++) {
      const callId = index % shareEvery === 1 ? 'toolu_shared' : `toolu_${String(index)}`;
      handler.toolBlocks.set(index, { callId });
      handler.toolArgBuffers.set(callId, `{"n":${String(index)}}`);
    }
    hookingOnResult(undefined).call(handler);
    handler.finalizeToolArguments();
    return [...handler.toolBlocks.values()];
  }

  it('records the text of a block whose id is its own, and not of blocks sharing an id', () => {
    const blocks = finalized(5, 2);
    expect(blocks.map((block) => sentArgumentsText(block))).toEqual([
      '{"n":0}',
      undefined,
      '{"n":2}',
      undefined,
      '{"n":4}',
    ]);
  });

  it('finalizes a response of 40,000 blocks, leaving out only those that share an id', () => {
    // A wide response: a check per pair of blocks would take seconds here, a count per id takes
    // milliseconds (no time is asserted: timing belongs to the bench).
    const blocks = finalized(40_000, 1000);
    expect(blocks.filter((block) => sentArgumentsText(block) === undefined)).toHaveLength(40);
  });
});
