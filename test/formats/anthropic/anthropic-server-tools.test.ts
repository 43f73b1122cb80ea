import { describe, expect, it } from 'vitest';
import { repairHistory } from '../../../src/repair/repair-history.js';
import { validateHistory } from '../../../src/validate/validate-history.js';
import { convertHistory } from '../../../src/convert/convert-history.js';

const user = (content: unknown): object => ({ role: 'user', content });
const assistant = (content: unknown): object => ({ role: 'assistant', content });
const search = (id: string): object => ({
  type: 'server_tool_use',
  id,
  name: 'web_search',
  input: { query: 'weather Paris' },
});
const searchResult = (id: string, type = 'web_search_tool_result'): object => ({
  type,
  tool_use_id: id,
  content: [{ type: 'web_search_result', url: 'https://example.com', title: 'Paris' }],
});
const use = (id: string): object => ({ type: 'tool_use', id, name: 'get_weather', input: {} });
const result = (id: string): object => ({ type: 'tool_result', tool_use_id: id, content: '21C' });
const text = (value: string): object => ({ type: 'text', text: value });
const anthropic = { format: 'anthropic' } as const;

describe('server tools in validateHistory (anthropic)', () => {
  it('accepts server calls paired in their message, mixed with client calls', () => {
    const messages = [
      user('go'),
      assistant([search('srvtoolu_1'), searchResult('srvtoolu_1'), use('toolu_1')]),
      user([result('toolu_1')]),
      assistant([
        { type: 'mcp_tool_use', id: 'mcptoolu_1', name: 'echo', server_name: 's', input: {} },
        { type: 'mcp_tool_result', tool_use_id: 'mcptoolu_1', content: [text('hi')] },
        text('done'),
      ]),
    ];
    expect(validateHistory(messages, anthropic)).toEqual({ ok: true, issues: [] });
  });

  it('accepts a last message that ends on a server call (pause_turn, sent back as is)', () => {
    const messages = [user('go'), assistant([text('Searching'), search('srvtoolu_1')])];
    expect(validateHistory(messages, anthropic)).toEqual({ ok: true, issues: [] });
  });

  it("refuses an orphan server result in Anthropic's words", () => {
    const messages = [user('go'), assistant([searchResult('srvtoolu_9', 'advisor_tool_result')])];
    expect(validateHistory(messages, anthropic).issues).toEqual([
      {
        code: 'orphan-tool-result',
        messageIndex: 1,
        partIndex: 0,
        toolCallId: 'srvtoolu_9',
        param: 'messages.1.content.0',
        message:
          'messages.1.content.0: unexpected `tool_use_id` found in `advisor_tool_result` blocks: srvtoolu_9. Each `advisor_tool_result` block must have a corresponding `server_tool_use` block before it.',
      },
    ]);
  });

  it("refuses a dangling server call in a turn that is not last, in Anthropic's words", () => {
    const messages = [user('go'), assistant([search('srvtoolu_1')]), user('and?')];
    expect(validateHistory(messages, anthropic).issues).toEqual([
      {
        code: 'missing-tool-result',
        messageIndex: 1,
        partIndex: 0,
        toolCallIds: ['srvtoolu_1'],
        param: 'messages.1',
        message:
          'messages.1: `web_search` tool use with id `srvtoolu_1` was found without a corresponding `web_search_tool_result` block',
      },
    ]);
  });

  it('refuses a reused server call id', () => {
    const pair = [search('srvtoolu_1'), searchResult('srvtoolu_1')];
    const messages = [user('go'), assistant(pair), user('again'), assistant(pair)];
    const { issues } = validateHistory(messages, anthropic);
    expect(issues.map((issue) => [issue.code, issue.messageIndex, issue.partIndex])).toEqual([
      ['duplicate-tool-call-id', 3, 0],
      ['orphan-tool-result', 3, 1],
    ]);
  });

  it('refuses a server call a proxy turned into a client tool_use', () => {
    const messages = [
      user('go'),
      assistant([use('srvtoolu_1'), searchResult('srvtoolu_1')]),
      user('next'),
    ];
    expect(validateHistory(messages, anthropic).issues.map((issue) => issue.code)).toEqual([
      'missing-tool-result',
      'server-call-as-tool-use',
    ]);
  });
});

