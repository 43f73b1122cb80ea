import { LangMessage, LangMessages } from 'aiwrapper';
import { describe, expect, it } from 'vitest';
import {
  addAssistantToolCalls,
  addToolCallsAndResults,
  addToolUseMessage,
  latestToolCalls,
} from '../../src/aiwrapper/lang-messages-tool-calls.js';
import { missingResultPlaceholder } from '../../src/core/placeholder-result.js';
import { ToolHistoryError } from '../../src/errors/tool-history-error.js';
import { plain, sequentialIds } from '../helpers/lang-messages.js';

const notFound = (name: string) => ({
  error: true,
  name: 'ToolNotFound',
  message: `Tool "${name}" is not available. Available tools: none`,
});

/** The state `chat()` leaves behind when the model called two tools that have no handler. */
function afterChatWithoutHandlers(): LangMessages {
  const messages = new LangMessages('Weather in Paris and London?');
  messages.addAssistantItems([
    { type: 'tool', callId: 'call_a', name: 'get_weather', arguments: { city: 'Paris' } },
    { type: 'tool', callId: 'call_b', name: 'get_weather', arguments: { city: 'London' } },
  ]);
  messages.addToolResultsMessage([
    { type: 'tool-result', callId: 'call_a', name: 'get_weather', result: notFound('get_weather') },
    { type: 'tool-result', callId: 'call_b', name: 'get_weather', result: notFound('get_weather') },
  ]);
  return messages;
}

const user = { role: 'user', items: [{ type: 'text', text: 'Weather in Paris and London?' }] };
const callTurn = {
  role: 'assistant',
  items: [
    { type: 'tool', callId: 'call_a', name: 'get_weather', arguments: { city: 'Paris' } },
    { type: 'tool', callId: 'call_b', name: 'get_weather', arguments: { city: 'London' } },
  ],
};

describe('addAssistantToolCalls', () => {
  it('adds one assistant turn holding every call, keeping given ids', () => {
    const messages = new LangMessages('hi');
    const returned = addAssistantToolCalls(messages, [
      { callId: 'call_a', name: 'get_weather', arguments: { city: 'Paris' } },
      { callId: 'call_b', name: 'get_weather', arguments: { city: 'London' } },
    ]);
    expect(returned).toBe(messages);
    expect(plain(messages)).toEqual([
      { role: 'user', items: [{ type: 'text', text: 'hi' }] },
      callTurn,
    ]);
  });

  it('is idempotent: the latest turn already holding the calls adds nothing', () => {
    const messages = afterChatWithoutHandlers();
    const before = plain(messages);
    addAssistantToolCalls(messages, latestToolCalls(messages));
    addAssistantToolCalls(messages, latestToolCalls(messages));
    expect(plain(messages)).toEqual(before);
  });

  it('assigns unique ids to calls without one (Gemini, Ollama) and replaces an id repeated within the turn', () => {
    const messages = new LangMessages('hi');
    addAssistantToolCalls(
      messages,
      [
        { name: 'now', args: {} },
        { name: 'now', args: {} },
        { id: 'exec_0', function: { name: 'a', arguments: '{}' } },
        { id: 'exec_0', function: { name: 'b', arguments: '{}' } },
      ],
      { generateId: sequentialIds('id') },
    );
    expect(messages[1]?.toolRequests.map((call) => call.callId)).toEqual([
      'id1',
      'id2',
      'exec_0',
      'id3',
    ]);
  });

  it('reads OpenAI, Vercel, Anthropic and aiwrapper shapes into aiwrapper tool items', () => {
    const messages = new LangMessages('hi');
    addAssistantToolCalls(messages, [
      { id: 'c1', type: 'function', function: { name: 'f', arguments: '{"x":1}' } },
      { type: 'tool-call', toolCallId: 'c2', toolName: 'g', input: { y: 2 } },
      { type: 'tool_use', id: 'c3', name: 'h', input: { z: 3 } },
      { type: 'tool', callId: 'c4', name: 'i', arguments: { w: 4 }, thoughtSignature: 'sig' },
    ]);
    expect(messages[1]?.items).toEqual([
      { type: 'tool', callId: 'c1', name: 'f', arguments: { x: 1 } },
      { type: 'tool', callId: 'c2', name: 'g', arguments: { y: 2 } },
      { type: 'tool', callId: 'c3', name: 'h', arguments: { z: 3 } },
      { type: 'tool', callId: 'c4', name: 'i', arguments: { w: 4 }, thoughtSignature: 'sig' },
    ]);
  });

  it('rejects a value that is not a tool call, naming its index, and writes nothing', () => {
    const messages = new LangMessages('hi');
    expect(() =>
      addAssistantToolCalls(messages, [{ callId: 'a', name: 'f' }, { callId: 'b' }]),
    ).toThrow(
      expect.objectContaining({
        code: 'invalid-input',
        message: expect.stringContaining('tools[1] is not a tool call'),
      }),
    );
    expect(messages).toHaveLength(1);
  });

  it("rejects a mix of the latest turn's calls and new ones", () => {
    const messages = afterChatWithoutHandlers();
    expect(() =>
      addAssistantToolCalls(messages, [
        { callId: 'call_a', name: 'get_weather', arguments: { city: 'Paris' } },
        { callId: 'call_z', name: 'other', arguments: {} },
      ]),
    ).toThrow(
      expect.objectContaining({
        code: 'invalid-input',
        message: expect.stringContaining('tools[1] (other, call "call_z")'),
      }),
    );
    expect(messages).toHaveLength(3);
  });
});

