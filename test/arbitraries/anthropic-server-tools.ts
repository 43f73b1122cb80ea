import { fc } from '@fast-check/vitest';

// Anthropic histories whose assistant turns mix client calls and server tool blocks, each server
// pair kept, broken (result dropped, call dropped, id reused) or rewritten by a proxy as tool_use.

/** What becomes of one server call in the generated history. */
export type ServerPairFate = 'paired' | 'no-result' | 'no-call' | 'reused-id' | 'as-tool-use';

interface Round {
  readonly server: readonly { readonly fate: ServerPairFate; readonly mcp: boolean }[];
  readonly clientCalls: number;
  readonly text: boolean;
}

const arbitraryRound: fc.Arbitrary<Round> = fc.record({
  server: fc.array(
    fc.record({
      fate: fc.constantFrom<ServerPairFate>(
        'paired',
        'paired',
        'no-result',
        'no-call',
        'reused-id',
        'as-tool-use',
      ),
      mcp: fc.boolean(),
    }),
    { maxLength: 3 },
  ),
  clientCalls: fc.integer({ min: 0, max: 2 }),
  text: fc.boolean(),
});

/** Anthropic `messages`: per round a user question, an assistant turn, its client results. */
export function arbitraryServerToolHistory(): fc.Arbitrary<unknown[]> {
  return fc.array(arbitraryRound, { minLength: 1, maxLength: 4 }).map(render);
}

function render(rounds: readonly Round[]): unknown[] {
  const messages: unknown[] = [];
  let next = 0;
  let lastServerId: string | undefined;
  rounds.forEach((round, roundIndex) => {
    messages.push({ role: 'user', content: `question ${String(roundIndex)}` });
    const blocks: unknown[] = round.text ? [{ type: 'text', text: 'Let me look.' }] : [];
    for (const { fate, mcp } of round.server) {
      const fresh = `${mcp ? 'mcptoolu' : 'srvtoolu'}_${String(next++)}`;
      const id = fate === 'reused-id' && lastServerId !== undefined ? lastServerId : fresh;
      lastServerId = id;
      const call = mcp
        ? { type: 'mcp_tool_use', id, name: 'echo', server_name: 'tools', input: { n: next } }
        : { type: 'server_tool_use', id, name: 'web_search', input: { query: `q${String(next)}` } };
      const result = mcp
        ? { type: 'mcp_tool_result', tool_use_id: id, is_error: false, content: [] }
        : { type: 'web_search_tool_result', tool_use_id: id, content: [] };
      if (fate === 'as-tool-use') blocks.push({ ...call, type: 'tool_use' }, result);
      else if (fate === 'no-result') blocks.push(call);
      else if (fate === 'no-call') blocks.push(result);
      else blocks.push(call, result);
    }
    const ids = Array.from({ length: round.clientCalls }, () => `toolu_${String(next++)}`);
    for (const id of ids) blocks.push({ type: 'tool_use', id, name: 'get_weather', input: {} });
    if (blocks.length === 0) blocks.push({ type: 'text', text: 'Nothing to do.' });
    messages.push({ role: 'assistant', content: blocks });
    if (ids.length > 0)
      messages.push({
        role: 'user',
        content: ids.map((id) => ({ type: 'tool_result', tool_use_id: id, content: 'ok' })),
      });
  });
  return messages;
}