describe('server tools in repairHistory (anthropic)', () => {
  it('leaves a valid history with server blocks as its own objects', () => {
    const messages = [user('go'), assistant([search('srvtoolu_1'), searchResult('srvtoolu_1')])];
    const repaired = repairHistory(messages, anthropic);
    expect(repaired).toEqual({ messages, fixes: [], warnings: [] });
    expect(repaired.messages[1]).toBe(messages[1]);
  });

  it('drops an orphan server result and keeps every other message as is', () => {
    const orphan = searchResult('srvtoolu_9');
    const messages = [user('go'), assistant([text('hi'), orphan]), user('ok')];
    const repaired = repairHistory(messages, anthropic);
    expect(repaired.messages).toEqual([user('go'), assistant([text('hi')]), user('ok')]);
    expect(repaired.messages[0]).toBe(messages[0]);
    expect(repaired.messages[2]).toBe(messages[2]);
    expect(repaired.fixes).toEqual([
      {
        kind: 'dropped-server-block',
        messageIndex: 1,
        partIndex: 1,
        callId: 'srvtoolu_9',
        fromIndex: 1,
        fromPartIndex: 1,
        block: orphan,
        message:
          'Dropped the web_search_tool_result block at messages[1].content[1] (id srvtoolu_9): it answers no server tool call before it in its message; Anthropic refuses the request otherwise.',
      },
    ]);
    expect(validateHistory(repaired.messages, anthropic).ok).toBe(true);
  });

  it('drops a dangling server call, and its message when nothing else is left', () => {
    const messages = [user('go'), assistant([search('srvtoolu_1')]), user('and?')];
    const repaired = repairHistory(messages, anthropic);
    expect(repaired.messages).toEqual([user('go'), user('and?')]);
    expect(repaired.fixes.map((fix) => fix.kind)).toEqual(['dropped-server-block']);
    expect(validateHistory(repaired.messages, anthropic).ok).toBe(true);
  });

  it('turns a proxy rewrite back into server_tool_use when its result is in the message', () => {
    const messages = [
      user('go'),
      assistant([use('srvtoolu_1'), searchResult('srvtoolu_1'), use('toolu_1')]),
      user([result('toolu_1')]),
    ];
    const repaired = repairHistory(messages, anthropic);
    expect(repaired.messages[1]).toEqual(
      assistant([
        { ...use('srvtoolu_1'), type: 'server_tool_use' },
        searchResult('srvtoolu_1'),
        use('toolu_1'),
      ]),
    );
    expect(repaired.fixes.map((fix) => fix.kind)).toEqual(['restored-server-call']);
    expect(validateHistory(repaired.messages, anthropic).ok).toBe(true);
  });

  it('drops a proxy rewrite whose result is gone, and the client result the proxy made for it', () => {
    const messages = [
      user('go'),
      assistant([text('Searching'), use('srvtoolu_1')]),
      user([result('srvtoolu_1')]),
      assistant([text('done')]),
    ];
    const repaired = repairHistory(messages, anthropic);
    expect(validateHistory(repaired.messages, anthropic).ok).toBe(true);
    expect(JSON.stringify(repaired.messages)).not.toContain('srvtoolu_1');
  });
});

describe('server tools in convertHistory', () => {
  it('keeps server blocks in an Anthropic round trip and drops them with a warning elsewhere', () => {
    const messages = [user('go'), assistant([search('srvtoolu_1'), searchResult('srvtoolu_1')])];
    expect(convertHistory(messages, { from: 'anthropic', to: 'anthropic' })).toMatchObject({
      messages,
      warnings: [],
    });
    const chat = convertHistory(messages, { from: 'anthropic', to: 'openai-chat' });
    expect(chat.warnings.map((warning) => [warning.code, warning.messageIndex])).toEqual([
      ['dropped-content', 1],
      ['dropped-content', 1],
    ]);
  });
});