describe('addToolCallsAndResults', () => {
  it('replaces the ToolNotFound placeholders chat() recorded, in call order, with no second turn', () => {
    const messages = afterChatWithoutHandlers();
    addToolCallsAndResults(messages, latestToolCalls(messages), [
      { toolId: 'call_b', name: 'get_weather', result: { temp: 14 } },
      { toolId: 'call_a', name: 'get_weather', result: { temp: 21 } },
    ]);
    expect(plain(messages)).toEqual([
      user,
      callTurn,
      {
        role: 'tool-results',
        items: [
          { type: 'tool-result', callId: 'call_a', name: 'get_weather', result: { temp: 21 } },
          { type: 'tool-result', callId: 'call_b', name: 'get_weather', result: { temp: 14 } },
        ],
      },
    ]);
  });

  it('adds a new turn and its results when the calls are new', () => {
    const messages = new LangMessages('Weather in Paris and London?');
    addToolCallsAndResults(messages, callTurn.items, [
      { type: 'tool-result', callId: 'call_a', name: 'get_weather', result: 'sunny' },
      { type: 'tool-result', callId: 'call_b', name: 'get_weather', result: 'rain' },
    ]);
    expect(plain(messages)).toEqual([
      user,
      callTurn,
      {
        role: 'tool-results',
        items: [
          { type: 'tool-result', callId: 'call_a', name: 'get_weather', result: 'sunny' },
          { type: 'tool-result', callId: 'call_b', name: 'get_weather', result: 'rain' },
        ],
      },
    ]);
  });

  it('pairs results by position when no call and no result has an id', () => {
    const messages = new LangMessages('hi');
    addToolCallsAndResults(
      messages,
      [
        { name: 'now', args: {} },
        { name: 'today', args: {} },
      ],
      [{ result: '12:00' }, { result: 'Monday' }],
      {
        generateId: sequentialIds('id'),
      },
    );
    expect(plain(messages).slice(1)).toEqual([
      {
        role: 'assistant',
        items: [
          { type: 'tool', callId: 'id1', name: 'now', arguments: {} },
          { type: 'tool', callId: 'id2', name: 'today', arguments: {} },
        ],
      },
      {
        role: 'tool-results',
        items: [
          { type: 'tool-result', callId: 'id1', name: 'now', result: '12:00' },
          { type: 'tool-result', callId: 'id2', name: 'today', result: 'Monday' },
        ],
      },
    ]);
  });

  it('pairs results of repeated ids with the calls in order (llama.cpp sends one constant id)', () => {
    const messages = new LangMessages('hi');
    addToolCallsAndResults(
      messages,
      [
        { id: 'call', function: { name: 'a', arguments: '{}' } },
        { id: 'call', function: { name: 'b', arguments: '{}' } },
      ],
      [
        { role: 'tool', tool_call_id: 'call', content: 'A' },
        { role: 'tool', tool_call_id: 'call', content: 'B' },
      ],
      { generateId: sequentialIds('id') },
    );
    expect(messages[2]?.items).toEqual([
      { type: 'tool-result', callId: 'call', name: 'a', result: 'A' },
      { type: 'tool-result', callId: 'id1', name: 'b', result: 'B' },
    ]);
  });

  it('keeps a result aiwrapper recorded by running a handler and fills a call left without one', () => {
    const messages = new LangMessages('hi');
    messages.addAssistantItems([
      { type: 'tool', callId: 'h', name: 'handled', arguments: {} },
      { type: 'tool', callId: 'u', name: 'unhandled', arguments: {} },
      { type: 'tool', callId: 'v', name: 'unhandled', arguments: {} },
    ]);
    messages.addToolResultsMessage([
      { type: 'tool-result', callId: 'h', name: 'handled', result: 42 },
      { type: 'tool-result', callId: 'u', name: 'unhandled', result: notFound('unhandled') },
    ]);
    addToolCallsAndResults(messages, latestToolCalls(messages), [
      { toolId: 'u', name: 'unhandled', result: 'done' },
    ]);
    expect(messages[2]?.items).toEqual([
      { type: 'tool-result', callId: 'h', name: 'handled', result: 42 },
      { type: 'tool-result', callId: 'u', name: 'unhandled', result: 'done' },
      {
        type: 'tool-result',
        callId: 'v',
        name: 'unhandled',
        result: missingResultPlaceholder('unhandled'),
      },
    ]);
  });

  it('accepts the same real result twice (idempotent) but rejects a second, different one without writing', () => {
    const messages = afterChatWithoutHandlers();
    const results = [
      { toolId: 'call_a', name: 'get_weather', result: 'sunny' },
      { toolId: 'call_b', name: 'get_weather', result: 'rain' },
    ];
    addToolCallsAndResults(messages, latestToolCalls(messages), results);
    const once = plain(messages);
    addToolCallsAndResults(messages, latestToolCalls(messages), results);
    expect(plain(messages)).toEqual(once);
    expect(() =>
      addToolCallsAndResults(messages, latestToolCalls(messages), [
        { toolId: 'call_a', name: 'get_weather', result: 'snow' },
      ]),
    ).toThrow(
      new ToolHistoryError(
        'duplicate-result',
        'Call "call_a" already has a result at messages[2]; results[0] is a second, different result for it. Each call takes one result: remove one of them.',
      ),
    );
    expect(plain(messages)).toEqual(once);
  });

  it('rejects two results for one call in the same input', () => {
    const messages = afterChatWithoutHandlers();
    expect(() =>
      addToolCallsAndResults(messages, latestToolCalls(messages), [
        { toolId: 'call_a', name: 'get_weather', result: 1 },
        { toolId: 'call_a', name: 'get_weather', result: 2 },
      ]),
    ).toThrow(
      expect.objectContaining({
        code: 'duplicate-result',
        message: expect.stringContaining('results[1] answers call "call_a" a second time'),
      }),
    );
  });

  it("rejects a result for a call the turn does not hold, naming the turn's ids", () => {
    const messages = afterChatWithoutHandlers();
    expect(() =>
      addToolCallsAndResults(messages, latestToolCalls(messages), [
        { toolId: 'call_x', name: 'f', result: 1 },
      ]),
    ).toThrow(
      expect.objectContaining({
        code: 'unknown-call',
        message: expect.stringContaining(
          'results[0] answers call "call_x", which is not among the calls of this turn (call_a, call_b)',
        ),
      }),
    );
  });

  it('puts the results directly after the turn when another message followed it', () => {
    const messages = new LangMessages('hi');
    messages.addAssistantItems([{ type: 'tool', callId: 'c', name: 'f', arguments: {} }]);
    messages.addUserMessage('still there?');
    addToolUseMessage(messages, [{ toolId: 'c', name: 'f', result: 'ok' }]);
    expect(plain(messages).map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool-results',
      'user',
    ]);
  });
});

