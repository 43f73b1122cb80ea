import { OpenAIChatCompletionsStreamHandler } from 'aiwrapper/dist/lang/openai/openai-chat-completions-stream-handler.js';
import { describe, expect, it } from 'vitest';
import {
  watchLangMessageToolCalls,
  type LangMessageToolCallEvent,
} from '../../src/streaming/watch-lang-message-tool-calls.js';
import { fixtureEvents } from './fixtures.js';

describe('watchLangMessageToolCalls', () => {
  it("reports starts, argument updates and text from aiwrapper's own stream handler", async () => {
    const events: LangMessageToolCallEvent[] = [];
    const onResult = watchLangMessageToolCalls((event) => events.push(event));
    const messages: unknown[] = [];
    const handler = new OpenAIChatCompletionsStreamHandler(messages as never, (message) => {
      onResult(message);
    });
    for (const event of await fixtureEvents('ollama-openai-compatible-same-index.sse'))
      handler.handleEvent(event);
    handler.handleEvent({ finished: true });
    expect(events).toEqual([
      { type: 'text-delta', delta: 'Let me check both.' },
      { type: 'tool-call-start', index: 0, callId: 'call_a1b2c3d4', name: 'current_date_time' },
      { type: 'tool-call-start', index: 1, callId: 'call_e5f6g7h8', name: 'get_temperature' },
      {
        type: 'tool-call-update',
        index: 1,
        callId: 'call_e5f6g7h8',
        name: 'get_temperature',
        arguments: { city: 'Berlin' },
      },
      // aiwrapper re-parses every buffer once more when the stream finishes, replacing the objects.
      {
        type: 'tool-call-update',
        index: 0,
        callId: 'call_a1b2c3d4',
        name: 'current_date_time',
        arguments: {},
      },
      {
        type: 'tool-call-update',
        index: 1,
        callId: 'call_e5f6g7h8',
        name: 'get_temperature',
        arguments: { city: 'Berlin' },
      },
    ]);
  });

  it('reports an arguments object only when aiwrapper replaces it, and ignores other roles', () => {
    const events: LangMessageToolCallEvent[] = [];
    const onResult = watchLangMessageToolCalls((event) => events.push(event));
    const tool = {
      type: 'tool',
      callId: 'tool_call_0',
      name: 'search',
      arguments: {} as Record<string, unknown>,
    };
    const message = { role: 'assistant', items: [tool] };
    onResult(message);
    onResult(message);
    tool.arguments = { q: 'cats' };
    onResult(message);
    onResult({ role: 'user', items: [{ type: 'text', text: 'hi' }] });
    expect(events).toEqual([
      { type: 'tool-call-start', index: 0, callId: 'tool_call_0', name: 'search' },
      {
        type: 'tool-call-update',
        index: 0,
        callId: 'tool_call_0',
        name: 'search',
        arguments: { q: 'cats' },
      },
    ]);
  });
});
