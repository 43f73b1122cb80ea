/**
 * The main job, end to end: an aiwrapper agent loop against the embedded strict server (or a real
 * OpenAI-compatible endpoint: set OPENAI_BASE_URL, OPENAI_API_KEY and OPENAI_MODEL).
 *
 * 1. the naive loop on aiwrapper 3.0.3 alone, and the exact 400 it earns;
 * 2. the same loop with the explicit helpers;
 * 3. a reloaded conversation that lost its call turn, sent with `autoAssistantToolCalls`.
 */
import 'aiwrapper-tool-calls/register';
import {
  Lang,
  LangMessages,
  setHttpRequestImpl,
  type LangMessage,
  type ToolRequest,
  type ToolResult,
} from 'aiwrapper';
import { startStrictServer, type StrictServer } from 'aiwrapper-tool-calls/testing';

const tools = [
  {
    name: 'get_weather',
    description: 'Current weather for a city.',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
];

function runTools(calls: readonly ToolRequest[]): ToolResult[] {
  return calls.map((call) => ({
    toolId: call.callId,
    name: call.name,
    result: { city: call.arguments.city as unknown, sky: 'sunny', temp_c: 21 },
  }));
}

const weatherCalls = {
  toolCalls: [
    { name: 'get_weather', arguments: { city: 'Paris' } },
    { name: 'get_weather', arguments: { city: 'London' } },
  ],
};

function show(title: string, messages: LangMessages): void {
  console.log(`\n${title}`);
  for (const message of messages) console.log(`  ${describeMessage(message)}`);
}

function describeMessage(message: LangMessage): string {
  const synthesized = message.meta?.synthesizedToolCalls === true ? ' (synthesized)' : '';
  const parts = message.items.map((item) => {
    switch (item.type) {
      case 'text':
        return JSON.stringify(item.text);
      case 'tool':
        return `→ ${item.name}(${JSON.stringify(item.arguments)}) [${item.callId}]`;
      case 'tool-result':
        return `← [${item.callId}] ${JSON.stringify(item.result)}`;
      default:
        return `(${item.type})`;
    }
  });
  return `${message.role.padEnd(12)}${parts.join('  ')}${synthesized}`;
}

// aiwrapper's error keeps only the status; keep the provider's answer to show it whole.
let lastErrorBody = '';
setHttpRequestImpl(async (url, options) => {
  const response = await fetch(url, options);
  if (!response.ok) lastErrorBody = `${response.status} ${await response.clone().text()}`;
  return response;
});

async function main(): Promise<void> {
  const real = process.env.OPENAI_BASE_URL;
  let server: StrictServer | undefined;
  if (!real) server = await startStrictServer();
  const baseURL = real ?? server?.baseURL ?? '';
  const lang = Lang.openaiLike({
    baseURL,
    apiKey: process.env.OPENAI_API_KEY ?? 'local',
    model: process.env.OPENAI_MODEL ?? 'gpt-4o-mini',
  });
  console.log(
    real
      ? `Talking to ${real}.`
      : `Embedded strict OpenAI-compatible server on ${baseURL} (set OPENAI_BASE_URL to use a real one).`,
  );

  try {
    // 1. The naive loop: chat() already recorded the call turn and ToolNotFound results for tools
    //    without handlers; adding the real results after them makes orphan tool messages.
    server?.enqueue(weatherCalls, { text: 'Sunny in Paris and London.' });
    const naive = await lang.chat(new LangMessages('Weather in Paris and London?'), { tools });
    naive.addToolResultsMessage(
      runTools(naive.tools ?? []).map((r) => ({
        type: 'tool-result',
        callId: r.toolId,
        name: r.name,
        result: r.result as unknown,
      })),
    );
    try {
      await lang.chat(naive, { tools });
      show('1. Naive loop: accepted (this endpoint is lenient)', naive);
    } catch (error) {
      show('1. Naive loop: the history sent', naive);
      console.log(`  ✗ ${String(error)}\n  ✗ the endpoint answered: ${lastErrorBody}`);
    }

    // 2. The explicit helpers: one call turn, then the user's results in call order.
    server?.reset();
    server?.enqueue(weatherCalls, { text: 'Sunny in Paris and London.' });
    let result = await lang.chat(new LangMessages('Weather in Paris and London?'), { tools });
    if (result.tools && result.tools.length > 0) {
      result.addToolCallsAndResults(result.tools, runTools(result.tools));
      result = await lang.chat(result.messages, { tools });
    }
    show('2. addToolCallsAndResults: accepted', result);

    // 3. A conversation reloaded from storage that kept the results but lost the call turn.
    server?.reset();
    server?.enqueue({ text: 'It is sunny in Paris.' });
    const reloaded = new LangMessages('Weather in Paris?');
    reloaded.addToolResultsMessage([
      { type: 'tool-result', callId: 'call_7Hq2', name: 'get_weather', result: { sky: 'sunny' } },
    ]);
    await lang.chat(reloaded, { autoAssistantToolCalls: true });
    show('3. autoAssistantToolCalls: the missing call turn synthesized, accepted', reloaded);
    if (server)
      console.log(
        `\nThe server answered: ${server.requests.length} request(s) in the last step, statuses ${server.requests.map((r) => r.status).join(', ')}.`,
      );
  } finally {
    await server?.close();
  }
}

await main();