describe('addToolCallsAndResults over a long conversation', () => {
  it('never generates an id that messages added since the last call hold, by any means', () => {
    const messages = new LangMessages('hi');
    const generateId = sequentialIds('id');
    addToolCallsAndResults(messages, [{ name: 'f', arguments: { n: 1 } }], [{ result: 1 }], {
      generateId,
    });
    // What the user adds with aiwrapper's own methods and the array's, between two helper calls.
    messages.addAssistantItems([{ type: 'tool', callId: 'id2', name: 'f', arguments: {} }]);
    messages.addToolResultsMessage([{ type: 'tool-result', callId: 'id2', name: 'f', result: 2 }]);
    messages.splice(
      1,
      0,
      new LangMessage('assistant', [{ type: 'tool', callId: 'id3', name: 'f', arguments: {} }]),
    );
    addToolCallsAndResults(messages, [{ name: 'f', arguments: { n: 2 } }], [{ result: 4 }], {
      generateId,
    });
    expect(messages[messages.length - 2]?.toolRequests.map((item) => item.callId)).toEqual(['id4']);
  });

  it('treats a second call with the same 300 calls and results as a no-op', () => {
    const calls = Array.from({ length: 300 }, (_, index) => ({
      callId: `call_${String(index)}`,
      name: index % 2 === 0 ? 'get_weather' : 'search',
      arguments: { index },
    }));
    const results = calls.map((call) => ({ toolId: call.callId, name: call.name, result: 'ok' }));
    const messages = new LangMessages('hi');
    addToolCallsAndResults(messages, calls, results);
    const once = plain(messages);
    addToolCallsAndResults(messages, calls, results);
    expect(plain(messages)).toEqual(once);
    expect(once).toHaveLength(3);
    expect(once[2]?.items).toHaveLength(300);
  });

  it('matches calls without ids to the latest turn by name and arguments, in order', () => {
    const calls = Array.from({ length: 100 }, (_, index) => ({
      name: 'f',
      arguments: { city: index % 3 === 0 ? 'Paris' : 'Rome' },
    }));
    const messages = new LangMessages('hi');
    addAssistantToolCalls(messages, calls);
    const turn = plain(messages);
    addToolCallsAndResults(
      messages,
      calls,
      calls.map((_, index) => ({ result: index })),
    );
    expect(plain(messages).slice(0, 2)).toEqual(turn);
    const ids = messages[1]?.toolRequests.map((item) => item.callId);
    expect(messages[2]?.toolResults.map((item): unknown[] => [item.callId, item.result])).toEqual(
      ids?.map((id, index) => [id, index]),
    );
  });
});

