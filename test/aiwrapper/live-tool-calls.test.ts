import { OpenAIChatCompletionsStreamHandler } from 'aiwrapper/dist/lang/openai/openai-chat-completions-stream-handler.js';
import { describe, expect, it } from 'vitest';
import { watchLangMessage } from '../../src/aiwrapper/live-tool-calls.js';
import type { ToolCallStreamEvent } from '../../src/core/stream/tool-call-stream-event.js';
import { fixtureEvents } from '../streaming/fixtures.js';

/** The events with each live call as it was when the event was pushed. */
function recorder(): { events: unknown[]; push: (event: ToolCallStreamEvent) => void } {
  const events: unknown[] = [];
  return {
    events,
    push: (event) => {
      events.push('call' in event ? { ...event, call: structuredClone(event.call) } : event);
    },
  };
}

const view = (index: number, callId: string, name: string, args: Record<string, unknown>) => ({
  index,
  callId,
  name,
  argumentsText: Object.keys(args).length === 0 ? '' : JSON.stringify(args),
  partialArguments: args,
  ended: false,
});

describe('watchLangMessage', () => {
  it("reports text, starts and argument changes from aiwrapper's own stream handler", async () => {
    const { events, push } = recorder();
    const onResult = watchLangMessage(push);
    const messages: unknown[] = [];
    const handler = new OpenAIChatCompletionsStreamHandler(messages as never, (message) => {
      onResult(message);
    });
    for (const event of await fixtureEvents('ollama-openai-compatible-same-index.sse'))
      handler.handleEvent(event);
    handler.handleEvent({ finished: true });
    const berlin = { city: 'Berlin' };
    expect(events).toEqual([
      { type: 'text-delta', delta: 'Let me check both.' },
      {
        type: 'tool-call-start',
        index: 0,
        callId: 'call_a1b2c3d4',
        name: 'current_date_time',
        call: view(0, 'call_a1b2c3d4', 'current_date_time', {}),
      },
      {
        type: 'tool-call-start',
        index: 1,
        callId: 'call_e5f6g7h8',
        name: 'get_temperature',
        call: view(1, 'call_e5f6g7h8', 'get_temperature', {}),
      },
      {
        type: 'tool-call-delta',
        index: 1,
        callId: 'call_e5f6g7h8',
        argumentsDelta: JSON.stringify(berlin),
        call: view(1, 'call_e5f6g7h8', 'get_temperature', berlin),
      },
    ]);
  });

  it('reports an arguments object only when it changes, and ignores other roles', () => {
    const { events, push } = recorder();
    const onResult = watchLangMessage(push);
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
    tool.arguments = { q: 'cats' };
    onResult(message);
    onResult({ role: 'user', items: [{ type: 'text', text: 'hi' }] });
    expect(events).toEqual([
      {
        type: 'tool-call-start',
        index: 0,
        callId: 'tool_call_0',
        name: 'search',
        call: view(0, 'tool_call_0', 'search', {}),
      },
      {
        type: 'tool-call-delta',
        index: 0,
        callId: 'tool_call_0',
        argumentsDelta: '{"q":"cats"}',
        call: view(0, 'tool_call_0', 'search', { q: 'cats' }),
      },
    ]);
  });
});
