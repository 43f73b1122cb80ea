import { describe, expect, it } from 'vitest';
import { pairToolCalls } from '../../src/pairs/pair-tool-calls.js';

const call = (id: string, name = 'get_weather', args = '{}') => ({
  id,
  type: 'function',
  function: { name, arguments: args },
});

describe('pairToolCalls', () => {
  it('pairs results that arrive in a different order than their calls', () => {
    const messages = [
      { role: 'user', content: 'Paris and Rome?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          call('call_1', 'get_weather', '{"city":"Paris"}'),
          call('call_2', 'get_weather', '{"city":"Rome"}'),
        ],
      },
      { role: 'tool', tool_call_id: 'call_2', content: 'sunny' },
      { role: 'tool', tool_call_id: 'call_1', content: 'rain' },
    ];
    expect(pairToolCalls(messages)).toEqual({
      pairs: [
        {
          callId: 'call_1',
          name: 'get_weather',
          arguments: { city: 'Paris' },
          status: 'ok',
          turn: 0,
          callMessageIndex: 1,
          result: { messageIndex: 3, content: 'rain', isError: false },
        },
        {
          callId: 'call_2',
          name: 'get_weather',
          arguments: { city: 'Rome' },
          status: 'ok',
          turn: 0,
          callMessageIndex: 1,
          result: { messageIndex: 2, content: 'sunny', isError: false },
        },
      ],
      unpaired: [],
    });
  });

  it('pairs an id reused in a later turn (Kimi exec_0) with its own turn', () => {
    const messages = [
      { role: 'assistant', content: null, tool_calls: [call('exec_0', 'now')] },
      { role: 'tool', tool_call_id: 'exec_0', content: '10:00' },
      { role: 'assistant', content: 'It is 10:00.' },
      { role: 'user', content: 'And now?' },
      { role: 'assistant', content: null, tool_calls: [call('exec_0', 'now')] },
      { role: 'tool', tool_call_id: 'exec_0', content: '10:05' },
    ];
    expect(pairToolCalls(messages, { format: 'openai-chat' }).pairs).toEqual([
      {
        callId: 'exec_0',
        name: 'now',
        arguments: {},
        status: 'ok',
        turn: 0,
        callMessageIndex: 0,
        result: { messageIndex: 1, content: '10:00', isError: false },
      },
      {
        callId: 'exec_0',
        name: 'now',
        arguments: {},
        status: 'ok',
        turn: 1,
        callMessageIndex: 4,
        result: { messageIndex: 5, content: '10:05', isError: false },
      },
    ]);
  });

  it('marks a call without a result pending, keeps malformed argument text, and lists an orphan result as unpaired', () => {
    const messages = [
      {
        role: 'assistant',
        content: null,
        tool_calls: [call('call_1', 'search', '{"q": "unterminated')],
      },
      { role: 'user', content: 'never mind' },
      { role: 'tool', tool_call_id: 'call_1', content: 'late' },
    ];
    expect(pairToolCalls(messages)).toEqual({
      pairs: [
        {
          callId: 'call_1',
          name: 'search',
          arguments: {},
          argumentsText: '{"q": "unterminated',
          status: 'pending',
          turn: 0,
          callMessageIndex: 0,
          result: undefined,
        },
      ],
      unpaired: [{ callId: 'call_1', name: '', messageIndex: 2, content: 'late', isError: false }],
    });
  });

  it('reports an Anthropic is_error result as status error, with block-holding message indexes', () => {
    const messages = [
      { role: 'user', content: 'read it' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Reading.' },
          { type: 'tool_use', id: 'toolu_1', name: 'read_file', input: { path: 'a.txt' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: 'ENOENT', is_error: true },
          { type: 'text', text: 'hm' },
        ],
      },
    ];
    expect(pairToolCalls(messages, { format: 'anthropic' })).toEqual({
      pairs: [
        {
          callId: 'toolu_1',
          name: 'read_file',
          arguments: { path: 'a.txt' },
          status: 'error',
          turn: 0,
          callMessageIndex: 1,
          result: { messageIndex: 2, content: 'ENOENT', isError: true },
        },
      ],
      unpaired: [],
    });
  });

  it('pairs Anthropic calls split over consecutive assistant messages with the user turn after them (the API merges them)', () => {
    const messages = [
      { role: 'user', content: 'go' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_a', name: 'f', input: {} }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_b', name: 'g', input: {} }] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_b', content: 'b' },
          { type: 'tool_result', tool_use_id: 'toolu_a', content: 'a' },
        ],
      },
    ];
    const { pairs, unpaired } = pairToolCalls(messages, { format: 'anthropic' });
    expect(unpaired).toEqual([]);
    expect(pairs.map((pair) => [pair.callId, pair.status, pair.result?.content])).toEqual([
      ['toolu_a', 'ok', 'a'],
      ['toolu_b', 'ok', 'b'],
    ]);
  });

  it('points at each Responses item, calls and outputs alike, and pairs across the whole input', () => {
    const input = [
      { role: 'user', content: 'go' },
      { type: 'message', role: 'assistant', content: 'Checking both.' },
      { type: 'function_call', call_id: 'fc_a', name: 'now', arguments: '{}' },
      { type: 'function_call', call_id: 'fc_b', name: 'search', arguments: '{"q":"x"}' },
      { type: 'function_call_output', call_id: 'fc_a', output: '10:00' },
      { role: 'user', content: 'and the search?' },
      { type: 'function_call_output', call_id: 'fc_b', output: 'found' },
    ];
    expect(pairToolCalls(input, { format: 'openai-responses' }).pairs).toEqual([
      {
        callId: 'fc_a',
        name: 'now',
        arguments: {},
        status: 'ok',
        turn: 0,
        callMessageIndex: 2,
        result: { messageIndex: 4, content: '10:00', isError: false },
      },
      {
        callId: 'fc_b',
        name: 'search',
        arguments: { q: 'x' },
        status: 'ok',
        turn: 0,
        callMessageIndex: 3,
        result: { messageIndex: 6, content: 'found', isError: false },
      },
    ]);
  });

  it('does not modify its input', () => {
    const messages = [
      { role: 'assistant', content: null, tool_calls: [call('a')] },
      { role: 'tool', tool_call_id: 'a', content: 'x' },
    ];
    const copy = structuredClone(messages);
    pairToolCalls(messages);
    expect(messages).toEqual(copy);
  });
  it('pairs a result with the call of its own turn when an unanswered id is repeated later (Anthropic)', () => {
    const use = (id: string) => ({ type: 'tool_use', id, name: 'get_weather', input: {} });
    const result = (id: string) => ({ type: 'tool_result', tool_use_id: id, content: 'ok' });
    const messages = [
      { role: 'user', content: 'Weather?' },
      { role: 'assistant', content: [use('toolu_a'), use('toolu_x')] },
      { role: 'user', content: [result('toolu_a')] },
      { role: 'assistant', content: [use('toolu_x')] },
      { role: 'user', content: [result('toolu_x')] },
    ];
    const { pairs } = pairToolCalls(messages, { format: 'anthropic' });
    expect(
      pairs.map((pair) => [pair.callMessageIndex, pair.callId, pair.result?.messageIndex]),
    ).toEqual([
      [1, 'toolu_a', 2],
      [1, 'toolu_x', undefined],
      [3, 'toolu_x', 4],
    ]);
  });
});