describe('addToolUseMessage', () => {
  it('merges results for the latest turn into what chat() recorded', () => {
    const messages = afterChatWithoutHandlers();
    addToolUseMessage(messages, [
      { toolId: 'call_a', name: 'get_weather', result: 'sunny' },
      { toolId: 'call_b', name: 'get_weather', result: 'rain' },
    ]);
    expect(plain(messages)).toHaveLength(3);
    expect(messages[2]?.toolResults.map((item): unknown => item.result)).toEqual(['sunny', 'rain']);
  });

  it('appends results for calls the latest turn does not hold, as the old API did', () => {
    const messages = new LangMessages('hi');
    messages.addAssistantMessage('Let me check.');
    addToolUseMessage(messages, [{ toolId: 'c9', name: 'f', result: 'x' }]);
    expect(plain(messages)[2]).toEqual({
      role: 'tool-results',
      items: [{ type: 'tool-result', callId: 'c9', name: 'f', result: 'x' }],
    });
  });
});

describe('latestToolCalls', () => {
  it("returns the latest assistant turn's calls, or null when it requested none", () => {
    const messages = afterChatWithoutHandlers();
    expect(latestToolCalls(messages)).toEqual([
      { callId: 'call_a', name: 'get_weather', arguments: { city: 'Paris' } },
      { callId: 'call_b', name: 'get_weather', arguments: { city: 'London' } },
    ]);
    messages.push(new LangMessage('assistant', 'It is sunny in Paris.'));
    expect(latestToolCalls(messages)).toBeNull();
    expect(latestToolCalls(new LangMessages('hi'))).toBeNull();
  });
});
