import { describe, expect, it } from 'vitest';
import { conversationView } from '../../src/view/conversation-view.js';
import { renderHistoryHtml } from '../../src/view/render-history-html.js';
import { pageParts } from './view-page.js';

const PNG = 'iVBORw0KGgo=';

describe('conversationView', () => {
  it('shows reasoning, server tools and inline images of an Anthropic history, and pairs its calls', () => {
    const view = conversationView(
      [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'Look it up.', signature: 'sig' },
            {
              type: 'server_tool_use',
              id: 'srvtoolu_1',
              name: 'web_search',
              input: { query: 'x' },
            },
            { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [] },
            { type: 'tool_use', id: 'toolu_1', name: 'lookup', input: { q: 'x' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: 'a cat', is_error: true },
          ],
        },
      ],
      { format: 'anthropic', title: 'cat' },
    );
    expect(view.issues).toEqual([]);
    expect(view.repaired).toBeUndefined();
    expect(view.messages.map((message) => message.parts.map((part) => part.kind))).toEqual([
      ['text', 'block'],
      ['reasoning', 'server-tool', 'server-tool', 'call'],
      ['result'],
    ]);
    expect(view.messages[0]?.parts[1]).toMatchObject({
      label: 'image',
      image: `data:image/png;base64,${PNG}`,
    });
    expect(view.messages[1]?.parts[3]).toEqual({
      kind: 'call',
      callId: 'toolu_1',
      name: 'lookup',
      arguments: { q: 'x' },
      status: 'error',
      resultIndex: 2,
      result: 'a cat',
    });
    expect(view.messages[2]?.parts[0]).toMatchObject({
      kind: 'result',
      isError: true,
      callIndex: 1,
    });
    expect(view.keys).toEqual(['toolu_1', 'lookup']);
  });

  it('marks an aiwrapper turn the integration synthesized, and a placeholder result', () => {
    const view = conversationView(
      [
        { role: 'user', items: [{ type: 'text', text: 'Weather?' }] },
        {
          role: 'assistant',
          items: [{ type: 'tool', callId: 'c1', name: 'get_weather', arguments: {} }],
          meta: { synthesizedToolCalls: true },
        },
        {
          role: 'tool-results',
          items: [{ type: 'tool-result', callId: 'c1', name: 'get_weather', result: 'aborted' }],
        },
      ],
      { format: 'aiwrapper' },
    );
    expect(view.messages.map((message) => [message.role, message.synthesized])).toEqual([
      ['user', false],
      ['assistant', true],
      ['tool-results', false],
    ]);
    expect(view.messages[2]?.parts[0]).toMatchObject({
      kind: 'result',
      placeholder: true,
      callIndex: 1,
    });
  });

  it('keeps the Responses item types as roles and marks what the repair changes', () => {
    const view = conversationView(
      [
        { role: 'user', content: 'hi' },
        { type: 'function_call', call_id: 'fc1', name: 'now', arguments: '{}' },
        { type: 'function_call_output', call_id: 'nope', output: 'late' },
      ],
      { format: 'openai-responses' },
    );
    expect(view.arrayName).toBe('input');
    expect(view.messages.map((message) => message.role)).toEqual([
      'user',
      'function_call',
      'function_call_output',
    ]);
    expect(view.issues.map((issue) => [issue.messageIndex, issue.code])).toEqual(
      [
        [1, 'missing-tool-result'],
        [2, 'orphan-tool-result'],
      ].sort(),
    );
    expect(view.fixes.length).toBeGreaterThan(0);
    // Kept messages name the input message they are; new or changed ones carry their JSON.
    expect(view.repaired?.[0]).toMatchObject({ keptFrom: 0, raw: undefined });
    expect(
      view.repaired?.filter((message) => message.keptFrom === undefined).length,
    ).toBeGreaterThan(0);
  });

  it('stores a long piece once: its place in the message JSON, else its first 1,000 characters', () => {
    const long = `${'a'.repeat(999)}\u{1F600}${'b'.repeat(4000)}`;
    const history = [
      { role: 'user', content: long },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'f', input: { long } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'short' }] },
    ];
    const view = conversationView(history, { format: 'anthropic' });
    expect(view.messages[0]?.parts).toEqual([{ kind: 'text', at: ['content'] }]);
    expect(view.messages[0]?.raw).toBe(history[0]);
    // An object's JSON text is no string of the message: it is clipped.
    expect(view.messages[1]?.parts[0]).toMatchObject({
      kind: 'call',
      arguments: `{"long":"${'a'.repeat(991)}… (4,012 more characters: see the message JSON)`,
    });
    // A short piece is stored itself: its place would be longer.
    expect(view.messages[2]?.parts[0]).toMatchObject({ kind: 'result', content: 'short' });
    expect(view.messages[2]?.parts[0]).not.toHaveProperty('at');
  });

  it('shows a history it cannot read with the reason instead of throwing', () => {
    const view = conversationView([42, 'text'], { format: 'anthropic' });
    expect(view.error).toMatch(/messages\[0\]/);
    expect(view.messages.map((message) => [message.role, message.raw])).toEqual([
      ['number', 42],
      ['string', 'text'],
    ]);
  });
});

describe('renderHistoryHtml with several conversations', () => {
  it('draws one page whose index holds each conversation, titled as given', () => {
    const html = renderHistoryHtml(
      {
        conversations: [
          { title: 'first', messages: [{ role: 'user', content: 'hi' }] },
          { messages: [{ role: 'tool', tool_call_id: 'orphan', content: 'x' }] },
        ],
      },
      { format: 'openai-chat', title: 'Two' },
    );
    const { conversations } = pageParts(html);
    expect(conversations.map((view) => [view.title, view.issues.length])).toEqual([
      ['first', 0],
      ['#2', 1],
    ]);
  });

  it('refuses what is neither messages nor { conversations }, naming both shapes', () => {
    for (const input of [null, 'x', { conversations: [{ title: 'no messages' }] }])
      expect(() => renderHistoryHtml(input as never)).toThrow(
        expect.objectContaining({
          code: 'invalid-input',
          message: expect.stringContaining('{ conversations'),
        }),
      );
  });
});
