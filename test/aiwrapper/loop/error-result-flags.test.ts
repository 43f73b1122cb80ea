import { Lang, LangMessages } from 'aiwrapper';
import { describe, expect, it } from 'vitest';
import { runToolLoop, type LoopTool } from '../../../src/aiwrapper/index.js';
import { installErrorResultFlags } from '../../../src/aiwrapper/serializer-fixes.js';
import { useProviderErrors } from '../../helpers/provider-http.js';
import { withStrictServer } from '../../helpers/strict-server.js';

const server = withStrictServer({
  route: (request) => useProviderErrors(request),
});

const anthropic = (): ReturnType<typeof Lang.anthropic> =>
  Lang.anthropic({ apiKey: 'test', model: 'claude-sonnet-4-5-20250929' });

/** The `tool_result` blocks of the last request the server received. */
function sentResults(): unknown[] {
  const body = server.lastRequest?.body as { messages: { content: unknown }[] };
  return body.messages.flatMap((message): unknown[] =>
    Array.isArray(message.content)
      ? (message.content as { type?: string }[]).filter((block) => block.type === 'tool_result')
      : [],
  );
}

describe('installErrorResultFlags', () => {
  it("sends the loop's failed results to Anthropic with is_error, and its successes without", async () => {
    const tools: LoopTool[] = [
      { name: 'ok_tool', parameters: { type: 'object' }, handler: () => 'fine' },
      {
        name: 'bad_tool',
        parameters: { type: 'object' },
        handler: () => {
          throw new RangeError('out of range');
        },
      },
    ];
    server.enqueue(
      {
        toolCalls: [
          { id: 'toolu_ok', name: 'ok_tool', arguments: {} },
          { id: 'toolu_bad', name: 'bad_tool', arguments: {} },
        ],
      },
      { text: 'Done.' },
    );
    const events = [];
    for await (const event of runToolLoop(anthropic(), new LangMessages('Go.'), { tools }))
      events.push(event.type);
    expect(events.at(-1)).toBe('done');
    expect(server.requests.map((request) => request.status)).toEqual([200, 200]);
    expect(sentResults()).toEqual([
      { type: 'tool_result', tool_use_id: 'toolu_ok', content: 'fine' },
      {
        type: 'tool_result',
        tool_use_id: 'toolu_bad',
        content: JSON.stringify({ error: true, name: 'RangeError', message: 'out of range' }),
        is_error: true,
      },
    ]);
  });

  it('leaves results without the mark as aiwrapper sends them, error values included', async () => {
    installErrorResultFlags();
    const messages = new LangMessages('Go.');
    messages.addAssistantItems([{ type: 'tool', callId: 'toolu_1', name: 'f', arguments: {} }]);
    messages.addToolResultsMessage([
      {
        type: 'tool-result',
        callId: 'toolu_1',
        name: 'f',
        result: { error: true, name: 'X', message: 'y' },
      },
    ]);
    messages.availableTools = [{ name: 'f', description: 'F.', parameters: { type: 'object' } }];
    server.enqueue({ text: 'ok' });
    await anthropic().chat(messages);
    expect(server.lastRequest?.status).toBe(200);
    expect(sentResults()).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 'toolu_1',
        content: JSON.stringify({ error: true, name: 'X', message: 'y' }),
      },
    ]);
  });
});
