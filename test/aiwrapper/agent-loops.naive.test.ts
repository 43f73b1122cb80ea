// The same pre-3.0 loops on aiwrapper 3.0.3 WITHOUT aiwrapper-tool-calls: the old methods are
// ported the two ways users port them, and each goes wrong. agent-loops.test.ts runs the same
// loops with the package registered and gets a clean history accepted.
import {
  Lang,
  LangMessage,
  LangMessages,
  type LangMessageItemToolResult,
  type ToolResult,
} from 'aiwrapper';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StrictServer } from '../../src/testing/index.js';
import { withStrictServer } from '../helpers/strict-server.js';
import { nonStreamingLoop, streamingLoop, weatherTools } from '../helpers/agent-loops.js';

const proto = LangMessages.prototype as unknown as Record<string, unknown>;
const toItems = (results: readonly ToolResult[]): LangMessageItemToolResult[] =>
  results.map((result) => ({
    type: 'tool-result',
    callId: result.toolId,
    name: result.name,
    result: result.result,
  }));

function define(methods: Record<string, (this: LangMessages, ...args: never[]) => unknown>): void {
  Object.defineProperty(proto, 'tools', {
    configurable: true,
    get(this: LangMessages) {
      const last = [...this].reverse().find((message) => message.role === 'assistant');
      return last && last.toolRequests.length > 0 ? last.toolRequests : null;
    },
  });
  Object.defineProperty(proto, 'messages', {
    configurable: true,
    get(this: LangMessages) {
      return this;
    },
  });
  for (const [name, value] of Object.entries(methods))
    Object.defineProperty(proto, name, { configurable: true, value });
}

/** Port by deletion: 3.0.3's chat() already records the call turn, so only results are added. */
function portByDeletion(): void {
  define({
    addAssistantToolCalls(this: LangMessages) {
      return this;
    },
    addToolUseMessage(this: LangMessages, results: ToolResult[]) {
      return this.addToolResultsMessage(toItems(results));
    },
    addToolCallsAndResults(this: LangMessages, _tools: never, results: ToolResult[]) {
      return this.addToolResultsMessage(toItems(results));
    },
  });
}

/** Literal port: the old methods do what their names say, on top of what chat() recorded. */
function literalPort(): void {
  define({
    addAssistantToolCalls(this: LangMessages, tools: LangMessage['toolRequests']) {
      return this.addAssistantItems(tools.map((tool) => ({ ...tool, type: 'tool' as const })));
    },
    addToolUseMessage(this: LangMessages, results: ToolResult[]) {
      return this.addToolResultsMessage(toItems(results));
    },
    addToolCallsAndResults(
      this: LangMessages,
      tools: LangMessage['toolRequests'],
      results: ToolResult[],
    ) {
      this.addAssistantItems(tools.map((tool) => ({ ...tool, type: 'tool' as const })));
      return this.addToolResultsMessage(toItems(results));
    },
  });
}

describe('the pre-3.0 agent loops on aiwrapper 3.0.3 without aiwrapper-tool-calls', () => {
  const server = withStrictServer({ route: false });
  beforeEach(() => {
    server.enqueue(
      {
        toolCalls: [
          { id: 'call_paris', name: 'get_weather', arguments: { city: 'Paris' } },
          { id: 'call_london', name: 'get_weather', arguments: { city: 'London' } },
        ],
      },
      { text: 'Sunny in both.' },
    );
  });
  afterEach(() => {
    for (const name of [
      'tools',
      'messages',
      'addAssistantToolCalls',
      'addToolUseMessage',
      'addToolCallsAndResults',
    ])
      Reflect.deleteProperty(proto, name);
  });
  const lang = () =>
    Lang.openaiLike({ apiKey: 'test', model: 'gpt-4o-mini', baseURL: server.baseURL });

  for (const [name, loop] of [
    ['non-streaming', nonStreamingLoop],
    ['streaming', streamingLoop],
  ] as const) {
    it(`${name}, ported by deletion: OpenAI answers 400, the results follow chat()'s ToolNotFound results`, async () => {
      portByDeletion();
      await expect(
        loop(lang(), new LangMessages('Weather in Paris and London?'), weatherTools),
      ).rejects.toThrow();
      expect(server.requests.map((request) => request.status)).toEqual([200, 400]);
      expect(await lastErrorBody(server)).toEqual({
        error: {
          // The real result repeats the id chat() answered with ToolNotFound at messages[2].
          message:
            "Invalid parameter: Duplicate value for 'tool_call_id' of 'call_paris', in messages[2] and messages[4].",
          type: 'invalid_request_error',
          param: 'messages.[4].tool_call_id',
          code: null,
        },
      });
    });

    it(`${name}, ported literally: accepted, but the model sees the call turn twice and ToolNotFound results`, async () => {
      literalPort();
      await loop(lang(), new LangMessages('Weather in Paris and London?'), weatherTools);
      const sent = (server.requests[1]?.body as { messages: { role: string; content: string }[] })
        .messages;
      expect(sent.map((message) => message.role)).toEqual([
        'user',
        'assistant',
        'tool',
        'tool',
        'assistant',
        'tool',
        'tool',
      ]);
      expect(sent[2]?.content).toContain('ToolNotFound');
    });
  }
});

/** Replays the last request to read the error body the server gave it. */
async function lastErrorBody(server: StrictServer): Promise<unknown> {
  const response = await fetch(`${server.baseURL}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(server.lastRequest?.body),
  });
  return response.json();
}
